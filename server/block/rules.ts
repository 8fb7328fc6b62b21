/**
 * Block trades (issue 11): the pure rules of an offering. The price follows from a reference the
 * feed gives by a published rule, the band and the discount; an application is checked in the
 * order a user can act on it; the allocation is in proportion in whole lots with the remainder in
 * the order of the verifiable draw (src/contract/draw.ts step 9). Amounts are whole paise,
 * ratios basis points; products go through mulDiv (BigInt), never a float.
 */
import { type BlockStage } from '../../src/contract/replies'
import { runDraw } from '../../src/contract/draw'
import { DomainRefusal } from '../http/refusal'
import { requireVerified } from '../identity/rules'
import { type RealNameStatus } from '../db/types'
import { type Paise } from '../ledger/money'
import { type TradingRules, handlingFee, mulDiv, stampDuty, unlockTime } from '../trade/rules'
import { type Bar } from '../market/simulation'

export const BPS = 10_000
const MINUTE_MS = 60_000

export type OfferingTimes = {
  opens_at: number
  closes_at: number
  cancelled_at: number | null
  allocated_at: number | null
}

/** upcoming -> open -> closed (until the allocation) -> allocated; or cancelled before the allocation. */
export function stageOf(o: OfferingTimes, now: number): BlockStage {
  if (o.cancelled_at !== null) return 'cancelled'
  if (o.allocated_at !== null) return 'allocated'
  if (now < o.opens_at) return 'upcoming'
  if (now < o.closes_at) return 'open'
  return 'closed'
}

export type Band = { min: Paise; max: Paise }

/** reference x (1 -/+ band), each edge rounded inward, as the order price band is: never wider than published. */
export function bandOf(reference: Paise, bandBps: number): Band {
  return { min: Math.max(1, mulDiv(reference, BPS - bandBps, BPS, 'up')), max: mulDiv(reference, BPS + bandBps, BPS, 'down') }
}

/** A discount the band allows: refused at creation when above it. */
export function discountWithinBand(discountBps: number, bandBps: number): boolean {
  return Number.isSafeInteger(discountBps) && discountBps >= 0 && discountBps <= bandBps && bandBps < BPS
}

export type Pricing = { reference: Paise; price: Paise; bandMin: Paise; bandMax: Paise }

/**
 * price = reference x (1 - discount), rounded down to the tick. Rounding down can take a price
 * whose discount equals the band just under the band's lower edge: then it is that edge rounded
 * up to the tick, the lowest tick inside the band. Null when no tick fits in the band (a tiny
 * reference), so the offering cannot be priced.
 */
export function pricingOf(reference: Paise, discountBps: number, bandBps: number, tick: number): Pricing | null {
  if (!Number.isSafeInteger(reference) || reference <= 0) return null
  const band = bandOf(reference, bandBps)
  const exact = mulDiv(reference, BPS - discountBps, BPS, 'down')
  let price = Math.floor(exact / tick) * tick
  if (price < band.min) price = Math.ceil(band.min / tick) * tick
  if (price <= 0 || price > band.max) return null
  return { reference, price, bandMin: band.min, bandMax: band.max }
}

/** Whether a price sits inside reference +/- band. */
export function inBand(price: Paise, reference: Paise, bandBps: number): boolean {
  const band = bandOf(reference, bandBps)
  return price >= band.min && price <= band.max
}

/**
 * The volume-weighted average price of [from, to) from the feed's 1-minute bars: the bars whose
 * whole minute lies in the interval, their turnover over their volume, rounded down to whole
 * paise. Null when nothing traded in it.
 */
export function vwapOf(bars: readonly Bar[], from: number, to: number): Paise | null {
  let amount = 0n
  let volume = 0n
  for (const bar of bars) {
    if (bar.t < from || bar.t + MINUTE_MS > to) continue
    amount += BigInt(bar.amount)
    volume += BigInt(bar.volume)
  }
  if (volume === 0n) return null
  return Number(amount / volume)
}

export type Fees = { handling: Paise; duty: Paise; total: Paise }

/** What a buy order of `amount` pays on top: the handling fee and the buyer's stamp duty (server/trade/rules.ts). */
export function feesOf(amount: Paise, rules: Pick<TradingRules, 'handlingFeePerLakh' | 'minHandlingFee' | 'stampDutyPerLakh'>): Fees {
  const handling = handlingFee(amount, rules)
  const duty = stampDuty(amount, true, rules)
  return { handling, duty, total: handling + duty }
}

export type ApplicationCheck = {
  offering: OfferingTimes & { lot_size: number; min_shares: number; min_amount: Paise; price: Paise | null }
  shares: number
  now: number
  noTrade: boolean
  realNameStatus: RealNameStatus
  /** Whether the user already applied to this offering. */
  applied: boolean
  available: Paise
  rules: Pick<TradingRules, 'handlingFeePerLakh' | 'minHandlingFee' | 'stampDutyPerLakh'>
}

/**
 * The rules of applying, in order: the window (an offering not yet priced is not open), whole
 * lots, the minimum shares, the minimum amount, trading allowed and a verified identity as any
 * order needs, one application per user, and the balance for amount + fee. Null when it may be filed.
 */
export function checkApplication(c: ApplicationCheck): DomainRefusal | null {
  const o = c.offering
  if (stageOf(o, c.now) !== 'open' || o.price === null) {
    return new DomainRefusal('block_closed', { opens: o.opens_at, closes: o.closes_at }, 'This block trade is closed.')
  }
  if (!Number.isSafeInteger(c.shares) || c.shares <= 0 || c.shares % o.lot_size !== 0) {
    return new DomainRefusal('block_lot_invalid', { lot: o.lot_size }, `Apply in whole lots of ${o.lot_size} shares.`)
  }
  if (c.shares < o.min_shares) return new DomainRefusal('block_below_min_shares', { min: o.min_shares }, `Apply for at least ${o.min_shares} shares.`)
  const amount = mulDiv(c.shares, o.price, 1, 'down')
  if (amount < o.min_amount) return new DomainRefusal('block_below_min_amount', { min: o.min_amount }, `An application must come to at least ${o.min_amount} paise.`)
  if (c.noTrade) return new DomainRefusal('trading_disabled', {}, 'Trading is disabled for this account.')
  const unverified = requireVerified(c.realNameStatus)
  if (unverified) return unverified
  if (c.applied) return new DomainRefusal('block_already_applied', {}, 'You have already applied for this block offering.')
  const frozen = amount + feesOf(amount, c.rules).total
  if (c.available < frozen) {
    return new DomainRefusal('insufficient_balance', { available: c.available, required: frozen }, 'The available balance does not cover this amount.')
  }
  return null
}

/** What an application of `shares` at `price` costs and freezes. */
export function applicationCost(shares: number, price: Paise, rules: ApplicationCheck['rules']): { amount: Paise; fee: Paise; frozen: Paise } {
  const amount = mulDiv(shares, price, 1, 'down')
  const fee = feesOf(amount, rules).total
  return { amount, fee, frozen: amount + fee }
}

/** Lots the offering can allocate: its shares in whole lots. */
export function allottableLotsOf(o: { shares: number; lot_size: number }): number {
  return Math.floor(o.shares / o.lot_size)
}

/** The minimum application in lots (what /block/draw publishes as minLot; step 9 guarantees none). */
export function minLotsOf(o: { min_shares: number; lot_size: number }): number {
  return Math.max(1, Math.ceil(o.min_shares / o.lot_size))
}

export type Allocation = { ref: string; rank: number; lots: number; shares: number }

/**
 * The allocation: if the applications ask for no more than the offering, each gets its ask; else
 * floor(in proportion) whole lots each, then one more lot at a time in draw order (draw.ts step 9,
 * the same draw /block/draw lets anyone re-run). Never more than offered nor more than asked.
 */
export function allocate(
  o: { shares: number; lot_size: number; seed: string; beacon: string },
  digest: string,
  applications: readonly { ref: string; shares: number }[],
): Allocation[] {
  const results = runDraw({
    seed: o.seed,
    beacon: o.beacon,
    digest,
    applications: applications.map((a) => ({ ref: a.ref, lots: a.shares / o.lot_size })),
    allottableLots: allottableLotsOf(o),
    minLots: 0,
    basis: 'proportional',
  })
  return results.map((r) => ({ ...r, shares: r.lots * o.lot_size }))
}

export type Settlement = { amount: Paise; handling: Paise; duty: Paise; paid: Paise; released: Paise }

/**
 * An allocated application's money: the allocated shares at the price with their own fee and duty
 * are paid from what it froze, the rest released. Fees only grow with the amount, so paid <= frozen.
 */
export function settlementOf(allocatedShares: number, price: Paise, frozen: Paise, rules: ApplicationCheck['rules']): Settlement {
  if (allocatedShares === 0) return { amount: 0, handling: 0, duty: 0, paid: 0, released: frozen }
  const amount = mulDiv(allocatedShares, price, 1, 'down')
  const { handling, duty, total } = feesOf(amount, rules)
  const paid = amount + total
  if (paid > frozen) throw new Error(`allocation pays ${paid}, more than the ${frozen} frozen`)
  return { amount, handling, duty, paid, released: frozen - paid }
}

/** When the position allocated at `allocatedAt` unlocks: minutes on the clock, or trading days on the calendar. */
export function unlockAtOf(allocatedAt: number, o: { lock_unit: 'day' | 'minute'; lock_count: number }, addTradingDays: (ms: number, n: number) => number): number {
  return unlockTime(allocatedAt, o.lock_unit === 'minute' ? { unit: 'minutes', count: o.lock_count } : { unit: 'trading_days', count: o.lock_count }, addTradingDays)
}
