/** Actions of the fund records screen: refreshes through src/data/fundRecords.ts. */
import { type FundKind, exportCsv, refreshFundRecords, refreshFundRecordsPage } from '../../data/fundRecords'
import { refreshWithdrawals, requestWithdrawal } from '../../data/withdrawals'

export { refreshWithdrawals, requestWithdrawal }
export { exchangeCurrency, refreshExchangeRates, refreshWallets } from '../../data/exchange'
export { refreshRechargeChannels, refreshRecharges, requestRecharge } from '../../data/recharges'
export { refreshLoanInfo } from '../../data/loan'

/** The newest records of tab `kind`; the tab's total, or undefined offline (the screen keeps what Dexie has). */
export function loadFundRecords(kind: FundKind = 'all'): Promise<{ total: number } | undefined> {
  return refreshFundRecords(kind).catch(() => undefined)
}

/** Server page `page` of tab `kind` (older entries); the total, or undefined offline or refused. */
export function loadFundRecordsPage(page: number, kind: FundKind = 'all'): Promise<{ total: number } | undefined> {
  return refreshFundRecordsPage(page, kind).catch(() => undefined)
}

/** The whole ledger or every order as a CSV file; throws NetworkError offline. */
export { exportCsv }

export { fetchPicture, refreshUsdtAddresses, removeUsdtAddress, saveUsdtAddress } from '../../data/usdt'
