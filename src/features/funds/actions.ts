/** Actions of the fund records screen: refreshes through src/data/funds.ts. */
import { refreshFundRecords, refreshFundRecordsPage } from '../../data/funds'
import { refreshWithdrawals, requestWithdrawal } from '../../data/withdrawals'

export { refreshWithdrawals, requestWithdrawal }

/** The newest records; offline is fine, the screen keeps what Dexie has. */
export function loadFundRecords(): Promise<void> {
  return refreshFundRecords().catch(() => undefined)
}

/** Server page `page` (older entries); the total, or undefined offline or refused. */
export function loadFundRecordsPage(page: number): Promise<{ total: number } | undefined> {
  return refreshFundRecordsPage(page).catch(() => undefined)
}
