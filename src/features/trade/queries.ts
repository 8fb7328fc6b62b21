/** Reads of the trading screens from Dexie, one useLiveQuery each. */
import { useLiveQuery } from 'dexie-react-hooks'
import { db, readMeta, type OrderRow, type OutboxItem, type QuoteRow } from '../../data/db'
import { restoreDeviceMeta } from '../../data/metaValues'
import { stockDetailKey, type StockDetail } from '../../data/market'
import { pendingItems } from '../../data/outbox'
import { ORDER_KINDS } from '../../data/outboxKinds'
import { storedVipInfo } from '../../data/vip'

/** Every order of `account`, newest first (the route loader's read and the lists' live read). */
export async function readOrders(account: string | null | undefined): Promise<OrderRow[]> {
  if (!account) return []
  // Numbers run from -Infinity to Infinity in IndexedDB's key order: the whole account's span.
  return db.orders
    .where('[account+createdAt]')
    .between([account, -Infinity], [account, Infinity], true, true)
    .reverse()
    .toArray()
}

/** The account's orders, newest first; `initial` (the loader's read) until the first live read. */
export function useOrders(account: string | null | undefined, initial?: OrderRow[]): OrderRow[] | undefined {
  return useLiveQuery(() => readOrders(account), [account], initial)
}

/** One order of `account`; null when this device does not have it. */
export function useOrder(account: string | null | undefined, id: number): OrderRow | null | undefined {
  return useLiveQuery(async () => {
    if (!account || !id) return null
    const row = await db.orders.get(id)
    return row && row.account === account ? row : null
  }, [account, id])
}

/** The last quotes of `symbols`, by symbol (absent when this device has none yet). */
export function useQuotes(symbols: readonly string[]): Map<string, QuoteRow> | undefined {
  const key = symbols.join(',')
  return useLiveQuery(async () => {
    const rows = await db.quotes.bulkGet(key ? key.split(',') : [])
    return new Map(rows.filter((r): r is QuoteRow => r !== undefined).map((r) => [r.symbol, r]))
  }, [key])
}

/** The stocks this device has quotes of, by symbol (the day-trading screen's choice). */
export function useStocks(): QuoteRow[] | undefined {
  return useLiveQuery(() => db.quotes.where('kind').equals('stock').sortBy('symbol'))
}

/** One instrument's last quote; null when this device has none. */
export function useQuote(symbol: string): QuoteRow | null | undefined {
  return useLiveQuery(async () => (symbol ? ((await db.quotes.get(symbol)) ?? null) : null), [symbol])
}

/** What /stock/detail last said of `symbol` (its market hours); null when never fetched here. */
export function useStockDetail(symbol: string): StockDetail | null | undefined {
  return useLiveQuery(async () => {
    return symbol ? readMeta(stockDetailKey(symbol), restoreDeviceMeta.stockDetail) : null
  }, [symbol])
}

/** Every published config value by name (the trading rules are a dozen of them). */
export function useConfigMap(): ReadonlyMap<string, string> | undefined {
  return useLiveQuery(async () => new Map((await db.config.toArray()).map((row) => [row.name, row.value])))
}

/** Order requests of `account` the server has not taken (PENDING_STATES: queued, sending, held or failed). */
export function useOrderOutbox(account: string | null | undefined): OutboxItem[] | undefined {
  return useLiveQuery(async () => (account ? pendingItems(account, ORDER_KINDS) : []), [account])
}

/** One outbox item, to follow the order this form queued; null once gone. */
export function useOutboxItem(key: string | null): OutboxItem | null | undefined {
  return useLiveQuery(async () => (key ? ((await db.outbox.get(key)) ?? null) : null), [key])
}

/**
 * The account's VIP level and its handling-fee discount as last fetched (/vip/info): the order
 * form's preview takes the same discount the server charges with. Level 0, no discount, when
 * never fetched here.
 */
export function useVipDiscount(account: string | null | undefined): { level: number; feeDiscountPct: number } {
  const info = useLiveQuery(async () => (account ? storedVipInfo(account) : null), [account])
  return info ? { level: info.level, feeDiscountPct: info.feeDiscountPct } : NO_DISCOUNT
}

const NO_DISCOUNT = { level: 0, feeDiscountPct: 0 } as const
