/**
 * Market data read through into Dexie from the real server (routes /stock/* and the watchlist),
 * through the real TCP proxy: lists, detail, chart series, search online and offline, and the
 * watchlist changed offline then replayed exactly once.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiRefusal } from '../../../src/data/api'
import { db, type QuoteRow } from '../../../src/data/db'
import {
  clearSearchHistory,
  klineKey,
  putQuotes,
  recordSearchVisit,
  refreshKline,
  refreshStockDetail,
  refreshStockList,
  searchHistoryQuery,
  searchInstruments,
  stockDetailKey,
  stockListKey,
  stockOrderKey,
} from '../../../src/data/market'
import { addToWatchlist, refreshWatchlist, removeFromWatchlist, watchlistKey, watchlistQuery } from '../../../src/data/watchlist'
import { replayOutbox } from '../../../src/data/outbox'
import { login } from '../../../src/data/session'
import { syncedAt } from '../../../src/data/sync'
import { useRealServer } from '../support/realServer'

const server = useRealServer()

beforeEach(async () => {
  await Promise.all([
    db.meta.clear(),
    db.config.clear(),
    db.quotes.clear(),
    db.candles.clear(),
    db.watchlist.clear(),
    db.searchHistory.clear(),
    db.outbox.clear(),
  ])
})

describe('stock lists and detail', () => {
  it('stores every page of a list, in the server order, with its sync time', async () => {
    await db.config.put({ name: 'stock_page_size', value: '7' })
    await refreshStockList('stock', 'gainers')
    const stocks = await db.quotes.where('kind').equals('stock').toArray()
    expect(stocks.length).toBeGreaterThan(7) // more than one page of 7
    const order = (await db.meta.get(stockOrderKey('stock', 'gainers')))?.value as string[]
    expect([...order].sort()).toEqual(stocks.map((q) => q.symbol).sort())
    const rate = new Map(stocks.map((q) => [q.symbol, q.changeRateBp]))
    for (let i = 1; i < order.length; i++) expect(rate.get(order[i - 1]!)!).toBeGreaterThanOrEqual(rate.get(order[i]!)!)
    expect(stocks[0]).toMatchObject({ lotUnits: 100, unitDivisor: 1, priceScale: 100 })
    expect(await syncedAt(stockListKey('stock', 'gainers'))).toBeTypeOf('number')

    await refreshStockList('crypto')
    const btc = await db.quotes.get('BTCINR')
    expect(btc).toMatchObject({ kind: 'crypto', unitDivisor: 1_000_000 })
    await refreshStockList('index')
    expect((await db.quotes.get('NIFTY50'))?.lotUnits).toBeUndefined()
  })

  it('keeps the stored list offline', async () => {
    await refreshStockList('forex')
    const before = await db.quotes.where('kind').equals('forex').count()
    expect(before).toBeGreaterThan(0)
    server.proxy.setMode('down')
    await expect(refreshStockList('forex')).resolves.toBeUndefined()
    expect(await db.quotes.where('kind').equals('forex').count()).toBe(before)
  })

  it('stores a detail: the quote and the market, band and constituents', async () => {
    const detail = await refreshStockDetail('TCS')
    expect(detail).toMatchObject({ simulated: true, market: { open: expect.any(Boolean) }, band: { min: expect.any(Number) } })
    expect((await db.meta.get(stockDetailKey('TCS')))?.value).toEqual(detail)
    expect(await db.quotes.get('TCS')).toMatchObject({ symbol: 'TCS', kind: 'stock' })
    const index = await refreshStockDetail('NIFTY50')
    expect(index?.constituents).toHaveLength(50)
    expect(index?.band).toBeNull()
    await expect(refreshStockDetail('NOSUCH')).rejects.toMatchObject({ code: 'symbol_unknown' })
    await expect(refreshStockDetail('NOSUCH')).rejects.toBeInstanceOf(ApiRefusal)
  })

  it('stores a chart series per period, range and adjustment', async () => {
    await refreshKline('INFY', 'day', '1mo', 'forward')
    const series = await db.candles.get(['INFY', 'day', '1mo', 'forward'])
    expect(series?.t.length).toBeGreaterThan(0)
    expect(series?.close).toHaveLength(series!.t.length)
    expect(await syncedAt(klineKey('INFY', 'day', '1mo', 'forward'))).toBeTypeOf('number')
  })
})

function quote(symbol: string, time: number, price: number): QuoteRow {
  return {
    symbol,
    name: symbol,
    kind: 'stock',
    priceScale: 100,
    tickSize: 5,
    time,
    price,
    prevClose: price,
    open: price,
    high: price,
    low: price,
    change: 0,
    changeRateBp: 0,
    volume: 0,
    amount: 0,
    high52w: price,
    low52w: price,
  }
}

describe('putQuotes', () => {
  it('keeps the newest quote per symbol whatever order they arrive in', async () => {
    await putQuotes([quote('AAA', 2000, 200), quote('BBB', 1000, 100)])
    // Older for AAA (a late fetch reply), newer for BBB, new for CCC.
    await putQuotes([quote('AAA', 1000, 100), quote('BBB', 2000, 200), quote('CCC', 1000, 100)])
    expect((await db.quotes.get('AAA'))?.price).toBe(200)
    expect((await db.quotes.get('BBB'))?.price).toBe(200)
    expect((await db.quotes.get('CCC'))?.price).toBe(100)
    // The same instant replaces (a correction); within one batch the newest wins.
    await putQuotes([quote('AAA', 2000, 205), quote('CCC', 3000, 300), quote('CCC', 2000, 250)])
    expect((await db.quotes.get('AAA'))?.price).toBe(205)
    expect((await db.quotes.get('CCC'))?.price).toBe(300)
  })

  it('does not let a fetched detail replace a newer stored quote', async () => {
    const future = Date.now() + 86_400_000
    await putQuotes([quote('TCS', future, 1)])
    await refreshStockDetail('TCS')
    expect(await db.quotes.get('TCS')).toMatchObject({ time: future, price: 1 })
    await db.quotes.clear()
    await refreshStockDetail('TCS')
    expect((await db.quotes.get('TCS'))?.time).toBeLessThan(future)
  })
})

describe('search', () => {
  it('searches on the server with the exact symbol first, and offline among stored quotes', async () => {
    const online = await searchInstruments('tcs')
    expect(online[0]?.symbol).toBe('TCS')
    const byName = await searchInstruments('bank')
    expect(byName.length).toBeGreaterThan(1)

    await refreshStockList('stock')
    server.proxy.setMode('down')
    const offline = await searchInstruments('tcs')
    expect(offline[0]?.symbol).toBe('TCS')
    expect((await searchInstruments('infos')).map((q) => q.symbol)).toContain('INFY')
    expect(await searchInstruments('  ')).toEqual([])
  })

  it('keeps a search history, newest first, and clears it', async () => {
    // The visits are stamped with Date.now(): move the clock between them instead of waiting.
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      await recordSearchVisit('TCS')
      vi.setSystemTime(Date.now() + 1_000)
      await recordSearchVisit('INFY')
    } finally {
      vi.useRealTimers()
    }
    expect((await searchHistoryQuery('').toArray()).map((r) => r.symbol)).toEqual(['INFY', 'TCS'])
    await clearSearchHistory()
    expect(await searchHistoryQuery('').count()).toBe(0)
  })
})

describe('watchlist', () => {
  it('adds and removes offline at once, then replays each change exactly once', async () => {
    const { account, password } = await server.newAccount()
    await login(account, password)
    await refreshWatchlist()
    expect(await watchlistQuery(account).count()).toBe(0)
    server.proxy.requests.length = 0

    server.proxy.setMode('down')
    await addToWatchlist('TCS')
    await addToWatchlist('INFY')
    await removeFromWatchlist('TCS')
    expect((await watchlistQuery(account).toArray()).map((r) => r.symbol)).toEqual(['INFY'])
    await replayOutbox()
    // A refresh while offline keeps what the user did.
    await refreshWatchlist()
    expect((await watchlistQuery(account).toArray()).map((r) => r.symbol)).toEqual(['INFY'])

    server.proxy.setMode('drop-reply')
    await replayOutbox({ ignoreBackoff: true })
    server.proxy.setMode('pass')
    await replayOutbox({ ignoreBackoff: true })
    expect(await db.outbox.where('state').anyOf('queued', 'sending', 'failed').count()).toBe(0)

    const onServer = (await server.t.call('/user/Optionallist', {}, { headers: await server.t.login(account, password) })).body
      .data as { data: { symbol: string }[] }
    expect(onServer.data.map((q) => q.symbol)).toEqual(['INFY'])
    expect((await watchlistQuery(account).toArray()).map((r) => r.symbol)).toEqual(['INFY'])
    expect(await syncedAt(watchlistKey(account))).toBeTypeOf('number')
    const adds = server.proxy.requests.filter((r) => r.endsWith('/user/addOptional')).length
    expect(adds).toBeGreaterThanOrEqual(2) // each add sent, the first maybe twice with one key
  })

  it('refreshes the server list over stale local rows', async () => {
    const { account, password } = await server.newAccount()
    await login(account, password)
    await db.watchlist.put({ account, symbol: 'GONE', addedAt: 1 })
    await addToWatchlist('SBIN')
    await replayOutbox({ ignoreBackoff: true })
    await refreshWatchlist()
    expect((await watchlistQuery(account).toArray()).map((r) => r.symbol)).toEqual(['SBIN'])
    expect(await db.quotes.get('SBIN')).toBeDefined()
  })
})
