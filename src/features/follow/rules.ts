/**
 * The arithmetic the copy-trading screens show, pure so it has tests, and written the way the
 * server's rules are (src/contract/replies.ts, "Copy-trading"): NAV per unit in 1/10,000 rupee,
 * units in thousandths, a holding worth floor(units x nav / NAV_VALUE_DIVISOR) paise. Products in
 * BigInt where a product of two amounts could pass 2^53, so no float ever carries money.
 */
import { type FollowDetail, type FollowInvestment, type FollowProduct } from '../../contract/replies'

/**
 * The contract's NAV_VALUE_DIVISOR, repeated because the app takes only types from the contract
 * module (its schemas are the server's); a test checks the two agree.
 */
export const NAV_VALUE_DIVISOR = 100_000
const DIVISOR = BigInt(NAV_VALUE_DIVISOR)

/** What `units` thousandths of a unit are worth at `nav`, paise: floor(units x nav / NAV_VALUE_DIVISOR). */
export function holdingValue(units: number, nav: number): number {
  if (units <= 0 || nav <= 0) return 0
  return Number((BigInt(units) * BigInt(nav)) / DIVISOR)
}

/** The units `amount` paise buy at `nav`: floor(amount x NAV_VALUE_DIVISOR / nav); 0 without a NAV. */
export function unitsFor(amount: number, nav: number): number {
  if (amount <= 0 || nav <= 0) return 0
  return Number((BigInt(amount) * DIVISOR) / BigInt(nav))
}

/**
 * What investing `amount` at `nav` takes from the cash ledger: the value of the units it buys,
 * never more than the amount (the dust below one thousandth of a unit is not taken).
 */
export function costOf(amount: number, nav: number): number {
  return holdingValue(unitsFor(amount, nav), nav)
}

/** Profit (positive) or loss (negative), paise. */
export function profitLoss(value: number, amount: number): number {
  return value - amount
}

/** The value at or below which a copy stop-loss of `percent` redeems: floor(amount x (100 - percent) / 100). */
export function stopLossValue(amount: number, percent: number): number {
  return Number((BigInt(amount) * BigInt(100 - percent)) / 100n)
}

/** Whether a holding worth `value` has reached its stop-loss. */
export function stopLossReached(value: number, stopValue: number | null): boolean {
  return stopValue !== null && value <= stopValue
}

/** The fund size still open to money, paise (never negative). */
export function roomLeft(product: Pick<FollowProduct, 'fundSize' | 'invested'>): number {
  return Math.max(0, product.fundSize - product.invested)
}

/** How full the fund is, in basis points of its size (10000 = full). */
export function fullnessBps(product: Pick<FollowProduct, 'fundSize' | 'invested'>): number {
  if (product.fundSize <= 0) return 10_000
  return Math.min(10_000, Math.floor((product.invested * 10_000) / product.fundSize))
}

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

/** The length of a product's lock in milliseconds (a day counted as 24 hours). */
export function lockMs(product: Pick<FollowProduct, 'lockUnit' | 'lockCount'>): number {
  return product.lockCount * (product.lockUnit === 'minute' ? MINUTE : DAY)
}

/** When an investment made at `at` unlocks (the server's unlockAt is what counts once it replies). */
export function lockEnd(product: Pick<FollowProduct, 'lockUnit' | 'lockCount'>, at: number): number {
  return at + lockMs(product)
}

/** Whether the product takes money at `now`: the server's status, and the deadline by the clock. */
export function isOpen(product: Pick<FollowProduct, 'status' | 'deadline'>, now: number): boolean {
  return product.status === 'open' && now < product.deadline
}

export type InvestProblem = 'closed' | 'below_min' | 'fund_full' | 'balance'

/**
 * The first rule an investment of `amount` breaks, checked here for a fast answer (the server
 * decides): the deadline, the minimum, the fund size left, the available balance (when known).
 */
export function investProblem(
  product: Pick<FollowProduct, 'status' | 'deadline' | 'minAmount' | 'fundSize' | 'invested'>,
  amount: number,
  available: number | undefined,
  now: number,
): InvestProblem | null {
  if (!isOpen(product, now)) return 'closed'
  if (amount < product.minAmount) return 'below_min'
  if (amount > roomLeft(product)) return 'fund_full'
  if (available !== undefined && amount > available) return 'balance'
  return null
}

/** A stop-loss percent is a whole number within the published bounds. */
export function stopLossValid(percent: number, min: number, max: number): boolean {
  return Number.isInteger(percent) && percent >= min && percent <= max
}

/** Whether an investment may be redeemed by its owner at `now`: in progress and past its lock. */
export function canRedeem(investment: Pick<FollowInvestment, 'status' | 'unlockAt'>, now: number): boolean {
  return investment.status === 'in_progress' && now >= investment.unlockAt
}

/** An exact decimal string of `value / 10^decimals` (12345, 4 -> "1.2345"). */
function decimal(value: number, decimals: number): string {
  const abs = BigInt(Math.abs(Math.trunc(value)))
  const unit = 10n ** BigInt(decimals)
  const whole = abs / unit
  const rest = decimals > 0 ? `.${String(abs % unit).padStart(decimals, '0')}` : ''
  return `${value < 0 ? '-' : ''}${whole}${rest}`
}

const navFormat = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 4, maximumFractionDigits: 4 })

/** A NAV as rupees with its 4 decimals: 100000 -> "₹10.0000". */
export function formatNav(nav: number): string {
  // Intl takes decimal strings exactly (ES2023); the cast only satisfies older lib typings.
  return navFormat.format(decimal(nav, 4) as unknown as number)
}

const unitsFormat = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 3, maximumFractionDigits: 3 })

/** Units (thousandths) with their 3 decimals and Indian grouping: 1234567 -> "1,234.567". */
export function formatUnits(units: number): string {
  return unitsFormat.format(decimal(units, 3) as unknown as number)
}

const percentFormats = new Map<string, Intl.NumberFormat>()

/** Basis points as a percentage with 2 decimals, in `locale`'s way: 1234 -> "12.34%"; `signed` adds + for a rise. */
export function formatBps(bps: number, { signed = false, locale = 'en-IN' }: { signed?: boolean; locale?: string } = {}): string {
  const key = `${locale}:${signed}`
  let format = percentFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: signed ? 'exceptZero' : 'auto' })
    percentFormats.set(key, format)
  }
  // bps / 10000 as an exact decimal: 1234 -> "0.1234".
  return format.format(decimal(bps, 4) as unknown as number)
}

/** A NAV day as the app writes dates: "2026-11-23" -> "2026.11.23". */
export function formatDay(day: string): string {
  return day.replaceAll('-', '.')
}

/** The newest "NAV now" this device has: the detail's, or the product list's when that was fetched later. */
export function latestNav(detail: Pick<FollowDetail, 'navNow' | 'navAt'>, product: Pick<FollowProduct, 'nav' | 'navAt'> | undefined): { nav: number; at: number } {
  return product && product.navAt > detail.navAt ? { nav: product.nav, at: product.navAt } : { nav: detail.navNow, at: detail.navAt }
}
