/** Reads of the loan screens from Dexie, one useLiveQuery each, and the published rules they show. */
import { useLiveQuery } from 'dexie-react-hooks'
import { type LoanInfo, type LoanRecord, loanInfoKey, loanRecordsKey, storedLoanInfo, storedLoanRecords } from '../../data/loan'
import { type OutboxItem, db } from '../../data/db'
import { pendingItems } from '../../data/outbox'
import { useLastSynced } from '../../app/queries'
import { type BorrowableRow, type CreditRules, borrowableTableFromConfig, creditRulesFromConfig } from '../../lib/loan'

/** The account's /loan/info as last fetched; null when never fetched here. */
export function useLoanInfo(account: string | null | undefined): LoanInfo | null | undefined {
  return useLiveQuery(async () => (account ? storedLoanInfo(account) : null), [account])
}

export function useLoanInfoSynced(account: string | null | undefined): number | null | undefined {
  return useLastSynced(account ? loanInfoKey(account) : null)
}

/** The account's loans as last fetched, newest first; null when never fetched here. */
export function useLoanRecords(account: string | null | undefined): LoanRecord[] | null | undefined {
  return useLiveQuery(async () => (account ? storedLoanRecords(account) : null), [account])
}

export function useLoanRecordsSynced(account: string | null | undefined): number | null | undefined {
  return useLastSynced(account ? loanRecordsKey(account) : null)
}

/** Loan requests queued on this device and not answered yet (or refused). */
export function useQueuedLoan(account: string | null | undefined): OutboxItem[] | undefined {
  return useLiveQuery(async () => (account ? pendingItems(account, ['loan.apply', 'loan.repay', 'loan.cancel', 'loan.credit']) : []), [account])
}

export type PublishedLoanRules = { creditRules: CreditRules; table: readonly BorrowableRow[]; creditMax: number | null }

/** The score's published weights, the borrowable table and the credit maximum (config), the contract's defaults until config is read. */
export function usePublishedLoanRules(): PublishedLoanRules | undefined {
  return useLiveQuery(async () => {
    const [rules, table, creditMax] = await db.config.bulkGet(['credit_score_rules', 'loan_borrowable_table', 'loan_credit_max'])
    const max = Number(creditMax?.value)
    return {
      creditRules: creditRulesFromConfig(rules?.value),
      table: borrowableTableFromConfig(table?.value),
      creditMax: creditMax?.value !== undefined && Number.isSafeInteger(max) && max >= 0 ? max : null,
    }
  })
}
