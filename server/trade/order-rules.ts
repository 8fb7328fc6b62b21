/**
 * Order rules (DESIGN.md section 4, issue 3): what an order costs and whether it may be placed,
 * and when a resting limit order fills. Pure: the market's state (open or not, current price,
 * previous close), the account's flags and its available cash are given by the caller.
 */
import { type RealNameStatus, requireVerified } from '../identity/rules'
import { type Paise } from '../ledger/money'
import { DomainRefusal } from '../http/refusal'
import {
  type ChargingRules,
  type Direction,
  type Result,
  accept,
  contractAmount,
  cutoffOnDayOf,
  exactMul,
  handlingFee,
  inBand,
  marginFor,
  priceBand,
  refuse,
  stampDuty,
} from './rules'

export type OrderKind = 'market' | 'limit'
export const ORDER_KINDS = { market: 'market', limit: 'limit' } as const satisfies Record<OrderKind, OrderKind>

export type OrderInput = {
  kind: OrderKind
  direction: Direction
  lots: number
  leverage: number
  /** Required for a limit order, ignored for a market order. */
  limitPrice?: Paise | null
  /** A day-trading order opens a position that is squared off at the day's cut-off. */
  dayTrading?: boolean
}

/** Whether the exchange takes orders now; the calendar in server/market decides. */
export type MarketState = { open: true } | { open: false; opensAt: number }

export type OrderContext = {
  /** With the user's VIP fee discount (ChargingRules). */
  rules: ChargingRules
  now: number
  market: MarketState
  /** The feed's last price: a market order's price. */
  marketPrice: Paise
  /** The band is measured from here. */
  previousClose: Paise
  account: { noTrade: boolean; marginTradingEnabled: boolean; realNameStatus: RealNameStatus }
  available: Paise
  /**
   * How the instrument is traded (server/market/units.ts tradingUnits): quantity units per lot and
   * the divisor that turns quantity x price into paise. Absent means a stock: `rules.lotSize`
   * shares per lot, divisor 1.
   */
  units?: OrderUnits
}

export type OrderUnits = { lotUnits: number; unitDivisor: number }

export type OpeningCosts = {
  price: Paise
  quantity: number
  contractAmount: Paise
  margin: Paise
  fee: Paise
  stampDuty: Paise
  /** margin + fee + stamp duty: what leaves available cash (frozen first for a limit order). */
  totalDebit: Paise
}

/**
 * What opening `quantity` units at `price` costs. A long buys now and pays stamp duty now; a
 * short sells now and pays it when it buys back.
 */
export function openingCosts(
  direction: Direction,
  quantity: number,
  price: Paise,
  leverage: number,
  rules: ChargingRules,
  unitDivisor = 1,
): OpeningCosts {
  const amount = contractAmount(quantity, price, unitDivisor)
  const margin = marginFor(amount, leverage)
  const fee = handlingFee(amount, rules)
  const duty = stampDuty(amount, direction === 'long', rules)
  return { price, quantity, contractAmount: amount, margin, fee, stampDuty: duty, totalDebit: margin + fee + duty }
}

export function marketClosed(opensAt: number): DomainRefusal {
  return new DomainRefusal('market_closed', { opens: opensAt }, 'The market is closed; orders are taken from the next open.')
}

function assertFeedPrice(name: string, value: number): void {
  // A bad feed value is the server's bug, not the user's mistake: fail loudly rather than refuse.
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be whole paise > 0, got ${value}`)
}

/**
 * The order's costs if every rule is met, else the first rule it breaks. Rules are checked in
 * this order, so a user fixes the form before the market's state or the balance is mentioned:
 * trading_disabled, real_name_required, lots_invalid, leverage_not_allowed, margin_trading_disabled,
 * limit_price_invalid, market_closed, day_trading_closed, price_out_of_band, insufficient_balance.
 */
export function validateOrder(input: OrderInput, ctx: OrderContext): Result<OpeningCosts> {
  const { rules } = ctx
  assertFeedPrice('marketPrice', ctx.marketPrice)
  assertFeedPrice('previousClose', ctx.previousClose)

  if (ctx.account.noTrade) return refuse(new DomainRefusal('trading_disabled', {}, 'Trading is disabled for this account.'))
  const unverified = requireVerified(ctx.account.realNameStatus)
  if (unverified) return refuse(unverified)

  if (!Number.isSafeInteger(input.lots) || input.lots < 1 || input.lots > rules.maxLotsPerOrder) {
    return refuse(
      new DomainRefusal(
        'lots_invalid',
        { min: 1, max: rules.maxLotsPerOrder },
        `Order a whole number of lots from 1 to ${rules.maxLotsPerOrder}.`,
      ),
    )
  }

  if (!rules.leverages.includes(input.leverage)) {
    const allowed = rules.leverages.join(',')
    return refuse(new DomainRefusal('leverage_not_allowed', { allowed }, `Leverage must be one of ${allowed}.`))
  }

  if (input.leverage > 1 && !ctx.account.marginTradingEnabled) {
    return refuse(new DomainRefusal('margin_trading_disabled', {}, 'Enable margin trading to use leverage above 1.'))
  }

  let price = ctx.marketPrice
  if (input.kind === 'limit') {
    const limit = input.limitPrice
    if (limit === undefined || limit === null || !Number.isSafeInteger(limit) || limit <= 0) {
      return refuse(new DomainRefusal('limit_price_invalid', {}, 'The limit price must be above zero.'))
    }
    price = limit
  }

  if (!ctx.market.open) return refuse(marketClosed(ctx.market.opensAt))

  // A day-trading position opened after the cut-off would be squared off at once, for nothing but fees.
  if (input.dayTrading === true && ctx.now >= cutoffOnDayOf(ctx.now, rules.dayTradingCutoff)) {
    return refuse(
      new DomainRefusal(
        'day_trading_closed',
        { cutoff: rules.dayTradingCutoff },
        `Day trading closes at ${rules.dayTradingCutoff} India time.`,
      ),
    )
  }

  const band = priceBand(ctx.previousClose, rules)
  if (!inBand(price, band)) {
    return refuse(new DomainRefusal('price_out_of_band', { min: band.min, max: band.max }, "The price is outside today's price band."))
  }

  const units = ctx.units ?? { lotUnits: rules.lotSize, unitDivisor: 1 }
  const quantity = exactMul(input.lots, units.lotUnits)
  const costs = openingCosts(input.direction, quantity, price, input.leverage, rules, units.unitDivisor)
  if (costs.totalDebit > ctx.available) {
    return refuse(
      new DomainRefusal(
        'insufficient_balance',
        { required: costs.totalDebit, available: ctx.available },
        'The available balance does not cover the margin and fees.',
      ),
    )
  }
  return accept(costs)
}

export type RestingOrder = { direction: Direction; limitPrice: Paise }
export type Tick = { price: Paise; at: number }

/**
 * A resting limit order fills once the feed reaches its price: a long (buy) when the price is at
 * or below the limit, a short (sell) when it is at or above.
 */
export function shouldFill(order: RestingOrder, tick: Tick): boolean {
  return order.direction === 'long' ? tick.price <= order.limitPrice : tick.price >= order.limitPrice
}

/**
 * A limit order fills at its limit, never at the (possibly better) tick. On an exchange the
 * resting order sets the trade price; and the margin and fees frozen when it was placed were
 * computed at the limit, so the fill moves exactly the frozen amount and nothing is recomputed.
 */
export function fillPrice(order: RestingOrder, _tick: Tick): Paise {
  return order.limitPrice
}
