/**
 * The trading arithmetic, shared by the server (server/trade/rules.ts re-exports it for
 * orders.ts and positions.ts) and the screens: the order form's cost preview and a position's
 * market value and unrealised P&L, which the server does not send because they move with every tick.
 * Integers only: products and quotients are taken in BigInt and rounded by the server's rules:
 * - contract amount = quantity x price / unitDivisor, half up (stock divisor 1, crypto 10^6,
 *   forex 100 x base amount);
 * - margin = contract amount / leverage, up; fee = amount x rate, half up, at least the minimum;
 * - stamp duty on the buying side only (a long when opening, a short when closing), half up;
 * - P&L = difference of the two contract amounts, so it matches what settles to the paisa;
 * - price band edges inward (min up, max down).
 */
import { type ConfigName } from '../contract/config'
import { type InstrumentKind, type Order, type OrderStatus } from '../contract/replies'
import { type Paise } from './money'

export type Direction = 'long' | 'short'

// The wire types live in the contract (src/contract/replies.ts); imported as types only.
export type { InstrumentKind, OrderStatus }

/** One order and the position it opened, as the API sends it (/order/list, create, cancel, close). */
export type OrderDto = Order

/** Rates are parts per lakh (1/100,000), as published. */
export const PER_LAKH = 100_000

export type LockRule = { unit: 'minutes' | 'trading_days'; count: number }

/** The published rules (/common/config) the client needs, as numbers. */
export type ClientTradingRules = {
  lotSize: number
  cryptoLotMicro: number
  forexLotUnits: number
  maxLotsPerOrder: number
  leverages: readonly number[]
  handlingFeePerLakh: number
  minHandlingFee: Paise
  stampDutyPerLakh: number
  priceBandPct: number
  lock: LockRule
  dayTradingCutoff: string
  stopOutMarginPct: number
  marketOrderReconfirmSeconds: number
}

/** The server's defaults (server/trade/rules.ts), used for a value the config lacks. */
export const DEFAULT_CLIENT_TRADING_RULES: ClientTradingRules = {
  lotSize: 100,
  cryptoLotMicro: 10_000,
  forexLotUnits: 1000,
  maxLotsPerOrder: 10_000,
  leverages: [1, 2, 5, 10],
  handlingFeePerLakh: 30,
  minHandlingFee: 1000,
  stampDutyPerLakh: 15,
  priceBandPct: 10,
  lock: { unit: 'trading_days', count: 1 },
  dayTradingCutoff: '15:15',
  stopOutMarginPct: 20,
  marketOrderReconfirmSeconds: 60,
}

export type Rounding = 'half_up' | 'up' | 'down'

function toSafe(value: bigint): number {
  const n = Number(value)
  if (!Number.isSafeInteger(n)) throw new RangeError(`amount does not fit a safe integer: ${value}`)
  return n
}

/**
 * a x b / d for non-negative whole numbers, rounded as asked. BigInt keeps the product exact
 * where a float would silently drop paise.
 */
export function mulDiv(a: number, b: number, d: number, rounding: Rounding): number {
  if (![a, b, d].every((v) => Number.isSafeInteger(v) && v >= 0) || d === 0) {
    throw new RangeError(`mulDiv takes non-negative whole numbers and d > 0, got ${a} x ${b} / ${d}`)
  }
  const n = BigInt(a) * BigInt(b)
  const dd = BigInt(d)
  const q = rounding === 'up' ? (n + dd - 1n) / dd : rounding === 'half_up' ? (2n * n + dd) / (2n * dd) : n / dd
  return toSafe(q)
}

/**
 * The contract amount in paise: quantity x price / unitDivisor (server/market/units.ts), rounded
 * half up. A stock's divisor is 1 (shares x paise per share), where the product is exact; a
 * digital currency's is 10^6, a currency pair's 100 x its base amount. Every amount of a position
 * (cost, value, P&L) is taken from this one rounding, so they add up exactly.
 */
export function contractAmount(quantity: number, price: number, unitDivisor = 1): Paise {
  return mulDiv(quantity, price, unitDivisor, 'half_up')
}

/** Contract amount / leverage, rounded up. */
export function marginFor(amount: Paise, leverage: number): Paise {
  return mulDiv(amount, 1, leverage, 'up')
}

/** What the handling fee is taken from: the published rate and minimum, and the user's VIP discount (src/lib/vip.ts). */
export type FeeRules = Pick<ClientTradingRules, 'handlingFeePerLakh' | 'minHandlingFee'> & { feeDiscountPct?: number }

/**
 * The handling fee of one side: amount x rate, half up, never below the minimum; then less the
 * VIP discount in percent (the minimum too), half up. No discount leaves the fee as it was.
 */
export function handlingFee(amount: Paise, rules: FeeRules): Paise {
  const fee = Math.max(rules.minHandlingFee, mulDiv(amount, rules.handlingFeePerLakh, PER_LAKH, 'half_up'))
  const discount = rules.feeDiscountPct ?? 0
  return discount > 0 ? mulDiv(fee, 100 - discount, 100, 'half_up') : fee
}

/** Stamp duty of one side: in India the buyer pays it, so a long when opening and a short when closing. */
export function stampDuty(amount: Paise, buying: boolean, rules: Pick<ClientTradingRules, 'stampDutyPerLakh'>): Paise {
  return buying ? mulDiv(amount, rules.stampDutyPerLakh, PER_LAKH, 'half_up') : 0
}

export type PriceBand = { min: number; max: number }

/** Previous close +/- pct, edges rounded inward; never below 1. */
export function priceBand(previousClose: number, rules: Pick<ClientTradingRules, 'priceBandPct'>): PriceBand {
  return {
    min: Math.max(1, mulDiv(previousClose, 100 - rules.priceBandPct, 100, 'up')),
    max: mulDiv(previousClose, 100 + rules.priceBandPct, 100, 'down'),
  }
}

export type Holding = { direction: Direction; quantity: number; unitDivisor: number; entryPrice: number | null }

/** What the position is worth at `price`: the same for a long and a short. */
export function marketValue(position: Pick<Holding, 'quantity' | 'unitDivisor'>, price: number): Paise {
  return contractAmount(position.quantity, price, position.unitDivisor)
}

/**
 * Gross P&L at `price` (fees and duty not in it), as the server settles it: the contract amount at
 * `price` minus the one at entry for a long, the other way round for a short. Undefined before
 * the order has filled (no entry price).
 */
export function unrealisedPnl(order: Holding, price: number): Paise | undefined {
  if (order.entryPrice === null) return undefined
  const now = contractAmount(order.quantity, price, order.unitDivisor)
  const entry = contractAmount(order.quantity, order.entryPrice, order.unitDivisor)
  return order.direction === 'long' ? now - entry : entry - now
}

export type OrderPreviewInput = {
  direction: Direction
  type: 'market' | 'limit'
  /** The limit price (price units); ignored for a market order. */
  price?: number
  lots: number
  leverage: number
}

export type OpeningCostsPreview = {
  price: number
  quantity: number
  contractAmount: Paise
  margin: Paise
  fee: Paise
  stampDuty: Paise
  /** margin + fee + stamp duty: what leaves available cash. */
  totalDebit: Paise
}

/**
 * What placing the order would cost at the quote's price (a market order) or at the limit price.
 * Undefined when the instrument is not traded (an index), or the lots, leverage or price are not
 * positive whole numbers (the form shows the fields' own errors then).
 */
export function openingCostsPreview(
  input: OrderPreviewInput,
  quote: { price: number; lotUnits?: number; unitDivisor?: number },
  rules: FeeRules & Pick<ClientTradingRules, 'stampDutyPerLakh'>,
): OpeningCostsPreview | undefined {
  const { lotUnits, unitDivisor } = quote
  if (lotUnits === undefined || unitDivisor === undefined) return undefined
  const price = input.type === 'limit' ? input.price : quote.price
  const whole = (v: number | undefined): v is number => v !== undefined && Number.isSafeInteger(v) && v > 0
  if (!whole(price) || !whole(input.lots) || !whole(input.leverage)) return undefined
  const quantity = toSafe(BigInt(input.lots) * BigInt(lotUnits))
  const amount = contractAmount(quantity, price, unitDivisor)
  const margin = marginFor(amount, input.leverage)
  const fee = handlingFee(amount, rules)
  const duty = stampDuty(amount, input.direction === 'long', rules)
  return { price, quantity, contractAmount: amount, margin, fee, stampDuty: duty, totalDebit: margin + fee + duty }
}

function wholeNumber(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback
  const n = Number(raw)
  return Number.isSafeInteger(n) && n >= 0 ? n : fallback
}

/** The published rules from config values (e.g. `(name) => getConfigValue(name)`), defaults for gaps. */
export function tradingRulesFromConfig(get: (name: ConfigName) => string | undefined): ClientTradingRules {
  const d = DEFAULT_CLIENT_TRADING_RULES
  const leverages = (get('leverages') ?? '')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isSafeInteger(n) && n >= 1)
  const unit = get('lock_unit')
  const cutoff = get('day_trading_cutoff')
  return {
    lotSize: wholeNumber(get('lot_size'), d.lotSize),
    cryptoLotMicro: wholeNumber(get('lot_crypto_micro'), d.cryptoLotMicro),
    forexLotUnits: wholeNumber(get('lot_forex_units'), d.forexLotUnits),
    maxLotsPerOrder: wholeNumber(get('max_lots_per_order'), d.maxLotsPerOrder),
    leverages: leverages.length > 0 ? leverages : d.leverages,
    handlingFeePerLakh: wholeNumber(get('handling_fee_per_lakh'), d.handlingFeePerLakh),
    minHandlingFee: wholeNumber(get('min_handling_fee'), d.minHandlingFee),
    stampDutyPerLakh: wholeNumber(get('stamp_duty_per_lakh'), d.stampDutyPerLakh),
    priceBandPct: wholeNumber(get('price_band_pct'), d.priceBandPct),
    lock: {
      unit: unit === 'minutes' || unit === 'trading_days' ? unit : d.lock.unit,
      count: wholeNumber(get('lock_count'), d.lock.count),
    },
    dayTradingCutoff: cutoff && /^\d{2}:\d{2}$/.test(cutoff) ? cutoff : d.dayTradingCutoff,
    stopOutMarginPct: wholeNumber(get('stop_out_margin_pct'), d.stopOutMarginPct),
    marketOrderReconfirmSeconds: wholeNumber(get('market_order_reconfirm_seconds'), d.marketOrderReconfirmSeconds),
  }
}
