/**
 * New shares (issue 10, DESIGN.md section 4): the pure rules of an issue. Where an issue stands
 * follows from its times and the steps the job has stamped; amounts are whole paise.
 */
import { type IpoStage } from '../../src/contract/replies'
import { type Paise } from '../ledger/money'

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

/** The most one retail application may ask: the cap in whole lots, never below the minimum application. */
export function maxLotsOf(issue: { lot_size: number; price: Paise; min_lots: number }, retailMax: Paise): number {
  return Math.max(issue.min_lots, Math.floor(retailMax / (issue.lot_size * issue.price)))
}

export function allottableLotsOf(issue: { retail_shares: number; lot_size: number }): number {
  return Math.floor(issue.retail_shares / issue.lot_size)
}
