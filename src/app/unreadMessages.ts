/**
 * The signed-in account's unread inbox messages, read from Dexie (the stored /inbox/list page, see
 * data/inbox.ts): the account tab's badge and the account menu's count. Tiny on purpose: the bottom
 * bar is on the first route, so it reads the one number without the inbox module's restorers.
 */
import { useLiveQuery } from 'dexie-react-hooks'
import { db, metaKeys } from '../data/db'

export function useUnreadMessages(account: string | null | undefined): number {
  return (
    useLiveQuery(async () => {
      if (!account) return 0
      const value: unknown = (await db.meta.get(metaKeys.inbox(account)))?.value
      const n: unknown = typeof value === 'object' && value !== null ? Reflect.get(value, 'unread') : undefined
      return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : 0
    }, [account]) ?? 0
  )
}
