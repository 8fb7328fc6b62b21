/** Reads of the fund records screen from Dexie, one useLiveQuery each. */
import { useLiveQuery } from 'dexie-react-hooks'
import { readMeta, type FundRecordRow } from '../../data/db'
import { restoreAccountMeta } from '../../data/metaValues'
import { type Withdrawal, withdrawalsKey } from '../../data/withdrawals'
import { type Recharge, type RechargeChannel, rechargeChannelsKey, rechargesKey } from '../../data/recharges'
import { type FundKind, fundRecordsKey, fundRecordsQuery } from '../../data/fundRecords'
import { type ExchangeRates, type Wallet, storedExchangeRates, storedWallets, walletsKey } from '../../data/exchange'
import { type UsdtAddress, storedPicture, usdtAddressesKey } from '../../data/usdt'
import { storedLoanInfo } from '../../data/loan'
import { useLastSynced } from '../../app/queries'

/** The account's newest `count` ledger entries of tab `kind`, newest first. */
export function useFundRecords(account: string | null | undefined, count: number, kind: FundKind = 'all'): FundRecordRow[] | undefined {
  return useLiveQuery(async () => (account ? fundRecordsQuery(account, kind).limit(count).toArray() : []), [account, count, kind])
}

/** How many records of tab `kind` this device holds: what tells the screen which server page comes next. */
export function useStoredFundRecordCount(account: string | null | undefined, kind: FundKind): number | undefined {
  return useLiveQuery(async () => (account ? fundRecordsQuery(account, kind).count() : 0), [account, kind])
}

/** When the account's records (of tab `kind`) last synced: the list's "last updated". */
export function useFundRecordsSynced(account: string | null | undefined, kind: FundKind = 'all'): number | null | undefined {
  return useLastSynced(account ? fundRecordsKey(account, kind) : null)
}

/** The account's latest withdrawals as last fetched, newest first. */
export function useWithdrawals(account: string | null | undefined): Withdrawal[] | null | undefined {
  return useLiveQuery(async () => (account ? readMeta(withdrawalsKey(account), restoreAccountMeta.withdrawals) : null), [account])
}

/** The account's latest deposits as last fetched, newest first; null when never fetched here. */
export function useRecharges(account: string | null | undefined): Recharge[] | null | undefined {
  return useLiveQuery(async () => (account ? readMeta(rechargesKey(account), restoreAccountMeta.recharges) : null), [account])
}

/** Where to send a deposit, as last fetched; null when never fetched here. */
export function useRechargeChannels(account: string | null | undefined): RechargeChannel[] | null | undefined {
  return useLiveQuery(async () => (account ? readMeta(rechargeChannelsKey(account), restoreAccountMeta.rechargeChannels) : null), [account])
}

/** The account's wallets (every currency) as last fetched; null when never fetched here. */
export function useWallets(account: string | null | undefined): Wallet[] | null | undefined {
  return useLiveQuery(async () => (account ? storedWallets(account) : null), [account])
}

/** When the account's wallets last synced. */
export function useWalletsSynced(account: string | null | undefined): number | null | undefined {
  return useLastSynced(account ? walletsKey(account) : null)
}

/** The exchange rates as last fetched; null when never fetched here. */
export function useExchangeRates(): ExchangeRates | null | undefined {
  return useLiveQuery(() => storedExchangeRates())
}

/** The account's USDT addresses as last fetched; null when never fetched here. */
export function useUsdtAddresses(account: string | null | undefined): UsdtAddress[] | null | undefined {
  return useLiveQuery(async () => (account ? readMeta(usdtAddressesKey(account), restoreAccountMeta.usdtAddresses) : null), [account])
}

/** One of the account's pictures as this device stored it; null when not fetched yet. */
export function useStoredPicture(account: string | null | undefined, id: number | null): Blob | null | undefined {
  return useLiveQuery(async () => (account && id !== null ? storedPicture(account, id) : null), [account, id])
}

/** The account's credit score as /loan/info last gave it; null when never fetched here (the withdrawal screen names it against the threshold). */
export function useCreditScore(account: string | null | undefined): number | null | undefined {
  return useLiveQuery(async () => (account ? ((await storedLoanInfo(account))?.score ?? null) : null), [account])
}
