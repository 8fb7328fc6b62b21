/**
 * The live exchange over a real PGlite database: what the backfill stores, that a restart and a
 * second process agree with the first, and that quotes and candles agree with the minute bars.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { type ServerConfig, loadConfig } from '../../../server/config'
import {
  DAY_MS,
  MINUTE_MS,
  NSE_HOLIDAYS,
  cryptoCalendar,
  currencyCalendar,
  dayKeyNumber,
  dayNumberKey,
  indiaDayNumber,
  indiaDayStart,
  nseCalendar,
  tradingDaysBetween,
} from '../../../server/market/calendar'
import { type Candle, type Period, type Range, type Adjustment } from '../../../server/market/candles'
import { STOCKS, INSTRUMENTS } from '../../../server/market/instruments'
import { type CreatedMarketFeed, createMarketFeed } from '../../../server/market/live-feed'
import { corporateActions } from '../../../server/market/simulation'
import { allMarketDays } from '../../../server/market/repository'
import { type TestDatabase, TEST_MARKET_SEED, createTestDatabase } from '../helpers'

const open: { feeds: CreatedMarketFeed[]; dbs: TestDatabase[] } = { feeds: [], dbs: [] }
afterEach(async () => {
  for (const feed of open.feeds.splice(0)) await feed.close()
  for (const db of open.dbs.splice(0)) await db.drop()
})

async function database(): Promise<TestDatabase> {
  const db = await createTestDatabase()
  open.dbs.push(db)
  return db
}

function feedOn(db: TestDatabase, config: ServerConfig, seed: number | undefined = TEST_MARKET_SEED): CreatedMarketFeed {
  const feed = createMarketFeed({ db: db.handle.db, config, ...(seed === undefined ? {} : { seed }) })
  open.feeds.push(feed)
  return feed
}

const production = (days: number) => loadConfig('production', { marketBackfillDays: days })
const demo = (days: number) => loadConfig('demo', { marketBackfillDays: days })

/** The first broken rule of a candle series, or null; plain checks, as expect() per value is slow. */
function malformed(candles: readonly Candle[]): string | null {
  let previous = -Infinity
  for (const c of candles) {
    if (!(c.t > previous)) return `time not increasing at ${c.t}`
    previous = c.t
    for (const v of [c.open, c.high, c.low, c.close, c.volume, c.amount]) if (!Number.isSafeInteger(v)) return `not whole at ${c.t}`
    if (c.low > Math.min(c.open, c.close) || c.high < Math.max(c.open, c.close) || c.low <= 0) return `bad range at ${c.t}`
    if (c.volume < 0) return `negative volume at ${c.t}`
  }
  return null
}

describe('the backfill', () => {
  // Monday 5 January 2026, 11:30 in India; 20 days back reach over Christmas (an NSE holiday).
  const now = Date.parse('2026-01-05T06:00:00Z')
  const from = dayNumberKey(indiaDayNumber(now) - 20)

  it('stores each instrument on the days its real calendar trades, and the demo trades on from its first day', async () => {
    const db = await database()
    const feed = feedOn(db, demo(20))
    await feed.prepare(now)
    const rows = await allMarketDays(db.handle.db)
    const daysOf = (symbol: string) => rows.filter((r) => r.symbol === symbol).map((r) => r.day)

    const holidays = { holidays: NSE_HOLIDAYS }
    const nse = tradingDaysBetween(from, '2026-01-04', nseCalendar(holidays))
    expect(nse).not.toContain('2025-12-25')
    expect(daysOf('RELIANCE')).toEqual([...nse, '2026-01-05'])
    expect(daysOf('NIFTY50')).toEqual([...nse, '2026-01-05'])
    expect(daysOf('USDINR')).toEqual([...tradingDaysBetween(from, '2026-01-04', currencyCalendar(holidays)), '2026-01-05'])
    expect(daysOf('BTCINR')).toEqual(tradingDaysBetween(from, '2026-01-05', cryptoCalendar()))
    expect(rows.find((r) => r.symbol === 'RELIANCE' && r.day === '2026-01-02')?.calendar).toBe('nse')
    expect(rows.find((r) => r.symbol === 'RELIANCE' && r.day === '2026-01-05')?.calendar).toBe('always')
    expect(new Set(rows.map((r) => r.symbol)).size).toBe(INSTRUMENTS.length)

    // Each day continues from the close before it.
    const reliance = rows.filter((r) => r.symbol === 'RELIANCE')
    for (let i = 1; i < reliance.length; i++) expect(reliance[i]?.start_close).toBe(reliance[i - 1]?.close)
    expect(reliance[0]?.start_close).toBe(STOCKS.find((s) => s.symbol === 'RELIANCE')?.referencePrice)
  })

  it('writes every day once when two processes prepare the same store at the same time', async () => {
    const db = await database()
    const a = feedOn(db, production(15))
    const b = feedOn(db, production(15))
    await Promise.all([a.prepare(now), b.prepare(now), a.prepare(now)])
    const rows = await allMarketDays(db.handle.db)
    const keys = rows.map((r) => `${r.symbol}|${r.day}`)
    expect(new Set(keys).size).toBe(keys.length)
    expect(rows.filter((r) => r.symbol === 'TCS')).toHaveLength(tradingDaysBetween(dayNumberKey(indiaDayNumber(now) - 15), '2026-01-05', nseCalendar({ holidays: NSE_HOLIDAYS })).length)
    expect(a.quote('TCS', now)).toEqual(b.quote('TCS', now))
  })

  it('catches up the days a stopped clock missed, and none twice', async () => {
    const db = await database()
    const feed = feedOn(db, production(5))
    await feed.prepare(now)
    const later = now + 4 * DAY_MS
    await feed.prepare(later)
    await feed.prepare(later)
    const days = (await allMarketDays(db.handle.db)).filter((r) => r.symbol === 'INFY')
    expect(days.map((r) => r.day).slice(-4)).toEqual(['2026-01-06', '2026-01-07', '2026-01-08', '2026-01-09'])
    for (let i = 1; i < days.length; i++) expect(days[i]?.start_close).toBe(days[i - 1]?.close)
  })

  it('keeps the seed secret in the database and reuses it: a restart shows the same prices', async () => {
    const db = await database()
    const first = feedOn(db, demo(10), undefined)
    await first.prepare(now)
    const at = now + 17 * MINUTE_MS + 12_345
    const request = { period: '5min', range: '1w', adjust: 'backward' } as const
    const before = { quotes: INSTRUMENTS.map((i) => first.quote(i.symbol, at)), candles: await first.candles('NIFTY50', request, at) }
    const settings = await db.handle.db.selectFrom('market_settings').selectAll().execute()
    expect(settings.find((s) => s.key === 'seed')?.value).toMatch(/^\d+$/)

    // A new process on the same store, told a different seed: the stored one wins.
    const second = feedOn(db, demo(10), 7)
    await second.prepare(at)
    expect(INSTRUMENTS.map((i) => second.quote(i.symbol, at))).toEqual(before.quotes)
    expect(await second.candles('NIFTY50', request, at)).toEqual(before.candles)
  })
})

describe('live quotes', () => {
  const now = Date.parse('2026-01-10T06:00:00Z')

  it('move with the clock and agree with the minute bars', async () => {
    const db = await database()
    const feed = feedOn(db, demo(10))
    await feed.prepare(now)
    const minute = await feed.candles('RELIANCE', { period: '1min', range: '1w', adjust: 'none' }, now + 30 * MINUTE_MS - 1)
    const today = minute.filter((c) => c.t >= indiaDayStart('2026-01-10'))
    // Around the clock in the demo: every minute from India midnight to 12:00.
    expect(today).toHaveLength(12 * 60)
    const atMinuteEnd = feed.quote('RELIANCE', now + 30 * MINUTE_MS - 1)!
    const last = today[today.length - 1]!
    expect(last.t).toBe(now + 29 * MINUTE_MS)
    expect(atMinuteEnd.price).toBe(last.close)
    expect(atMinuteEnd.open).toBe(today[0]!.open)
    expect(atMinuteEnd.high).toBe(Math.max(...today.map((c) => c.high)))
    expect(atMinuteEnd.low).toBe(Math.min(...today.map((c) => c.low)))
    expect(atMinuteEnd.volume).toBe(today.reduce((sum, c) => sum + c.volume, 0))
    expect(atMinuteEnd.amount).toBe(today.reduce((sum, c) => sum + c.amount, 0))
    expect(atMinuteEnd.change).toBe(atMinuteEnd.price - atMinuteEnd.prevClose)

    // Seconds into a minute the price is on the way through that minute's bar.
    const prices = new Set<number>()
    for (let s = 0; s < 60 * 20; s += 7) prices.add(feed.quote('RELIANCE', now + s * 1000)!.price)
    expect(prices.size).toBeGreaterThan(5)
    const mid = feed.quote('RELIANCE', now + 10 * MINUTE_MS + 30_000)!
    const bar = today.find((c) => c.t === now + 10 * MINUTE_MS)!
    expect(mid.price).toBeGreaterThanOrEqual(bar.low)
    expect(mid.price).toBeLessThanOrEqual(bar.high)
    expect(feed.previousClose('RELIANCE', now)).toBe(atMinuteEnd.prevClose)
    expect(feed.marketState('RELIANCE', now)).toEqual({ open: true })
  })

  it('rest at the last close on a closed day, and the market says when it opens (production)', async () => {
    const db = await database()
    const feed = feedOn(db, production(10))
    // Saturday 10 January: NSE is closed; Friday's session is what the quote shows.
    await feed.prepare(now)
    const friday = (await allMarketDays(db.handle.db)).find((r) => r.symbol === 'SBIN' && r.day === '2026-01-09')!
    const quote = feed.quote('SBIN', now)!
    expect(quote.price).toBe(friday.close)
    expect(quote.prevClose).toBe(friday.prev_close)
    expect(feed.previousClose('SBIN', now)).toBe(friday.close)
    expect(feed.marketState('SBIN', now)).toEqual({ open: false, opensAt: Date.parse('2026-01-12T03:45:00Z') })
    expect(feed.marketState('BTCINR', now)).toEqual({ open: true })
    // Monday before 09:15: today's row exists, nothing has traded yet.
    const monday = Date.parse('2026-01-12T03:00:00Z')
    await feed.prepare(monday)
    const early = feed.quote('SBIN', monday)!
    expect(early.price).toBe(friday.close)
    expect(early.volume).toBe(0)
    const opened = feed.quote('SBIN', Date.parse('2026-01-12T03:46:00Z'))!
    expect(opened.volume).toBeGreaterThan(0)
  })

  it('prices an index from its constituents', async () => {
    const db = await database()
    const feed = feedOn(db, demo(10))
    await feed.prepare(now)
    const quote = feed.quote('NIFTY50', now)!
    const bars = await feed.candles('NIFTY50', { period: '1min', range: '1w', adjust: 'none' }, now)
    expect(quote.kind).toBe('index')
    expect(quote.price).toBe(bars[bars.length - 1]?.close)
    expect(quote.volume).toBeGreaterThan(0)
    expect(Math.abs(quote.price - 2_600_000)).toBeLessThan(400_000)
  })
})

describe('candles', () => {
  const now = Date.parse('2026-01-10T06:00:00Z')
  const periods: Period[] = ['1min', '5min', '15min', '30min', 'day', 'week', 'month']
  const ranges: Range[] = ['1w', '1mo', '3mo', '6mo', '1y']
  const adjusts: Adjustment[] = ['none', 'forward', 'backward']

  it('are well formed for every period, range and adjustment', async () => {
    const db = await database()
    const feed = feedOn(db, demo(40))
    await feed.prepare(now)
    for (const symbol of ['HDFCBANK', 'SENSEX', 'EURINR', 'ETHINR']) {
      for (const period of periods) {
        for (const range of ranges) {
          for (const adjust of adjusts) {
            const candles = await feed.candles(symbol, { period, range, adjust }, now)
            expect(candles.length, `${symbol} ${period} ${range}`).toBeGreaterThan(0)
            expect(malformed(candles), `${symbol} ${period} ${range} ${adjust}`).toBeNull()
            expect(candles[candles.length - 1]!.t).toBeLessThanOrEqual(now)
          }
        }
      }
    }
    // 30-minute candles of NSE days run from 09:15; the demo's own days from midnight.
    const thirty = await feed.candles('HDFCBANK', { period: '30min', range: '1w', adjust: 'none' }, now)
    const friday = thirty.filter((c) => c.t >= indiaDayStart('2026-01-09') && c.t < indiaDayStart('2026-01-10'))
    expect(friday[0]!.t).toBe(Date.parse('2026-01-09T03:45:00Z'))
    expect(friday).toHaveLength(13)
    expect(thirty.filter((c) => c.t >= indiaDayStart('2026-01-10'))[0]!.t).toBe(indiaDayStart('2026-01-10'))
    expect(await feed.candles('NOPE', { period: 'day', range: '1w', adjust: 'none' }, now)).toEqual([])
  })

  it('adjust forward and backward over a simulated split and a dividend', async () => {
    const nse = nseCalendar({ holidays: NSE_HOLIDAYS })
    // The first split the test seed plans from 2026 on.
    let split: { symbol: string; exDay: string; ratio: number } | undefined
    for (let year = 2026; year < 2040 && !split; year++) {
      for (const stock of STOCKS) {
        const found = corporateActions(stock, year, TEST_MARKET_SEED, nse).find((a) => a.kind === 'split')
        if (found?.kind === 'split' && found.exDay > '2026-01-20') {
          split = { symbol: stock.symbol, exDay: found.exDay, ratio: found.ratio }
          break
        }
      }
    }
    expect(split).toBeDefined()
    const { symbol, exDay, ratio } = split!
    const at = indiaDayStart(exDay) + 6 * DAY_MS + 12 * 60 * MINUTE_MS
    const db = await database()
    const feed = feedOn(db, production(20))
    await feed.prepare(at)
    const request = (adjust: Adjustment) => feed.candles(symbol, { period: 'day', range: '1mo', adjust }, at)
    const [none, forward, backward] = await Promise.all([request('none'), request('forward'), request('backward')])
    const ex = indiaDayStart(exDay)
    const index = none.findIndex((c) => c.t === ex)
    expect(index).toBeGreaterThan(0)
    const before = none[index - 1]!
    const after = none[index]!
    // Unadjusted, the price falls by the ratio on the ex-day.
    expect(before.close / after.open).toBeGreaterThan(ratio * 0.9)
    expect(before.close / after.open).toBeLessThan(ratio * 1.1)
    // Backward: history on today's basis; forward: later prices on the oldest basis.
    expect(backward[index - 1]!.close).toBe(Math.round(before.close / ratio))
    expect(backward[index]).toEqual(after)
    expect(backward[index - 1]!.volume).toBe(before.volume * ratio)
    expect(forward[index - 1]).toEqual(before)
    expect(forward[index]!.open).toBe(after.open * ratio)
    expect(forward[index]!.volume).toBe(Math.round(after.volume / ratio))
    // The 52-week low is on today's basis, so the split does not show as a crash.
    const quote = feed.quote(symbol, at)!
    expect(quote.low52w).toBeGreaterThan(quote.price / 2)

    // Every stock pays a final dividend between June and August: one falls in a July window.
    const july = Date.parse('2026-07-31T06:00:00Z')
    const db2 = await database()
    const feed2 = feedOn(db2, production(30))
    await feed2.prepare(july)
    const withDividend = (await allMarketDays(db2.handle.db)).find((r) => r.adjustments.includes('"dividend"'))!
    const dividend = (JSON.parse(withDividend.adjustments) as { dividend: number; previousClose: number; priceFactor: number }[])[0]!
    const dayCandles = (adjust: Adjustment) => feed2.candles(withDividend.symbol, { period: 'day', range: '1mo', adjust }, july)
    const plain = await dayCandles('none')
    const back = await dayCandles('backward')
    const i = plain.findIndex((c) => c.t === indiaDayStart(withDividend.day))
    expect(plain[i - 1]!.close).toBe(dividend.previousClose)
    expect(back[i - 1]!.close).toBe(Math.round(dividend.previousClose * dividend.priceFactor))
    expect(back[i - 1]!.close).toBe(dividend.previousClose - dividend.dividend)
    expect(back[i - 1]!.volume).toBe(plain[i - 1]!.volume)
  })
})

describe('the store', () => {
  it('regenerates bars that match the stored day rows', async () => {
    const db = await database()
    const feed = feedOn(db, demo(10))
    const now = Date.parse('2026-01-10T20:00:00Z')
    await feed.prepare(now)
    const rows = (await allMarketDays(db.handle.db)).filter((r) => r.day < '2026-01-11' && ['ITC', 'BANKNIFTY', 'JPYINR', 'SOLINR'].includes(r.symbol))
    expect(rows.length).toBeGreaterThan(20)
    for (const row of rows) {
      const n = dayKeyNumber(row.day)
      const days = await feed.candles(row.symbol, { period: 'day', range: '1mo', adjust: 'none' }, now)
      expect(days.find((c) => c.t === indiaDayStart(row.day))).toMatchObject({ open: row.open, high: row.high, low: row.low, close: row.close, volume: row.volume })
      const minutes = (await feed.candles(row.symbol, { period: '1min', range: '1mo', adjust: 'none' }, now)).filter((c) => indiaDayNumber(c.t) === n)
      expect(minutes[0]!.open).toBe(row.open)
      expect(minutes[minutes.length - 1]!.close).toBe(row.close)
      expect(Math.max(...minutes.map((c) => c.high))).toBe(row.high)
      expect(Math.min(...minutes.map((c) => c.low))).toBe(row.low)
      expect(minutes.reduce((sum, c) => sum + c.volume, 0)).toBe(row.volume)
    }
  })
})
