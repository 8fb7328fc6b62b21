/**
 * Unread counts the badges show, read from Dexie: one number off a stored list (its `unread`),
 * without the list's module and restorers, because the bottom bar is on the first route. The
 * inbox (/inbox/list, data/inbox.ts) gives the account tab's; customer service's thread list
 * (/support/threads, data/support.ts) the support badges'.
 */
import { useLiveQuery } from 'dexie-react-hooks'
import { db, metaKeys } from '../data/db'

/** The `unread` of the list stored under `key`; 0 when there is none or it is not a count. */
function useStoredUnread(key: string | null): number {
  return (
    useLiveQuery(async () => {
      if (!key) return 0
      const value: unknown = (await db.meta.get(key))?.value
      const n: unknown = typeof value === 'object' && value !== null ? Reflect.get(value, 'unread') : undefined
      return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : 0
    }, [key]) ?? 0
  )
}

/** The signed-in account's unread inbox messages: the account tab's badge and the menu's count. */
export function useUnreadMessages(account: string | null | undefined): number {
  return useStoredUnread(account ? metaKeys.inbox(account) : null)
}

/** Unread operator replies over all the account's support threads, as last fetched. */
export function useSupportUnread(account: string | null | undefined): number {
  return useStoredUnread(account ? metaKeys.supportThreads(account) : null)
}
