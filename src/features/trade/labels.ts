/** Words and number formats of the trading screens, shared by the form, the lists and the detail. */
import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type OrderDto, type OrderStatus } from '../../data/db'
import { formatPrice, priceToDecimal } from '../../lib/money'

export const STATUS_NAMES: Record<OrderStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  cancelled: msg`Cancelled`,
  locked: msg`Locked`,
  holding: msg`Holding`,
  preparing_to_close: msg`Preparing to close`,
  // A context: "Closed" is also the market's session state (StockDetailScreen), another word in Chinese and Korean.
  closed: msg({ message: 'Closed', context: 'order status' }),
}

export const DIRECTION_NAMES: Record<OrderDto['direction'], MessageDescriptor> = {
  long: msg`Long`,
  short: msg`Short`,
}

export const TYPE_NAMES: Record<OrderDto['type'], MessageDescriptor> = {
  // A context: "Market" is also the tab (行情, 시장); the order type is 市價, 시장가.
  market: msg({ message: 'Market', context: 'order type' }),
  limit: msg`Limit`,
}

export const CLOSE_REASONS: Record<NonNullable<OrderDto['closeReason']>, MessageDescriptor> = {
  user: msg`Closed by you`,
  stop_out: msg`Stopped out`,
  square_off: msg`Squared off at the cut-off`,
}

/** Statuses of a position that is open (what "in progress" lists). */
export const OPEN_STATUSES: readonly OrderStatus[] = ['locked', 'holding', 'preparing_to_close']

export function isOpen(order: Pick<OrderDto, 'status'>): boolean {
  return OPEN_STATUSES.includes(order.status)
}

/** A price in rupees: ₹ and all the decimals of its scale. */
export function rupeePrice(price: number | null | undefined, priceScale: number): string {
  if (price === null || price === undefined || !Number.isSafeInteger(price)) return '—'
  return `₹${formatPrice(price, priceScale)}`
}

/**
 * Quantity units as shares, coins or currency units: 10000 millionths -> "0.01". Trailing zeros
 * after the point are dropped; whole quantities get Indian grouping.
 */
export function formatQuantity(quantity: number, quantityScale: number): string {
  if (!Number.isSafeInteger(quantity)) return '—'
  const exact = priceToDecimal(quantity, quantityScale)
  const [whole = '0', frac = ''] = exact.split('.')
  const grouped = new Intl.NumberFormat('en-IN').format(BigInt(whole))
  const trimmed = frac.replace(/0+$/, '')
  return trimmed ? `${grouped}.${trimmed}` : grouped
}

/**
 * The price a list shows for an order: the price it opened at, or its limit when it never opened
 * (resting, or cancelled before it filled): a cancelled limit order has no open price.
 */
export function headlinePrice(order: Pick<OrderDto, 'entryPrice' | 'limitPrice'>): { kind: 'open' | 'limit'; price: number | null } {
  return order.entryPrice !== null ? { kind: 'open', price: order.entryPrice } : { kind: 'limit', price: order.limitPrice }
}

/**
 * The price scale of an order's prices. OrderDto does not carry it, so it comes from the
 * instrument's quote; without one, the scales the exchange uses (forex 1/10,000 rupee, else paise).
 */
export function priceScaleOf(kind: OrderDto['kind'], quote: { priceScale: number } | null | undefined): number {
  if (quote && Number.isSafeInteger(quote.priceScale) && quote.priceScale > 0) return quote.priceScale
  return kind === 'forex' ? 10_000 : 100
}
