/**
 * New shares (issue 10, DESIGN.md section 4): the pure rules of an issue. Where an issue stands
 * follows from its times and the steps the job has stamped; amounts are whole paise.
 */
import { type IpoKind, type IpoStage } from '../../src/contract/replies'
import { type AllotmentBasis, type AllotmentRule } from '../../src/contract/draw'
import { type Paise } from '../ledger/money'
import { type RealNameStatus } from '../db/types'
import { DomainRefusal } from '../http/refusal'

export type IssueTimes = {
  opens_at: number
  closes_at: number
  cancelled_at: number | null
  drawn_at: number | null
  listed_at: number | null
}

/** upcoming -> open -> closed (until the draw) -> drawn -> listed; or cancelled before the draw. */
export function stageOf(issue: IssueTimes, now: number): IpoStage {
  if (issue.cancelled_at !== null) return 'cancelled'
  if (issue.listed_at !== null) return 'listed'
  if (issue.drawn_at !== null) return 'drawn'
  if (now < issue.opens_at) return 'upcoming'
  if (now < issue.closes_at) return 'open'
  return 'closed'
}

/** What `lots` lots cost at the issue price. */
export function amountOf(lots: number, issue: { lot_size: number; price: Paise }): Paise {
  return lots * issue.lot_size * issue.price
}

type Sized = { kind: IpoKind; lot_size: number; price: Paise; min_lots: number; retail_shares: number }

/**
 * The most one application may ask: for an IPO the retail cap in whole lots, never below the
 * minimum application; a placement has no retail cap, only its size.
 */
export function maxLotsOf(issue: Sized, retailMax: Paise): number {
  if (issue.kind === 'placement') return Math.max(issue.min_lots, allottableLotsOf(issue))
  return Math.max(issue.min_lots, Math.floor(retailMax / (issue.lot_size * issue.price)))
}

export function allottableLotsOf(issue: { retail_shares: number; lot_size: number }): number {
  return Math.floor(issue.retail_shares / issue.lot_size)
}

/** A placement tier's minimum amount as a minimum application: whole lots, rounded up. */
export function minLotsForAmount(minAmount: Paise, issue: { lot_size: number; price: Paise }): number {
  return Math.max(1, Math.ceil(minAmount / (issue.lot_size * issue.price)))
}

/** How the draw allots an issue: SEBI's retail rule for an IPO (step 7), in proportion for a placement (step 9). */
export function allotmentRuleOf(issue: Sized): Required<AllotmentRule> {
  const basis: AllotmentBasis = issue.kind === 'placement' ? 'proportional' : 'sebi_retail'
  return { allottableLots: allottableLotsOf(issue), minLots: issue.min_lots, basis }
}

/** The minimum lots step 8 gives an application that holds none: a placement guarantees none. */
export function reallocationMinLots(issue: Sized): number {
  return issue.kind === 'placement' ? 0 : issue.min_lots
}

/** A PAN on a reply: the first two and the last character, so the owner recognises it and nobody else learns it. */
export function maskPan(pan: string): string {
  if (pan.length <= 3) return '*'.repeat(pan.length)
  return `${pan.slice(0, 2)}${'*'.repeat(pan.length - 3)}${pan.slice(-1)}`
}

/** What a pay-after-win allottee still owes: its allotted lots not yet paid, at the issue price. */
export function owedOf(a: { status: string; allotted_lots: number; paid_lots: number }, issue: { lot_size: number; price: Paise }): Paise {
  return a.status === 'pending_payment' ? amountOf(a.allotted_lots - a.paid_lots, issue) : 0
}

/**
 * When lots reallocated at `now` must be paid: by the refund step, or once that has passed, by the
 * listing (the brief's T+2 and T+3). Null at or after the listing: nothing is reallocated then.
 */
export function reallocationDeadline(issue: { refund_at: number; listing_at: number }, now: number): number | null {
  if (now < issue.refund_at) return issue.refund_at
  if (now < issue.listing_at) return issue.listing_at
  return null
}

/** Statuses that may receive reallocated lots (draw.ts step 8): not those that gave theirs up or failed to pay. */
export const REALLOCATION_ELIGIBLE: readonly string[] = ['not_won', 'pending_payment', 'paid']

export type ApplicationCheck = {
  issue: IssueTimes & Sized & { payment_mode: 'blocked' | 'pay_after_win' }
  lots: number
  now: number
  retailMax: Paise
  limitPerStock: number
  noTrade: boolean
  realNameStatus: RealNameStatus
  /** The PAN of the approved real-name submission; none when the identity was verified without one. */
  pan: string | undefined
  /** The user's applications to this issue so far. */
  applied: number
  panUsed: boolean
  available: Paise
}

/** The rules of applying (issue 10), in the order a user can act on them; null when the application may be filed. */
export function checkApplication(c: ApplicationCheck): DomainRefusal | null {
  const { issue } = c
  if (c.noTrade) return new DomainRefusal('trading_disabled', {}, 'Trading is disabled for this account.')
  if (stageOf(issue, c.now) !== 'open') {
    return new DomainRefusal('ipo_not_open', { opens: issue.opens_at, closes: issue.closes_at }, 'This issue is not open for applications now.')
  }
  const max = maxLotsOf(issue, c.retailMax)
  if (c.lots < issue.min_lots || c.lots > max) {
    return new DomainRefusal('ipo_lots_invalid', { min: issue.min_lots, max }, `Apply for ${issue.min_lots} to ${max} lots.`)
  }
  if (c.realNameStatus !== 'verified' || c.pan === undefined) {
    return new DomainRefusal('real_name_required', { status: c.realNameStatus }, 'Verify your identity first.')
  }
  if (c.applied >= c.limitPerStock) return new DomainRefusal('ipo_limit_reached', { limit: c.limitPerStock }, `At most ${c.limitPerStock} application(s) per issue.`)
  if (c.panUsed) return new DomainRefusal('ipo_pan_used', {}, 'This PAN has already applied to this issue.')
  const amount = amountOf(c.lots, issue)
  if (issue.payment_mode === 'blocked' && c.available < amount) {
    return new DomainRefusal('insufficient_balance', { available: c.available, required: amount }, 'The available balance does not cover this amount.')
  }
  return null
}
