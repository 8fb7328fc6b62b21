/** Reads of the fund records screen from Dexie, one useLiveQuery each. */
import { useLiveQuery } from 'dexie-react-hooks'
import { db, type FundRecordRow } from '../../data/db'
import { type Withdrawal, withdrawalsKey } from '../../data/withdrawals'
import { fundRecordsKey, fundRecordsQuery } from '../../data/funds'
import { useLastSynced } from '../../app/queries'

/** The account's newest `count` ledger entries, newest first. */
export function useFundRecords(account: string | null | undefined, count: number): FundRecordRow[] | undefined {
  return useLiveQuery(async () => (account ? fundRecordsQuery(account).limit(count).toArray() : []), [account, count])
}

/** When the account's records last synced: the list's "last updated". */
export function useFundRecordsSynced(account: string | null | undefined): number | null | undefined {
  return useLastSynced(account ? fundRecordsKey(account) : null)
}

/** The account's latest withdrawals as last fetched, newest first. */
export function useWithdrawals(account: string | null | undefined): Withdrawal[] | null | undefined {
  return useLiveQuery(async () => (account ? (((await db.meta.get(withdrawalsKey(account)))?.value as Withdrawal[] | undefined) ?? null) : null), [account])
}
