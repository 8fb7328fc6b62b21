/**
 * Credit loans (issue 12, DESIGN.md section 4), the server's rules: which application, repayment,
 * cancellation or credit request is refused and why, in the published order, and how a loan row
 * reads as the contract's Loan. Pure; the arithmetic they share with the phone is src/lib/loan.ts.
 */
import { type CreditRequest, type Loan, type LoanStatus, type RealNameStatus } from '../../src/contract/replies'
import { type CreditInputs, type CreditRules, type LoanTerms, DAY_MS, splitRepayment } from '../../src/lib/loan'
import { DomainRefusal } from '../http/refusal'
import { requireVerified } from '../identity/rules'
import { type Paise } from '../ledger/money'

/** A loan row as the repository reads it (server/db/types.ts LoansTable). */
export type LoanRow = {
  id: number
  user_id: number
  amount: number
  daily_rate_per_lakh: number
  term_days: number
  score: number
  borrowable: number
  day: string
  status: LoanStatus
  reason: string | null
  decided_by: string | null
  decided_at: number | null
  principal_outstanding: number
  interest_outstanding: number
  interest_total: number
  repaid_total: number
  accrued_days: number
  disbursed_at: number | null
  disbursement_entry_id: number | null
  due_at: number | null
  cooling_off_until: number | null
  completed_at: number | null
  created_at: number
  updated_at: number
}

export type CreditRequestRow = {
  id: number
  user_id: number
  amount: number
  status: 'pending' | 'approved' | 'rejected'
  reason: string | null
  created_at: number
  decided_at: number | null
}

export const owedOf = (l: Pick<LoanRow, 'principal_outstanding' | 'interest_outstanding'>): Paise => l.principal_outstanding + l.interest_outstanding

export function loanView(l: LoanRow, now: number): Loan {
  return {
    id: l.id,
    amount: l.amount,
    dailyRatePerLakh: l.daily_rate_per_lakh,
    termDays: l.term_days,
    status: l.status,
    reason: l.reason,
    principalOutstanding: l.principal_outstanding,
    interestOutstanding: l.interest_outstanding,
    interestTotal: l.interest_total,
    repaidTotal: l.repaid_total,
    owed: owedOf(l),
    disbursedAt: l.disbursed_at,
    dueAt: l.due_at,
    coolingOffUntil: l.cooling_off_until,
    overdue: l.status === 'borrowing' && l.due_at !== null && now > l.due_at,
    completedAt: l.completed_at,
    createdAt: l.created_at,
    updatedAt: l.updated_at,
  }
}

export function creditRequestView(r: CreditRequestRow): CreditRequest {
  return { id: r.id, amount: r.amount, status: r.status, reason: r.reason, createdAt: r.created_at, decidedAt: r.decided_at }
}

/** What the score is read from: the account's own rows, as the repository counts them. */
export type CreditFacts = {
  realNameStatus: RealNameStatus
  createdAt: number
  trades: number
  loansRepaidOnTime: number
  lateRepayments: number
}

/** The formula's inputs at `now` (src/lib/loan.ts creditScore takes them). */
export function creditInputsOf(f: CreditFacts, now: number): CreditInputs {
  return {
    identityVerified: f.realNameStatus === 'verified',
    accountAgeDays: Math.max(0, Math.floor((now - f.createdAt) / DAY_MS)),
    trades: f.trades,
    loansRepaidOnTime: f.loansRepaidOnTime,
    lateRepayments: f.lateRepayments,
  }
}

/** Where the trades counted in the score start: `tradeWindowDays` before now. */
export const tradeWindowStart = (now: number, rules: Pick<CreditRules, 'tradeWindowDays'>) => now - rules.tradeWindowDays * DAY_MS

export type ApplicationCheck = {
  channelOpen: boolean
  realNameStatus: RealNameStatus
  /** The account's pending or borrowing loan, if any. */
  unpaid: Pick<LoanRow, 'id' | 'status'> | null
  amount: number
  terms: LoanTerms
  score: number
  borrowable: Paise
  /** Principal asked today by every application that still counts (pending, borrowing, completed). */
  appliedToday: Paise
  dailyQuota: Paise
}

/** The first rule an application breaks, in the published order, or null. */
export function checkApplication(c: ApplicationCheck): DomainRefusal | null {
  if (!c.channelOpen) return new DomainRefusal('loan_channel_closed', {}, 'Loans are not being taken at the moment.')
  const unverified = requireVerified(c.realNameStatus)
  if (unverified) return unverified
  if (c.unpaid?.status === 'borrowing') return new DomainRefusal('loan_unpaid', { id: c.unpaid.id }, 'Repay your unpaid loan before applying for another.')
  if (c.unpaid?.status === 'pending') return new DomainRefusal('loan_pending_review', { id: c.unpaid.id }, 'Your loan application is still under review.')
  if (!Number.isSafeInteger(c.amount) || c.amount < c.terms.min) return new DomainRefusal('loan_below_min', { min: c.terms.min }, 'The amount is below the minimum loan.')
  if (c.amount > c.borrowable) {
    return new DomainRefusal('loan_limit_insufficient', { borrowable: c.borrowable, score: c.score }, 'The amount is above what you can borrow.')
  }
  if (c.appliedToday + c.amount > c.dailyQuota) return new DomainRefusal('loan_quota_full', {}, "Today's lending quota is used up. Try again tomorrow.")
  return null
}

export const loanNotFound = (id: number) => new DomainRefusal('loan_not_found', { id }, 'This loan was not found in your records.')

/** A repayment's refusal (after the loan is found and its due interest accrued), or its split, interest first. */
export function checkRepayment(
  loan: Pick<LoanRow, 'status' | 'principal_outstanding' | 'interest_outstanding'>,
  amount: number,
  available: Paise,
): DomainRefusal | { interest: Paise; principal: Paise } {
  if (loan.status !== 'borrowing') return new DomainRefusal('loan_not_repayable', { status: loan.status }, 'Nothing is owed on this loan.')
  if (!Number.isSafeInteger(amount) || amount <= 0) return new DomainRefusal('amount_invalid', {}, 'Enter a positive amount in whole paise.')
  const owed = owedOf(loan)
  const split = splitRepayment(amount, { principal: loan.principal_outstanding, interest: loan.interest_outstanding })
  if (split === null) return new DomainRefusal('loan_repay_above_owed', { owed }, 'The repayment is above what you owe.')
  if (amount > available) return new DomainRefusal('insufficient_balance', { available, required: amount }, 'The available balance does not cover this amount.')
  return split
}

/**
 * What a cancellation does: a loan in review is withdrawn; a paid-out loan before its first
 * interest day is cancelled by handing the principal back; anything else is refused.
 */
export function checkCancel(
  loan: Pick<LoanRow, 'status' | 'cooling_off_until' | 'interest_total' | 'principal_outstanding'>,
  now: number,
  available: Paise,
): DomainRefusal | { action: 'withdraw' } | { action: 'hand_back'; principal: Paise } {
  if (loan.status === 'pending') return { action: 'withdraw' }
  if (loan.status !== 'borrowing') return new DomainRefusal('loan_not_repayable', { status: loan.status }, 'Nothing is owed on this loan.')
  const until = loan.cooling_off_until ?? 0
  if (now >= until || loan.interest_total > 0) return new DomainRefusal('loan_cooling_off_over', { until }, 'The free cancellation period is over.')
  if (loan.principal_outstanding > available) {
    return new DomainRefusal('insufficient_balance', { available, required: loan.principal_outstanding }, 'The available balance does not cover this amount.')
  }
  return { action: 'hand_back', principal: loan.principal_outstanding }
}

/** A request for more credit: whole rupees, within what may still be granted, one at a time. */
export function checkCreditRequest(c: { amount: number; extraCredit: Paise; creditMax: Paise; pending: boolean }): DomainRefusal | null {
  const max = Math.max(0, c.creditMax - c.extraCredit)
  if (!Number.isSafeInteger(c.amount) || c.amount <= 0 || c.amount % 100 !== 0 || c.amount > max) {
    return new DomainRefusal('credit_amount_invalid', { max }, 'Ask for a whole number of rupees within the most that can be granted.')
  }
  if (c.pending) return new DomainRefusal('credit_request_pending', {}, 'Your request for more credit is still under review.')
  return null
}
