/**
 * Credit loans (issue 12). Stored in db.meta, per account (forgetAccount removes both):
 * - `loanInfo:<account>`: /loan/info, the score with its inputs, what can be borrowed and on what
 *   terms, the unpaid loan and the latest request for more credit;
 * - `loanRecords:<account>`: /loan/records, every loan newest first with its accruals and
 *   repayments, so the records open offline.
 * Applying, repaying, cancelling and asking for more credit go through the outbox (kinds
 * 'loan.apply', 'loan.repay', 'loan.cancel', 'loan.credit'), each with its Idempotency-Key, so a
 * tap is acted on once however often it is resent; the server decides by the rules it publishes.
 */
import { type CreditRequest, type Loan, type LoanEvent, type LoanInfo, type LoanRecord } from '../contract/replies'
import { call } from './api'
import { db, metaKeys, type OutboxItem, readMeta } from './db'
import { restoreAccountMeta } from './metaValues'
import { enqueue } from './outbox'
import { getSession } from './sessionStore'
import { offlineIsFine, refresh, refreshAccountList, refreshUserInfo } from './sync'

export type { CreditRequest, Loan, LoanEvent, LoanInfo, LoanRecord }

export const loanInfoKey = metaKeys.loanInfo
export const loanRecordsKey = metaKeys.loanRecords

/** The loans the records screen shows at once: the newest hundred. */
const LIST_SIZE = 100

/** Fetches /loan/info of the signed-in account into db.meta. Quiet offline; undefined when signed out. */
export async function refreshLoanInfo(opts: { fresh?: boolean } = {}): Promise<LoanInfo | undefined> {
  const account = getSession()?.account
  if (!account) return undefined
  const key = loanInfoKey(account)
  return offlineIsFine(
    refresh(
      key,
      async () => {
        const info = await call<LoanInfo>('/loan/info', {})
        // The user may have signed out while the request was out; do not bring their data back.
        if (getSession()?.account === account) await db.meta.put({ key, value: info, updatedAt: Date.now() })
        return info
      },
      opts,
    ),
  )
}

/** The stored /loan/info of `account`; null when never fetched here. Live-query friendly. */
export function storedLoanInfo(account: string): Promise<LoanInfo | null> {
  return readMeta(loanInfoKey(account), restoreAccountMeta.loanInfo)
}

/** Fetches the account's loans with their events into db.meta. Quiet offline. */
export function refreshLoanRecords(opts: { fresh?: boolean } = {}): Promise<LoanRecord[] | undefined> {
  return refreshAccountList<LoanRecord[]>(loanRecordsKey, '/loan/records', { ...opts, body: { page: 1, size: LIST_SIZE } })
}

/** The stored loans of `account`, newest first; null when never fetched here. Live-query friendly. */
export function storedLoanRecords(account: string): Promise<LoanRecord[] | null> {
  return readMeta(loanRecordsKey(account), restoreAccountMeta.loanRecords)
}

/** Queues an application for `amount` paise; reviewed before any money moves. */
export function applyLoan(amount: number): Promise<OutboxItem> {
  return enqueue('loan.apply', { amount })
}

/** Queues repaying `amount` paise of loan `id` from the available balance (interest first). */
export function repayLoan(id: number, amount: number): Promise<OutboxItem> {
  return enqueue('loan.repay', { id, amount })
}

/** Queues cancelling loan `id`: an application in review, or a loan within its free first day. */
export function cancelLoan(id: number): Promise<OutboxItem> {
  return enqueue('loan.cancel', { id })
}

/** Queues a request for `amount` paise (whole rupees) of credit above the table's amount; reviewed. */
export function requestCredit(amount: number): Promise<OutboxItem> {
  return enqueue('loan.credit', { amount })
}

/** The effect of the 'loan.*' outbox kinds (outboxKinds.ts): the score, the loans and the balances fetched again. */
export async function afterLoanChange(): Promise<void> {
  await Promise.all([refreshLoanInfo({ fresh: true }), refreshLoanRecords({ fresh: true }), refreshUserInfo({ fresh: true })])
}
