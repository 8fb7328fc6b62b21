/**
 * What each tab of the trade screen lists, and the "holding items" view that sums the open
 * positions of one instrument and direction (the tabs themselves: tabs.ts). Pure; values come
 * from src/lib/trade.ts.
 */
import { type OrderRow, type QuoteRow } from '../../data/db'
import { marketValue, unrealisedPnl } from '../../lib/trade'
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
