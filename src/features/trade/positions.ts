/**
 * What each tab of the trade screen lists, and the "holding items" view that sums the open
 * positions of one instrument and direction (the tabs themselves: tabs.ts). Pure; values come
 * from src/lib/trade.ts.
 */
import { type OrderRow, type QuoteRow } from '../../data/db'
import { marketValue, unrealisedPnl } from '../../lib/trade'
import { indiaDay } from '../../lib/dates'
import { type Paise } from '../../lib/money'
import { isOpen } from './labels'
import { type TradeTab } from './tabs'

/** The orders a tab lists, newest first as given. "holding" lists the open ones (then summed). */
export function ordersOfTab(orders: readonly OrderRow[], tab: TradeTab): OrderRow[] {
  switch (tab) {
    case 'open':
    case 'holding':
      return orders.filter(isOpen)
    case 'pending':
      return orders.filter((o) => o.status === 'pending')
    case 'ended':
      return orders.filter((o) => o.status === 'closed' || o.status === 'cancelled')
    case 'crypto':
    case 'forex':
      return orders.filter((o) => o.kind === tab && isOpen(o))
  }
}

export type Valuation = { price: number; marketValue: number; pnl: number | undefined }

/** An open position's worth at the quote's last price; undefined without a quote or before the fill. */
export function valuationOf(order: OrderRow, quote: Pick<QuoteRow, 'price'> | undefined): Valuation | undefined {
  if (!quote || order.entryPrice === null || !isOpen(order)) return undefined
  return { price: quote.price, marketValue: marketValue(order, quote.price), pnl: unrealisedPnl(order, quote.price) }
}

export type HoldingItem = {
  key: string
  symbol: string
  name: string
  kind: OrderRow['kind']
  direction: OrderRow['direction']
  positions: number
  lots: number
  quantity: number
  quantityScale: number
  /** Quantity-weighted entry price, rounded half up; null when no position has filled. */
  averagePrice: number | null
  margin: number
  /** Undefined until every position of the item has a quote. */
  marketValue: number | undefined
  pnl: number | undefined
}

/** Open positions summed per instrument and direction, in the order each item first appears. */
export function holdingItems(orders: readonly OrderRow[], quotes: ReadonlyMap<string, Pick<QuoteRow, 'price'>>): HoldingItem[] {
  const items = new Map<string, HoldingItem & { weighted: bigint; filled: number }>()
  for (const order of orders) {
    if (!isOpen(order)) continue
    const key = `${order.symbol}:${order.direction}`
    let item = items.get(key)
    if (!item) {
      item = {
        key,
        symbol: order.symbol,
        name: order.name,
        kind: order.kind,
        direction: order.direction,
        positions: 0,
        lots: 0,
        quantity: 0,
        quantityScale: order.quantityScale,
        averagePrice: null,
        margin: 0,
        marketValue: 0,
        pnl: 0,
        weighted: 0n,
        filled: 0,
      }
      items.set(key, item)
    }
    item.positions += 1
    item.lots += order.lots
    item.quantity += order.quantity
    item.margin += order.margin
    if (order.entryPrice !== null) {
      item.weighted += BigInt(order.entryPrice) * BigInt(order.quantity)
      item.filled += order.quantity
    }
    const value = valuationOf(order, quotes.get(order.symbol))
    item.marketValue = value && item.marketValue !== undefined ? item.marketValue + value.marketValue : undefined
    item.pnl = value?.pnl !== undefined && item.pnl !== undefined ? item.pnl + value.pnl : undefined
  }
  return [...items.values()].map(({ weighted, filled, ...item }) => ({
    ...item,
    averagePrice: filled > 0 ? Number((2n * weighted + BigInt(filled)) / (2n * BigInt(filled))) : null,
  }))
}

/**
 * The holdings summary at the top of the trade tab, computed on the device from the orders and
 * quotes in Dexie (DESIGN.md: assets on the device work offline). What each figure means:
 * - invested: the money put into the open positions, their margin (contract amount at entry /
 *   leverage, as the server froze it). Fees paid to open are a cost, not money invested.
 * - totalPnl: the gross P&L of every open position at its last quote (unrealisedPnl: what the
 *   server settles at that price, before closing fees and duty).
 * - currentValue: invested + totalPnl, what the positions are worth to their holder now. With
 *   leverage it moves by the whole contract's change, not by the margin's.
 * - dayPnl: the change since the previous close (the quote's prevClose), or since the entry for
 *   a position opened on the quote's India day (it did not hold through the previous close).
 * Every amount is one contractAmount per position and price (half up, the server's rounding),
 * then whole paise added up, so the figures add up exactly. A position without a quote, or not
 * filled yet, leaves the valued figures undefined rather than wrong.
 */
export type HoldingsSummary = {
  positions: number
  invested: Paise
  currentValue: Paise | undefined
  dayPnl: Paise | undefined
  totalPnl: Paise | undefined
  /** The oldest quote time of the positions valued: the figures are as of then. */
  pricedAt: number | undefined
}

type SummaryQuote = Pick<QuoteRow, 'price' | 'prevClose' | 'time'>

export function holdingsSummary(orders: readonly OrderRow[], quotes: ReadonlyMap<string, SummaryQuote>): HoldingsSummary {
  let positions = 0
  let invested = 0
  let dayPnl: number | undefined = 0
  let totalPnl: number | undefined = 0
  let pricedAt: number | undefined
  for (const order of orders) {
    if (!isOpen(order)) continue
    positions += 1
    invested += order.margin
    const quote = quotes.get(order.symbol)
    const total = quote ? unrealisedPnl(order, quote.price) : undefined
    if (!quote || total === undefined || order.entryPrice === null) {
      dayPnl = totalPnl = undefined
      continue
    }
    const openedToday = indiaDay(order.openedAt ?? order.createdAt) >= indiaDay(quote.time)
    const since = openedToday ? order.entryPrice : quote.prevClose
    const day = unrealisedPnl({ ...order, entryPrice: since }, quote.price) ?? 0
    if (totalPnl !== undefined) totalPnl += total
    if (dayPnl !== undefined) dayPnl += day
    pricedAt = pricedAt === undefined ? quote.time : Math.min(pricedAt, quote.time)
  }
  return {
    positions,
    invested,
    currentValue: totalPnl === undefined ? undefined : invested + totalPnl,
    dayPnl,
    totalPnl,
    pricedAt: totalPnl === undefined ? undefined : pricedAt,
  }
}
