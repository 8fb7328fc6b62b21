/**
 * The unread count of customer-service replies for the badges outside the support screens (the
 * account menu, the home grid), without the support screens' code, so the screens that show the
 * badge stay small.
 */
import { useSupportUnread } from '../../app/unreadMessages'

/** Fetches the thread list (and so the unread count) without loading the support screens' code up front. */
export function refreshSupportUnread(): void {
  void import('../../data/support').then((m) => m.refreshSupportThreads()).catch(() => undefined)
}

/** The unread count as a small red number (app.css .count-badge), or nothing at zero. */
export function SupportUnreadBadge({ account, testId }: { account: string | null | undefined; testId: string }) {
  const count = useSupportUnread(account)
  return count > 0 ? <span className="count-badge" data-testid={testId} data-count={count}>{count}</span> : null
}
