/**
 * Money in and out (issue 4, DESIGN.md section 4): the checks a recharge and a withdrawal pass,
 * their review states, and their ledger entries. Amounts are whole paise; times are judged in
 * India time. A withdrawal freezes its amount at the request; the review then pays it out of
 * frozen or gives it back to available, exactly once.
 */
import { indiaDayNumber, indiaMinuteOfDay, weekdayOfDayNumber } from '../market/calendar'
import { HOUSE_DEPOSITS, HOUSE_PAYOUTS, LEDGER_REASONS, type LedgerEntryDraft, transfer, userAccount } from '../ledger/rules'
import { type Paise } from '../ledger/money'
import { DomainRefusal } from '../http/refusal'
import { fundPasswordWrong } from '../accounts/rules'
import { type RealNameStatus, requireVerified } from '../identity/rules'

/** A daily window in India time, in minutes from midnight; `to` 1440 is midnight at its end. */
export type Window = { from: number; to: number; weekdaysOnly: boolean }

export type FundRules = {
  rechargeMin: Paise
  rechargeWindow: Window
  withdrawMin: Paise
  withdrawMax: Paise
  withdrawWindow: Window
}

/** The published defaults: recharge from ₹5,000 any day; withdraw ₹100-₹5,00,000, weekdays 09:30-24:00. */
export const DEFAULT_FUND_RULES: FundRules = {
  rechargeMin: 500_000,
  rechargeWindow: { from: 0, to: 1440, weekdaysOnly: false },
  withdrawMin: 10_000,
  withdrawMax: 50_000_000,
  withdrawWindow: { from: 9 * 60 + 30, to: 1440, weekdaysOnly: true },
}

/** Any hour of any day (the demo). */
export const ALL_DAY: Window = { from: 0, to: 1440, weekdaysOnly: false }

/** "09:30-24:00" */
export function windowText(window: Window): string {
  return `${hhmm(window.from)}-${hhmm(window.to)}`
}

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

/** Whether `now` is inside the window (Saturday and Sunday are outside a weekdays-only one). */
export function inWindow(window: Window, now: number): boolean {
  const weekday = weekdayOfDayNumber(indiaDayNumber(now))
  if (window.weekdaysOnly && (weekday === 0 || weekday === 6)) return false
  const minute = indiaMinuteOfDay(now)
  return minute >= window.from && minute < window.to
}

function outsideWindow(window: Window): DomainRefusal {
  const params = { from: hhmm(window.from), to: hhmm(window.to) }
  return window.weekdaysOnly
    ? new DomainRefusal('outside_window', { ...params, days: 'weekdays' }, `This is done on weekdays from ${params.from} to ${params.to} India time.`)
    : new DomainRefusal('outside_window', params, `This is done from ${params.from} to ${params.to} India time.`)
}

const isWholePaise = (amount: number) => Number.isSafeInteger(amount) && amount > 0

export type RechargeCheck = { amount: Paise; status: RealNameStatus; rules: FundRules; now: number }

/** The first rule a recharge request breaks, or null. */
export function checkRecharge(c: RechargeCheck): DomainRefusal | null {
  const unverified = requireVerified(c.status)
  if (unverified) return unverified
  if (!isWholePaise(c.amount) || c.amount < c.rules.rechargeMin) {
    return new DomainRefusal('recharge_below_min', { min: c.rules.rechargeMin }, 'The amount is below the minimum recharge.')
  }
  if (!inWindow(c.rules.rechargeWindow, c.now)) return outsideWindow(c.rules.rechargeWindow)
  return null
}

export type WithdrawalCheck = {
  amount: Paise
  /** The reason of a no-withdrawal flag set in the back office, or null. */
  noWithdraw: string | null
  status: RealNameStatus
  fundPasswordSet: boolean
  fundPasswordOk: boolean
  /** The card is the user's own (looked up by id among their cards). */
  ownCard: boolean
  /** Available cash the user may take out now. */
  withdrawable: Paise
  /** Another recharge or withdrawal of the user still waits for its review. */
  otherPending: boolean
  /** The account's credit score now and the least a withdrawal needs (withdraw_min_credit_score; 0: no such rule). */
  credit?: { score: number; min: number }
  rules: FundRules
  now: number
}

/** The first rule a withdrawal request breaks, or null: then its amount is frozen. */
export function checkWithdrawal(c: WithdrawalCheck): DomainRefusal | null {
  if (c.noWithdraw !== null) return new DomainRefusal('withdrawal_disabled', { reason: c.noWithdraw }, `Withdrawals are disabled for this account: ${c.noWithdraw}`)
  if (c.credit && c.credit.min > 0 && c.credit.score < c.credit.min) {
    return new DomainRefusal('withdraw_score_low', { score: c.credit.score, min: c.credit.min }, 'The credit score is below the least a withdrawal needs.')
  }
  const unverified = requireVerified(c.status)
  if (unverified) return unverified
  if (!c.fundPasswordSet) return new DomainRefusal('fund_password_not_set', {}, 'Set a fund password first.')
  if (!c.fundPasswordOk) return fundPasswordWrong()
  if (!c.ownCard) return new DomainRefusal('card_not_found', {}, 'Choose one of your bank cards.')
  if (!isWholePaise(c.amount) || c.amount < c.rules.withdrawMin) {
    return new DomainRefusal('withdraw_below_min', { min: c.rules.withdrawMin }, 'The amount is below the minimum withdrawal.')
  }
  if (c.amount > c.rules.withdrawMax) return new DomainRefusal('withdraw_above_max', { max: c.rules.withdrawMax }, 'The amount is above the maximum withdrawal.')
  if (!inWindow(c.rules.withdrawWindow, c.now)) return outsideWindow(c.rules.withdrawWindow)
  if (c.amount > c.withdrawable) {
    return new DomainRefusal('insufficient_balance', { available: c.withdrawable, required: c.amount }, 'The available balance does not cover this amount.')
  }
  if (c.otherPending) return new DomainRefusal('fund_operation_pending', {}, 'Another fund operation is still being reviewed.')
  return null
}

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const
export type ReviewStatus = (typeof REVIEW_STATUSES)[number]

/** A decision moves only a pending review: a second approval of the same request changes nothing. */
export function decideReview(status: ReviewStatus, approve: boolean): ReviewStatus | DomainRefusal {
  if (status !== 'pending') return new DomainRefusal('review_already_decided', { status }, 'This review has already been decided.')
  return approve ? 'approved' : 'rejected'
}

const reference = (kind: 'recharge' | 'withdrawal', id: number) => `${kind}:${id}`

/** An approved recharge: the received money becomes the user's available cash. */
export function rechargeCreditEntry(userId: number, rechargeId: number, amount: Paise, operator: string | null): LedgerEntryDraft {
  return transfer({ reason: LEDGER_REASONS.recharge, reference: reference('recharge', rechargeId), operator, from: HOUSE_DEPOSITS, to: userAccount(userId, 'available'), currency: 'INR', amount })
}

/** A withdrawal request: its amount leaves available for frozen until the review. */
export function withdrawalFreezeEntry(userId: number, withdrawalId: number, amount: Paise): LedgerEntryDraft {
  return transfer({ reason: LEDGER_REASONS.withdrawalFreeze, reference: reference('withdrawal', withdrawalId), from: userAccount(userId, 'available'), to: userAccount(userId, 'frozen'), currency: 'INR', amount })
}

/** The review of a withdrawal: approved, the frozen amount is paid out; rejected, it is available again. */
export function withdrawalDecisionEntry(userId: number, withdrawalId: number, amount: Paise, approved: boolean, operator: string | null): LedgerEntryDraft {
  return transfer({
    reason: approved ? LEDGER_REASONS.withdrawalPaid : LEDGER_REASONS.withdrawalUnfreeze,
    reference: reference('withdrawal', withdrawalId),
    operator,
    from: userAccount(userId, 'frozen'),
    to: approved ? HOUSE_PAYOUTS : userAccount(userId, 'available'),
    currency: 'INR',
    amount,
  })
}
