/**
 * Account deletion's rules, pure: what stops a request now, what the law keeps and until when,
 * and the refusals (src/contract/refusals.ts).
 */
import { type DeletionBlocker, type RetainedRecord } from '../../src/contract/replies'
import { DomainRefusal } from '../http/refusal'

/** What the database says about the account when it asks to be deleted. */
export type BlockerFacts = {
  /** Holding, locked or closing positions, and copy-trading investments still running. */
  openPositions: number
  pendingOrders: number
  /** Wallet currencies with money left, available or frozen. */
  walletsWithMoney: readonly string[]
  unpaidLoans: number
  /** Withdrawals, deposits, loans, credit and dividend requests under review; IPO and block applications still holding money. */
  pendingFundOperations: number
}

/** Every blocker, in the order the refusal names the first. */
export function blockersOf(f: BlockerFacts): DeletionBlocker[] {
  const out: DeletionBlocker[] = []
  if (f.openPositions > 0) out.push('open_positions')
  if (f.pendingOrders > 0) out.push('pending_orders')
  if (f.walletsWithMoney.length > 0) out.push('balance')
  if (f.unpaidLoans > 0) out.push('unpaid_loan')
  if (f.pendingFundOperations > 0) out.push('fund_operation_pending')
  return out
}

/** `at` plus whole calendar years (UTC), so 29 February lands on 1 March. */
export function addYears(at: number, years: number): number {
  const d = new Date(at)
  d.setUTCFullYear(d.getUTCFullYear() + years)
  return d.getTime()
}

export type RetentionYears = { financialYears: number; investmentYears: number }

/** What is kept after closure at `from` (the closure, or now while the account is open). */
export function keepList(years: RetentionYears, from: number): RetainedRecord[] {
  return [
    { record: 'financial', years: years.financialYears, until: addYears(from, years.financialYears) },
    { record: 'investment', years: years.investmentYears, until: addYears(from, years.investmentYears) },
  ]
}

export const deletionPending = () => new DomainRefusal('deletion_pending', {}, 'A deletion request is already waiting for review.')
export const deletionNotPending = () => new DomainRefusal('deletion_not_pending', {}, 'There is no deletion request waiting to be cancelled.')
export const deletionBlocked = (reason: DeletionBlocker) => new DomainRefusal('deletion_blocked', { reason }, `The account cannot be deleted yet: ${reason.replaceAll('_', ' ')}.`)
