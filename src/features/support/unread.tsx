/**
 * The unread count of customer-service replies for the badges outside the support screens (the
 * account menu, the home grid): one Dexie read of the stored thread list, without the support
 * screens' code, so the screens that show the badge stay small.
 */
import { useLiveQuery } from 'dexie-react-hooks'
import { db, metaKeys } from '../../data/db'

/** Unread operator replies over all the account's threads as last fetched; 0 when never fetched. */
export function useSupportUnread(account: string | null | undefined): number {
  const unread = useLiveQuery(async () => {
    if (!account) return 0
    const value: unknown = (await db.meta.get(metaKeys.supportThreads(account)))?.value
    const n: unknown = typeof value === 'object' && value !== null ? Reflect.get(value, 'unread') : 0
    return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : 0
  }, [account])
  return unread ?? 0
}

/** Fetches the thread list (and so the unread count) without loading the support screens' code up front. */
export function refreshSupportUnread(): void {
  void import('../../data/support').then((m) => m.refreshSupportThreads()).catch(() => undefined)
}

/** The unread count as a small red number (app.css .count-badge), or nothing at zero. */
export function SupportUnreadBadge({ account, testId }: { account: string | null | undefined; testId: string }) {
  const count = useSupportUnread(account)
  return count > 0 ? <span className="count-badge" data-testid={testId} data-count={count}>{count}</span> : null
}
