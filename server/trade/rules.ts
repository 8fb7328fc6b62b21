/**
 * The published trading rules (DESIGN.md section 4, issue 3) and the integer arithmetic every
 * trading amount goes through. Money is whole paise, prices per share are whole paise too, and no
 * float ever carries a money value: products and quotients are taken in BigInt and rounded by an
 * explicit rule, then checked to fit a safe integer again.
 *
 * Rounding rules, chosen so that the house is never short and the user is never surprised:
 * - margin = contract amount / leverage, rounded UP (a user never holds less margin than the rule);
 * - handling fee and stamp duty = amount x rate, rounded HALF UP to whole paise (the usual
 *   commercial rule; 0.5 paise becomes 1 paise), the fee then raised to its minimum;
 * - price band = previous close +/- pct, each edge rounded INWARD (min up, max down), so the band
 *   never grows wider than published;
 * - the stop-out test is an exact integer comparison, no rounding at all.
 */
import { type Paise } from '../ledger/money'
import { type DomainRefusal } from '../http/refusal'
import { type FeeRules, type PriceBand } from '../../src/lib/trade'
import { MINUTE_MS, dayNumberStart, indiaDayNumber } from '../market/calendar'

// The money arithmetic (amounts, margin, fee, duty, band) lives once, in src/lib/trade.ts, so
// the order form's preview and the server's charge cannot round apart.
export { PER_LAKH, type PriceBand, type Rounding, contractAmount, handlingFee, marginFor, mulDiv, priceBand, stampDuty } from '../../src/lib/trade'

export type Direction = 'long' | 'short'
export const DIRECTIONS = { long: 'long', short: 'short' } as const satisfies Record<Direction, Direction>

/**
 * How long a new position must be held before the user may close it: N minutes, or T+N India
 * trading days (the calendar lives in server/market; callers pass its addTradingDays).
 */
export type LockRule = { unit: 'minutes'; count: number } | { unit: 'trading_days'; count: number }

export type TradingRules = {
  /** Shares per lot (DESIGN.md: default 100). */
  lotSize: number
  /** The most lots one order may carry, so every amount stays an exact safe integer. */
  maxLotsPerOrder: number
  /** The published leverage multiples; whole numbers, 1 means no margin trading. */
  leverages: readonly number[]
  /** Handling fee on the contract amount of each side, per lakh (30 = 0.03%). */
  handlingFeePerLakh: number
  /** The smallest handling fee charged on a side, in paise. */
  minHandlingFee: Paise
  /** Stamp duty on the buying side's contract amount, per lakh (15 = 0.015%). */
  stampDutyPerLakh: number
  /** Orders must price within previous close +/- this percentage. */
  priceBandPct: number
  lock: LockRule
  /** India time `hh:mm` at which the day's day-trading positions are squared off. */
  dayTradingCutoff: string
  /** Stop-out when margin + unrealised P&L falls to this percentage of the original margin. */
  stopOutMarginPct: number
}

/**
 * The rules one user's order is charged by: the published ones and the handling-fee discount of
 * the user's stored VIP level (server/vip; 0 or absent: none). The discount changes the fee only,
 * never the margin, the leverage, the band or the stop-out.
 */
export type ChargingRules = TradingRules & Pick<FeeRules, 'feeDiscountPct'>

export const DEFAULT_TRADING_RULES = {
  lotSize: 100,
  maxLotsPerOrder: 10_000,
  leverages: [1, 2, 5, 10],
  handlingFeePerLakh: 30,
  minHandlingFee: 1000,
  stampDutyPerLakh: 15,
  priceBandPct: 10,
  lock: { unit: 'trading_days', count: 1 },
  dayTradingCutoff: '15:15',
  stopOutMarginPct: 20,
} as const satisfies TradingRules

/** A decision that either carries its value or the refusal to send. */
export type Result<T> = { ok: true; value: T } | { ok: false; refusal: DomainRefusal }

export function accept<T>(value: T): Result<T> {
  return { ok: true, value }
}

export function refuse<T = never>(refusal: DomainRefusal): Result<T> {
  return { ok: false, refusal }
}

const CUTOFF_PATTERN = /^([01][0-9]|2[0-3]):([0-5][0-9])$/

/** Minutes after India midnight of an `hh:mm` cut-off. */
export function cutoffMinutes(cutoff: string): number {
  const match = CUTOFF_PATTERN.exec(cutoff)
  if (!match) throw new Error(`day-trading cut-off must be hh:mm, got "${cutoff}"`)
  return Number(match[1]) * 60 + Number(match[2])
}

function isWhole(value: number, min: number): boolean {
  return Number.isSafeInteger(value) && value >= min
}

/**
 * Checks a rule set once, when the config loads: a bad rule is an operator's mistake and must stop
 * the server, not surface later as an odd refusal.
 */
export function checkTradingRules(rules: TradingRules): TradingRules {
  const problems: string[] = []
  if (!isWhole(rules.lotSize, 1)) problems.push('lotSize must be a whole number >= 1')
  if (!isWhole(rules.maxLotsPerOrder, 1)) problems.push('maxLotsPerOrder must be a whole number >= 1')
  if (rules.leverages.length === 0 || !rules.leverages.every((l) => isWhole(l, 1))) {
    problems.push('leverages must be whole numbers >= 1')
  }
  if (!isWhole(rules.handlingFeePerLakh, 0)) problems.push('handlingFeePerLakh must be a whole number >= 0')
  if (!isWhole(rules.minHandlingFee, 0)) problems.push('minHandlingFee must be whole paise >= 0')
  if (!isWhole(rules.stampDutyPerLakh, 0)) problems.push('stampDutyPerLakh must be a whole number >= 0')
  if (!isWhole(rules.priceBandPct, 1) || rules.priceBandPct > 100) problems.push('priceBandPct must be a whole number 1..100')
  if (!isWhole(rules.lock.count, 0)) problems.push('lock.count must be a whole number >= 0')
  if (!CUTOFF_PATTERN.test(rules.dayTradingCutoff)) problems.push('dayTradingCutoff must be hh:mm')
  if (!isWhole(rules.stopOutMarginPct, 0) || rules.stopOutMarginPct >= 100) problems.push('stopOutMarginPct must be a whole number 0..99')
  if (problems.length > 0) throw new Error(`invalid trading rules: ${problems.join('; ')}`)
  return rules
}

function toSafe(value: bigint, what: string): number {
  const n = Number(value)
  if (!Number.isSafeInteger(n)) throw new RangeError(`${what} does not fit a safe integer: ${value}`)
  return n
}

/** a x b, refusing (as a bug) a product a float could not hold exactly. */
export function exactMul(a: number, b: number): number {
  return toSafe(BigInt(a) * BigInt(b), `${a} x ${b}`)
}

/** Shares in `lots` lots. */
export function sharesOf(lots: number, rules: TradingRules): number {
  return exactMul(lots, rules.lotSize)
}

export function inBand(price: Paise, band: PriceBand): boolean {
  return price >= band.min && price <= band.max
}

/** The instant of India midnight starting the India day that contains `ms`. */
export function indiaMidnight(ms: number): number {
  return dayNumberStart(indiaDayNumber(ms))
}

/** The instant of the cut-off `hh:mm` (India time) on the India day that contains `ms`. */
export function cutoffOnDayOf(ms: number, cutoff: string): number {
  return indiaMidnight(ms) + cutoffMinutes(cutoff) * MINUTE_MS
}

/**
 * When a position opened at `openedAt` may first be closed. Minutes are wall-clock; trading days
 * come from the calendar's addTradingDays, whose answer (e.g. that day's open) is taken as is.
 */
export function unlockTime(openedAt: number, lock: LockRule, addTradingDays: (ms: number, n: number) => number): number {
  if (lock.count === 0) return openedAt
  return lock.unit === 'minutes' ? openedAt + lock.count * MINUTE_MS : addTradingDays(openedAt, lock.count)
}
