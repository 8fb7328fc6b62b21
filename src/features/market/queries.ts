/** Reads of the market screens from Dexie, one useLiveQuery each; prices move as the stream writes. */
import { useLiveQuery } from 'dexie-react-hooks'
import { db, readMeta, type CandleAdjust, type CandlePeriod, type CandleRange, type CandleRow, type InstrumentKind, type QuoteRow } from '../../data/db'
import { restoreDeviceMeta } from '../../data/metaValues'
import { type ConfigName } from '../../contract/config'
import { stockDetailKey, type StockDetail, type StockSort } from '../../data/market'
import { STREAM_STATUS_KEY, type StreamStatus } from '../../data/stream'

const compare: Record<StockSort, (a: QuoteRow, b: QuoteRow) => number> = {
  symbol: (a, b) => a.symbol.localeCompare(b.symbol),
  gainers: (a, b) => b.changeRateBp - a.changeRateBp || a.symbol.localeCompare(b.symbol),
  losers: (a, b) => a.changeRateBp - b.changeRateBp || a.symbol.localeCompare(b.symbol),
  turnover: (a, b) => b.amount - a.amount || a.symbol.localeCompare(b.symbol),
}

/** Every quote of `kind` on this device, sorted here so gainers and turnover follow the live prices. */
export async function readQuotes(kind: InstrumentKind, sort: StockSort = 'symbol'): Promise<QuoteRow[]> {
  const rows = await db.quotes.where('kind').equals(kind).toArray()
  return rows.sort(compare[sort])
}

export function useQuotes(kind: InstrumentKind, sort: StockSort = 'symbol', initial?: QuoteRow[]): QuoteRow[] | undefined {
  return useLiveQuery(() => readQuotes(kind, sort), [kind, sort], initial)
}

/** One quote; null when this device has never seen the symbol. */
export function useQuote(symbol: string): QuoteRow | null | undefined {
  return useLiveQuery(async () => (symbol ? ((await db.quotes.get(symbol)) ?? null) : null), [symbol])
}

/** Quotes of `symbols` in that order; symbols this device has no quote for are left out. */
export function useQuotesOf(symbols: readonly string[] | null | undefined): QuoteRow[] | undefined {
  const key = symbols?.join(',') ?? ''
  return useLiveQuery(async () => {
    if (!symbols || symbols.length === 0) return []
    const rows = await db.quotes.bulkGet([...symbols])
    return rows.filter((row): row is QuoteRow => row !== undefined)
  }, [key])
}

/** What /stock/detail said beyond the quote (hours, band, constituents); null if never fetched. */
export function useStockDetail(symbol: string): StockDetail | null | undefined {
  return useLiveQuery(async () => {
    return readMeta(stockDetailKey(symbol), restoreDeviceMeta.stockDetail)
  }, [symbol])
}

/** The last fetched chart series; null when this device has none for the choice. */
export function useCandles(symbol: string, period: CandlePeriod, range: CandleRange, adjust: CandleAdjust): CandleRow | null | undefined {
  return useLiveQuery(
    async () => (await db.candles.get([symbol, period, range, adjust])) ?? null,
    [symbol, period, range, adjust],
  )
}

/** The live stream's state: connecting, live or offline; null before it was ever opened. */
export function useStreamStatus(): StreamStatus | null | undefined {
  return useLiveQuery(async () => {
    return readMeta(STREAM_STATUS_KEY, restoreDeviceMeta.streamStatus)
  })
}

/** Several published config values at once (strings as /common/config sends them). */
export function useConfigValues<K extends ConfigName>(names: readonly K[]): Partial<Record<K, string>> | undefined {
  const key = names.join(',')
  return useLiveQuery(async () => {
    const rows = await db.config.bulkGet([...names])
    const out: Partial<Record<K, string>> = {}
    rows.forEach((row, i) => {
      if (row) out[names[i] as K] = row.value
    })
    return out
  }, [key])
}

export type MarketIndexTab = 'quotes' | 'funds' | 'forex'

/** The route loader's read of a tab's list, so the rows are there on the first render (scroll restore). */
export async function readMarketTab(tab: MarketIndexTab): Promise<{ kind: InstrumentKind; sort: StockSort; rows: QuoteRow[] }> {
  const kind: InstrumentKind = tab === 'forex' ? 'forex' : 'stock'
  const sort: StockSort = tab === 'funds' ? 'turnover' : 'symbol'
  return { kind, sort, rows: await readQuotes(kind, sort) }
}
