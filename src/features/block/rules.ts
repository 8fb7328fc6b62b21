/**
 * The arithmetic the block-trade screens show, pure so it has tests: where an offering stands by
 * the clock, its price worked out from the reference step by step, the smallest application the
 * published minimums allow, what an application freezes (amount + fee, by the same fee functions
 * as a buy order: src/lib/trade.ts), and the form's first check of the seed's rules, worded as the
 * server's refusals (same codes, same params) so the user reads one sentence for one rule.
 */
import type { BlockApplication, BlockOffering, BlockStage } from '../../contract/replies'
import { type RefusalLike } from '../../i18n/serverMessages'
import { type ClientTradingRules, contractAmount, handlingFee, mulDiv, stampDuty } from '../../lib/trade'

const BPS = 10_000

/**
 * The stage now: the server's, moved on by the clock where the clock alone decides (a list
 * fetched before the window opened says "upcoming" until refreshed; the time says "open").
 */
export function stageAt(offering: Pick<BlockOffering, 'stage' | 'opensAt' | 'closesAt'>, now: number): BlockStage {
  if (offering.stage === 'allocated' || offering.stage === 'cancelled') return offering.stage
  if (now < offering.opensAt) return 'upcoming'
  if (now < offering.closesAt) return 'open'
  return 'closed'
}

/**
 * Whether this copy of an offering is behind the server by the clock alone: its window opened but
 * it has no price yet, or its allocation is due and it is not allocated (the job does both).
 */
export function isBehind(offering: Pick<BlockOffering, 'stage' | 'opensAt' | 'closesAt' | 'allocateAt' | 'price'>, now: number): boolean {
  const stage = stageAt(offering, now)
  return (stage === 'open' && offering.price === null) || (stage === 'closed' && now >= offering.allocateAt)
}

/** Shown on the open-offerings screen: everything not yet allocated or cancelled. */
export function isCurrent(stage: BlockStage): boolean {
  return stage === 'upcoming' || stage === 'open' || stage === 'closed'
}

/** Milliseconds as h:mm:ss (days counted in the hours), for a countdown; 0 and below read 0:00:00. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000))
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = total % 60
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`
}

/** A rate in basis points as an unsigned percentage with two decimals: 300 -> "3.00%". */
export function formatBps(bps: number): string {
  const abs = Math.abs(Math.trunc(bps))
  return `${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}%`
}

export type PriceSteps = {
  reference: number
  /** reference x (1 - discount), before rounding to the price step, rounded down to the paisa. */
  discounted: number
  /** The published price: `discounted` rounded down to the tick by the server. */
  price: number
  /** reference - price: what the discount takes off one share. */
  off: number
  bandMin: number
  bandMax: number
  /**
   * Rounding down fell below the band's lower edge (a discount equal to the band), so the price is
   * the lowest tick inside the band instead (server/block/rules.ts pricingOf).
   */
  raisedToBand: boolean
  /** The price (to the tick when the tick is known) and the published band are what the rule gives. */
  followsRule: boolean
  insideBand: boolean
}

/**
 * The price worked out from the reference, each step checked here rather than taken on trust;
 * null before the window opens (the reference is not known yet). `tick`: the stock's price step
 * in paise, when this device has its quote.
 */
export function priceSteps(offering: Pick<BlockOffering, 'referencePrice' | 'discountBps' | 'price' | 'bandBps' | 'bandMin' | 'bandMax'>, tick?: number): PriceSteps | null {
  const { referencePrice: reference, price } = offering
  if (reference === null || price === null) return null
  const discounted = mulDiv(reference, BPS - offering.discountBps, BPS, 'down')
  // Recomputed from the published reference and band, not read from the reply: this is the check.
  const bandMin = Math.max(1, mulDiv(reference, BPS - offering.bandBps, BPS, 'up'))
  const bandMax = mulDiv(reference, BPS + offering.bandBps, BPS, 'down')
  const raisedToBand = price > discounted
  let followsRule: boolean
  if (tick !== undefined && Number.isSafeInteger(tick) && tick > 0) {
    let expected = Math.floor(discounted / tick) * tick
    if (expected < bandMin) expected = Math.ceil(bandMin / tick) * tick
    followsRule = price === expected
  } else {
    followsRule = raisedToBand ? discounted < bandMin : true
  }
  // The band the reply publishes must be the one its reference and bandBps give.
  followsRule &&= (offering.bandMin === null || offering.bandMin === bandMin) && (offering.bandMax === null || offering.bandMax === bandMax)
  return { reference, discounted, price, off: reference - price, bandMin, bandMax, raisedToBand, followsRule, insideBand: bandMin <= price && price <= bandMax }
}

/**
 * The fewest whole lots an application may ask: at least minShares shares and, once the price is
 * known, at least minAmount (both, as the seed publishes them); at least one lot.
 */
export function minimumLots(offering: Pick<BlockOffering, 'lotSize' | 'minShares' | 'minAmount' | 'price'>): number {
  const byShares = Math.ceil(offering.minShares / offering.lotSize)
  const lotCost = offering.price === null ? 0 : offering.lotSize * offering.price
  const byAmount = lotCost > 0 ? Math.ceil(offering.minAmount / lotCost) : 1
  return Math.max(1, byShares, byAmount)
}

/** The most whole lots one application may ask: every share offered. */
export function maximumLots(offering: Pick<BlockOffering, 'lotSize' | 'shares'>): number {
  return Math.max(1, Math.floor(offering.shares / offering.lotSize))
}

export type ApplicationCost = { amount: number; fee: number; frozen: number }

/** What applying for `shares` at `price` freezes: amount + handling fee + stamp duty, as a buy order of that amount pays. */
export function applicationCost(shares: number, price: number, rules: Pick<ClientTradingRules, 'handlingFeePerLakh' | 'minHandlingFee' | 'stampDutyPerLakh'>): ApplicationCost {
  const amount = contractAmount(shares, price)
  const fee = handlingFee(amount, rules) + stampDuty(amount, true, rules)
  return { amount, fee, frozen: amount + fee }
}

/**
 * The first of the seed's rules an application of `shares` would break at `now`, as the server's
 * refusal (code and params), or null when none does. The server checks them all again.
 */
export function checkApplication(
  offering: Pick<BlockOffering, 'stage' | 'opensAt' | 'closesAt' | 'lotSize' | 'minShares' | 'minAmount' | 'price'>,
  shares: number,
  now: number,
): RefusalLike | null {
  // Not priced yet is not open either: the reference is fixed when the window opens.
  if (stageAt(offering, now) !== 'open' || offering.price === null) return { code: 'block_closed', params: { opens: offering.opensAt, closes: offering.closesAt } }
  if (!Number.isSafeInteger(shares) || shares <= 0 || shares % offering.lotSize !== 0) return { code: 'block_lot_invalid', params: { lot: offering.lotSize } }
  if (shares < offering.minShares) return { code: 'block_below_min_shares', params: { min: offering.minShares } }
  if (contractAmount(shares, offering.price) < offering.minAmount) return { code: 'block_below_min_amount', params: { min: offering.minAmount } }
  return null
}

/** What went back to available cash: the frozen money the allocation did not use. */
export function released(application: Pick<BlockApplication, 'status' | 'frozen' | 'paid'>): number {
  return application.status === 'applied' ? 0 : application.frozen - application.paid
}

/** Applications still waiting for their allocation (blockTrade1); the rest are records (blockTrade2). */
export function inProgress(application: Pick<BlockApplication, 'status'>): boolean {
  return application.status === 'applied'
}
