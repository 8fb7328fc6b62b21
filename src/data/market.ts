/**
 * Market data, read through into Dexie (screens read Dexie with useLiveQuery, never the network):
 * - db.quotes:        /stock/list pages, /stock/detail, /stock/search and the watchlist's quotes (watchlist.ts);
 * - db.meta:          'stock-order:<kind>:<sort>' = the list's symbols in the server's order,
 *                     'stock-detail:<symbol>' = StockDetail (market hours, band, constituents);
 * - db.candles:       /stock/kline series, one row per symbol, period, range and adjustment;
 * - db.searchHistory: symbols the user opened from search.
 * Offline every refresher resolves quietly (undefined) and the screens keep what Dexie has.
 * Every write to db.quotes (here and in stream.ts) goes through putQuotes: replies and ticks
 * arrive out of order, and the stream only resends a symbol when it changes.
 */
import { Dexie } from 'dexie'
import { type ConfigName } from '../contract/config'
import type { Candles, MarketHours, StockDetail, StockDetailReply, StockPage } from '../contract/replies'
import { ApiRefusal, NetworkError, call } from './api'
import {
  db,
  metaKeys,
  type CandleAdjust,
  type CandlePeriod,
  type CandleRange,
  type InstrumentKind,
  type QuoteRow,
} from './db'
import { getSession } from './sessionStore'
import { offlineIsFine, refresh } from './sync'

export type StockSort = 'symbol' | 'gainers' | 'losers' | 'turnover'

/** What /stock/detail tells beyond the quote; stored in db.meta under stockDetailKey(symbol). */
export type { MarketHours, StockDetail }

const DEFAULT_STOCK_PAGE_SIZE = 100
const SEARCH_MAX = 20
const QUERY_MAX_CHARS = 20
const SEARCH_HISTORY_KEEP = 50

/**
 * Writes quotes, keeping for each symbol the one with the newest `time` (ties: the incoming one).
 * An older row is dropped whole, not merged: every writer stores the server's full quote, so a
 * newer stored row lacks nothing the older one could add. One transaction, one bulkGet, one
 * bulkPut; inside a caller's 'rw' transaction over db.quotes it joins that transaction.
 */
export async function putQuotes(rows: readonly QuoteRow[]): Promise<void> {
  if (rows.length === 0) return
  // Newest per symbol within the batch too, so a batch never writes one symbol twice.
  const incoming = new Map<string, QuoteRow>()
  for (const row of rows) {
    const seen = incoming.get(row.symbol)
    if (!seen || row.time >= seen.time) incoming.set(row.symbol, row)
  }
  const candidates = [...incoming.values()]
  await db.transaction('rw', db.quotes, async () => {
    const stored = await db.quotes.bulkGet(candidates.map((row) => row.symbol))
    const newer = candidates.filter((row, i) => {
      const old = stored[i]
      return !old || row.time >= old.time
    })
    if (newer.length > 0) await db.quotes.bulkPut(newer)
  })
}

async function configInteger(name: ConfigName): Promise<number | undefined> {
  const value = Number((await db.config.get(name))?.value)
  return Number.isSafeInteger(value) && value > 0 ? value : undefined
}

/** Refresh (last-synced) key of one stock list. */
export function stockListKey(kind: InstrumentKind, sort: StockSort = 'symbol'): string {
  return `stocks:${kind}:${sort}`
}

/** db.meta key of a list's symbols in the server's order (string[]). */
export function stockOrderKey(kind: InstrumentKind, sort: StockSort = 'symbol'): string {
  return metaKeys.stockOrder(kind, sort)
}

/** db.meta key of a symbol's StockDetail; also its refresh key. */
export const stockDetailKey = metaKeys.stockDetail

export function klineKey(symbol: string, period: CandlePeriod, range: CandleRange, adjust: CandleAdjust): string {
  return `kline:${symbol}:${period}:${range}:${adjust}`
}

/**
 * Fetches every page of one list into db.quotes and its order into db.meta. Quotes are merged,
 * not replaced: other screens and the stream share the table.
 */
export async function refreshStockList(kind: InstrumentKind, sort: StockSort = 'symbol'): Promise<void> {
  await offlineIsFine(
    refresh(stockListKey(kind, sort), async () => {
      const size = Math.min(
        (await configInteger('stock_page_size')) ?? DEFAULT_STOCK_PAGE_SIZE,
        (await configInteger('stock_page_max')) ?? Number.MAX_SAFE_INTEGER,
      )
      const quotes: QuoteRow[] = []
      for (let page = 1; ; page++) {
        const reply = await call<StockPage>('/stock/list', { type: kind, page, size, sort })
        quotes.push(...reply.data)
        if (reply.data.length === 0 || quotes.length >= reply.total) break
      }
      const now = Date.now()
      await db.transaction('rw', db.quotes, db.meta, async () => {
        await putQuotes(quotes)
        await db.meta.put({ key: stockOrderKey(kind, sort), value: quotes.map((q) => q.symbol), updatedAt: now })
      })
    }),
  )
}

/**
 * Fetches one instrument's quote and detail. Undefined offline. symbol_unknown (the refusal is
 * passed on) removes the local quote, so a delisted symbol does not linger.
 */
export async function refreshStockDetail(symbol: string): Promise<StockDetail | undefined> {
  return offlineIsFine(
    refresh(stockDetailKey(symbol), async () => {
      let reply: StockDetailReply
      try {
        reply = await call<StockDetailReply>('/stock/detail', { symbol })
      } catch (error) {
        if (error instanceof ApiRefusal && error.code === 'symbol_unknown') {
          await db.transaction('rw', db.quotes, db.meta, async () => {
            await db.quotes.delete(symbol)
            await db.meta.delete(stockDetailKey(symbol))
          })
        }
        throw error
      }
      const { quote, market, band, constituents, simulated } = reply
      const detail: StockDetail = { market, band, constituents, simulated }
      await db.transaction('rw', db.quotes, db.meta, async () => {
        await putQuotes([quote])
        await db.meta.put({ key: stockDetailKey(symbol), value: detail, updatedAt: Date.now() })
      })
      return detail
    }),
  )
}

/** Fetches one chart series into db.candles. */
export async function refreshKline(symbol: string, period: CandlePeriod, range: CandleRange, adjust: CandleAdjust): Promise<void> {
  await offlineIsFine(
    refresh(klineKey(symbol, period, range, adjust), async () => {
      const reply = await call<Candles>('/stock/kline', { symbol, period, range, adjust })
      const { priceScale, t, open, high, low, close, volume } = reply
      await db.candles.put({ symbol, period, range, adjust, priceScale, t, open, high, low, close, volume, fetchedAt: Date.now() })
    }),
  )
}

/** The order of /stock/search: the exact symbol, then symbol prefixes, then name matches. */
function searchRank(quote: QuoteRow, upper: string): number {
  if (quote.symbol.toUpperCase() === upper) return 0
  return quote.symbol.toUpperCase().startsWith(upper) ? 1 : 2
}

/** The offline search: the same matching as the server's over the quotes this device has. */
export async function searchLocal(q: string): Promise<QuoteRow[]> {
  const query = q.trim().slice(0, QUERY_MAX_CHARS)
  if (query === '') return []
  const upper = query.toUpperCase()
  const lower = query.toLowerCase()
  const found = await db.quotes
    .filter((quote) => quote.symbol.toUpperCase().startsWith(upper) || quote.name.toLowerCase().includes(lower))
    .toArray()
  return found
    .sort((a, b) => searchRank(a, upper) - searchRank(b, upper) || a.symbol.localeCompare(b.symbol))
    .slice(0, SEARCH_MAX)
}

/** Searches by symbol prefix or name on the server; offline, among the quotes on this device. */
export async function searchInstruments(q: string): Promise<QuoteRow[]> {
  const query = q.trim().slice(0, QUERY_MAX_CHARS)
  if (query === '') return []
  try {
    const reply = await call<{ data: QuoteRow[] }>('/stock/search', { q: query }, { silent: true })
    await putQuotes(reply.data)
    return reply.data
  } catch (error) {
    if (error instanceof NetworkError) return searchLocal(query)
    throw error
  }
}

function historyAccount(): string {
  // Signed out, the history is the device's ('').
  return getSession()?.account ?? ''
}

/** The search history of `account`, newest first, for useLiveQuery. */
export function searchHistoryQuery(account: string) {
  return db.searchHistory
    .where('[account+at]')
    .between([account, Dexie.minKey], [account, Dexie.maxKey])
    .reverse()
}

/** Records that the user opened `symbol` from search; keeps the newest 50. */
export async function recordSearchVisit(symbol: string): Promise<void> {
  const account = historyAccount()
  await db.transaction('rw', db.searchHistory, async () => {
    await db.searchHistory.put({ account, symbol, at: Date.now() })
    const old = await searchHistoryQuery(account).offset(SEARCH_HISTORY_KEEP).primaryKeys()
    await db.searchHistory.bulkDelete(old)
  })
}

export async function clearSearchHistory(): Promise<void> {
  const account = historyAccount()
  await db.searchHistory.where('[account+at]').between([account, Dexie.minKey], [account, Dexie.maxKey]).delete()
}
