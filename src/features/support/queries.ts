/** Reads of the customer-service screens from Dexie, one useLiveQuery each, and the published rules they show. */
import { useLiveQuery } from 'dexie-react-hooks'
import { type OutboxItem, db } from '../../data/db'
import { pendingItems } from '../../data/outbox'
import {
  type StoredSupportThread,
  type StoredSupportThreads,
  type SupportGuest,
  storedSupportGuest,
  storedSupportThread,
  storedSupportThreads,
  supportThreadKey,
  supportThreadsKey,
} from '../../data/support'
import { storedPicture } from '../../data/usdt'
import { useLastSynced } from '../../app/queries'

/** The account's threads as last fetched; null when never fetched here. */
export function useSupportThreads(account: string | null | undefined): StoredSupportThreads | null | undefined {
  return useLiveQuery(async () => (account ? storedSupportThreads(account) : null), [account])
}

export function useSupportThreadsSynced(account: string | null | undefined): number | null | undefined {
  return useLastSynced(account ? supportThreadsKey(account) : null)
}

/** Thread `id` with its messages as last fetched; null when never fetched here. */
export function useSupportThread(account: string | null | undefined, id: number): StoredSupportThread | null | undefined {
  return useLiveQuery(async () => (account ? storedSupportThread(account, id) : null), [account, id])
}

export function useSupportThreadSynced(account: string | null | undefined, id: number): number | null | undefined {
  return useLastSynced(account ? supportThreadKey(account, id) : null)
}

/** New threads and messages written on this device that the server has not taken yet (or refused). */
export function useQueuedSupport(account: string | null | undefined): OutboxItem[] | undefined {
  return useLiveQuery(async () => (account ? pendingItems(account, ['support.create', 'support.send']) : []), [account])
}

/** The guest thread this device opened; null when none. */
export function useSupportGuest(): SupportGuest | null | undefined {
  return useLiveQuery(() => storedSupportGuest())
}

/** One of the user's own pictures as a Blob once fetched to this device; null until then. */
export function useStoredPicture(account: string | null | undefined, id: number): Blob | null | undefined {
  return useLiveQuery(async () => (account ? storedPicture(account, id) : null), [account, id])
}

export type SupportRules = { replyHours: number; complaintDays: number }

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value)
  return Number.isSafeInteger(n) && n > 0 ? n : fallback
}

/** The published reply time and complaint window (config), the brief's defaults until config is read. */
export function useSupportRules(): SupportRules {
  const rules = useLiveQuery(async () => {
    const [reply, complaint] = await db.config.bulkGet(['support_reply_hours', 'support_complaint_days'])
    return { replyHours: positive(reply?.value, 24), complaintDays: positive(complaint?.value, 21) }
  })
  return rules ?? { replyHours: 24, complaintDays: 21 }
}
