/** Reads of the new-share screens from Dexie, one useLiveQuery each. */
import { useLiveQuery } from 'dexie-react-hooks'
import { type IpoApplication, type IpoIssue, type IpoKind, applicationsKey, issuesKey, storedApplications, storedIssues } from '../../data/ipo'
import { type OutboxItem } from '../../data/db'
import { pendingItems } from '../../data/outbox'
import { useLastSynced } from '../../app/queries'

/** The issues of `kind` as last fetched, newest window first; null when never fetched here. */
export function useIssues(kind: IpoKind): IpoIssue[] | null | undefined {
  return useLiveQuery(() => storedIssues(kind), [kind])
}

export function useIssuesSynced(kind: IpoKind): number | null | undefined {
  return useLastSynced(issuesKey(kind))
}

/** The account's applications as last fetched, newest first; null when never fetched here. */
export function useApplications(account: string | null | undefined): IpoApplication[] | null | undefined {
  return useLiveQuery(async () => (account ? storedApplications(account) : null), [account])
}

export function useApplicationsSynced(account: string | null | undefined): number | null | undefined {
  return useLastSynced(account ? applicationsKey(account) : null)
}

/** Applications, payments and waivers queued on this device and not answered yet. */
export function useQueuedIpo(account: string | null | undefined): OutboxItem[] | undefined {
  return useLiveQuery(async () => (account ? pendingItems(account, ['ipo.subscribe', 'ipo.pay', 'ipo.waive']) : []), [account])
}
