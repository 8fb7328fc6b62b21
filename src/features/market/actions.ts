/** Actions of the market screens: refreshes through src/data/market.ts, the stream through stream.ts. */
import { refreshKline, refreshStockDetail, refreshStockList, type StockSort } from '../../data/market'
import { type CandleAdjust, type CandlePeriod, type CandleRange, type InstrumentKind } from '../../data/db'
import { refusalCode } from '../../app/errors'

/** Refreshes one list; false when it could not (offline or refused), the screen keeps Dexie's. */
export async function loadQuotes(kind: InstrumentKind, sort: StockSort = 'symbol'): Promise<boolean> {
  try {
    await refreshStockList(kind, sort)
    return true
  } catch {
    return false
  }
}

/** 'unknown' when the server has no such symbol; the screen says so itself. */
export async function loadDetail(symbol: string): Promise<'ok' | 'offline' | 'unknown' | 'error'> {
  try {
    return (await refreshStockDetail(symbol)) ? 'ok' : 'offline'
  } catch (error) {
    return refusalCode(error) === 'symbol_unknown' ? 'unknown' : 'error'
  }
}

export async function loadKline(symbol: string, period: CandlePeriod, range: CandleRange, adjust: CandleAdjust): Promise<boolean> {
  try {
    await refreshKline(symbol, period, range, adjust)
    return true
  } catch {
    return false
  }
}

