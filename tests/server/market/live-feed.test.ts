import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rangesOf } from '../../../src/contract/chart'
import { sql } from 'kysely'
import { buildApp } from '../../../server/app'
import { loadConfig } from '../../../server/config'
import { type Executor } from '../../../server/db/executor'
import { createMarketFeed } from '../../../server/market/live-feed'
import { INSTRUMENTS } from '../../../server/market/instruments'
import { API_PREFIX } from '../../../server/app'
import { type PriceAdjustment } from '../../../server/market/simulation'
import { TEST_MARKET_SEED, createClock, createTestApp, createTestDatabase, type TestApp } from '../helpers'

type Quote = { symbol: string; price: number; prevClose: number; open: number; high: number; low: number; volume: number; time: number; high52w: number; low52w: number }
type Kline = { t: number[]; open: number[]; high: number[]; low: number[]; close: number[]; volume: number[] }

const PERIODS = ['1min', '5min', '15min', '30min', 'day', 'week', 'month'] as const
const ADJUSTS = ['none', 'forward', 'backward'] as const

async function daysOf(db: Executor, symbol?: string) {
  let query = db.selectFrom('market_days').selectAll().orderBy('symbol').orderBy('day')
  if (symbol !== undefined) query = query.where('symbol', '=', symbol)
  return query.execute()
}

async function rowCount(db: Executor): Promise<number> {
  const row = await db.selectFrom('market_days').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
  return Number(row.n)
}

const dataOf = async <T>(t: TestApp, path: string, body: unknown): Promise<T> => {
  const res = await t.call(path, body)
  if (res.body.status !== 1) throw new Error(`${path}: ${res.raw}`)
  return res.body.data as T
}
const listAll = async (t: TestApp): Promise<Quote[]> => {
  const out: Quote[] = []
  for (const type of ['stock', 'index', 'forex', 'crypto']) out.push(...(await dataOf<{ data: Quote[] }>(t, '/stock/list', { type })).data)
  return out
}
const kline = (t: TestApp, symbol: string, period: string, range: string, adjust: string) => dataOf<Kline>(t, '/stock/kline', { symbol, period, range, adjust })

function expectWellFormed(k: Kline, now: number, label: string): void {
  expect(k.t.length, label).toBeGreaterThan(0)
  for (let i = 0; i < k.t.length; i++) {
    const [open, high, low, close] = [k.open[i]!, k.high[i]!, k.low[i]!, k.close[i]!]
    if (i > 0 && !(k.t[i]! > k.t[i - 1]!)) throw new Error(`${label}: t not ascending at ${i}`)
    if (!(low <= Math.min(open, close) && Math.max(open, close) <= high && low > 0 && k.volume[i]! >= 0)) {
      throw new Error(`${label}: bad candle ${i} ${JSON.stringify({ t: k.t[i], open, high, low, close })}`)
    }
  }
  expect(k.t[k.t.length - 1], label).toBeLessThanOrEqual(now)
}

// Wednesday 11:30 India time; the ten days of backfill before it hold a weekend, Republic Day
// (Monday 26 January, an NSE holiday) and another weekend.
describe('a demo market on its first start', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ clock: createClock('2026-01-28T06:00:00Z'), seed: false })
  })
  afterAll(() => t.close())

  it('stores one row per instrument per trading day: NSE days before the first start, every day from it', async () => {
    const rows = await daysOf(t.database.db)
    const nseDays = ['2026-01-19', '2026-01-20', '2026-01-21', '2026-01-22', '2026-01-23', '2026-01-27']
    const everyDay = Array.from({ length: 11 }, (_, i) => `2026-01-${String(18 + i).padStart(2, '0')}`)
    for (const instrument of INSTRUMENTS) {
      const own = rows.filter((r) => r.symbol === instrument.symbol)
      const label = instrument.symbol
      if (instrument.kind === 'crypto') {
        expect(own.map((r) => r.day), label).toEqual(everyDay)
        expect(new Set(own.map((r) => r.calendar)), label).toEqual(new Set(['crypto']))
      } else {
        // The demo trades around the clock from the first day on.
        expect(own.map((r) => r.day), label).toEqual([...nseDays, '2026-01-28'])
        const real = instrument.kind === 'forex' ? 'currency' : 'nse'
        expect(own.map((r) => r.calendar), label).toEqual([...nseDays.map(() => real), 'always'])
      }
    }
    expect(rows.length).toBe(INSTRUMENTS.filter((i) => i.kind !== 'crypto').length * 7 + INSTRUMENTS.filter((i) => i.kind === 'crypto').length * 11)
  })

  it('is open around the clock in the demo, also at night', async () => {
    const feed = createMarketFeed({ db: t.database.db, config: t.config })
    await feed.prepare(t.clock.now())
    for (const symbol of ['ITC', 'NIFTY50', 'USDINR', 'BTCINR']) expect(feed.marketState(symbol, Date.parse('2026-01-28T18:00:00Z'))).toEqual({ open: true })
    await feed.close()
  })

  it('moves the live quote with the clock and never shows a bar after now', async () => {
    const quoteOf = async (symbol: string) => (await listAll(t)).find((q) => q.symbol === symbol)!
    for (const symbol of ['ITC', 'NIFTY50', 'USDINR', 'BTCINR']) {
      // Mid-minute too: the current minute is shown as traded so far.
      for (const step of [0, 20_000, 70_000]) {
        t.clock.advance(step)
        const now = t.clock.now()
        const q = await quoteOf(symbol)
        expect(q.time).toBe(now)
        const minutes = await kline(t, symbol, '1min', '1w', 'none')
        expect(minutes.t[minutes.t.length - 1]).toBeLessThanOrEqual(now)
        expect(minutes.t[minutes.t.length - 1]).toBeGreaterThan(now - 60_000)
        expect(minutes.close[minutes.close.length - 1], symbol).toBe(q.price)
        const days = await kline(t, symbol, 'day', '1mo', 'none')
        const last = days.t.length - 1
        expect({ open: days.open[last], high: days.high[last], low: days.low[last], close: days.close[last], volume: days.volume[last] }, symbol).toEqual({
          open: q.open,
          high: q.high,
          low: q.low,
          close: q.price,
          volume: q.volume,
        })
        // The 52 weeks hold every stored day, on today's basis.
        const year = await kline(t, symbol, 'day', '1y', 'backward')
        expect(q.high52w, symbol).toBe(Math.max(...year.high))
        expect(q.low52w, symbol).toBe(Math.min(...year.low))
      }
    }
    const before = await quoteOf('ITC')
    t.clock.advance(90_000)
    const after = await quoteOf('ITC')
    expect(after.volume).toBeGreaterThan(before.volume)
    expect(after.prevClose).toBe(before.prevClose)
  })

  it('gives well-formed candles for every period, range and adjustment', async () => {
    const now = t.clock.now()
    for (const symbol of ['ITC', 'NIFTY50', 'USDINR', 'BTCINR']) {
      for (const period of PERIODS) {
        for (const range of rangesOf(period)) {
          for (const adjust of symbol === 'ITC' || symbol === 'NIFTY50' ? ADJUSTS : (['none'] as const)) {
            expectWellFormed(await kline(t, symbol, period, range, adjust), now, `${symbol} ${period} ${range} ${adjust}`)
          }
        }
      }
    }
    const weeks = await kline(t, 'ITC', 'week', '6mo', 'none')
    // Weeks start on Monday, India midnight (18:30 UTC on Sunday).
    for (const start of weeks.t) expect(new Date(start + 5.5 * 3_600_000).getUTCDay()).toBe(1)
  })

  it('caps the 1-minute bars behind minute candles, keeping the newest sessions whole', async () => {
    const now = t.clock.now()
    const capped = createMarketFeed({ db: t.database.db, config: t.config, minuteBars: { max: 2_000, index: 1_000 } })
    const whole = createMarketFeed({ db: t.database.db, config: t.config })
    await Promise.all([capped.prepare(now), whole.prepare(now)])
    for (const [symbol, cap] of [['BTCINR', 2_000], ['ITC', 2_000], ['NIFTY50', 1_000]] as const) {
      const request = { period: '1min', range: '1mo', adjust: 'none' } as const
      const [few, all] = await Promise.all([capped.candles(symbol, request, now), whole.candles(symbol, request, now)])
      expect(few.length, symbol).toBeLessThanOrEqual(cap)
      expect(few.length, symbol).toBeGreaterThan(0)
      expect(all.length, symbol).toBeGreaterThan(cap)
      // The newest candles, whole days of them.
      expect(few, symbol).toEqual(all.slice(all.length - few.length))
      const firstDay = Math.floor((few[0]!.t + 19_800_000) / 86_400_000)
      expect(Math.floor((all[all.length - few.length - 1]!.t + 19_800_000) / 86_400_000), symbol).toBeLessThan(firstDay)
    }
    await Promise.all([capped.close(), whole.close()])
  })

  it('gives identical quotes and candles after a restart, whatever seed the new process is given', async () => {
    const rows = await rowCount(t.database.db)
    const quotes = await listAll(t)
    const candles = await Promise.all([kline(t, 'ITC', '5min', '1mo', 'forward'), kline(t, 'NIFTY50', 'day', '1y', 'none'), kline(t, 'BTCINR', '1min', '1w', 'none')])
    const again = await buildApp({ database: t.database, config: t.config, now: t.clock.now, marketSeed: TEST_MARKET_SEED + 1 })
    try {
      const call = async <T>(path: string, body: object): Promise<T> => (await again.inject({ method: 'POST', url: `${API_PREFIX}${path}`, payload: body })).json<{ data: T }>().data
      const quotesAgain: Quote[] = []
      for (const type of ['stock', 'index', 'forex', 'crypto']) quotesAgain.push(...(await call<{ data: Quote[] }>('/stock/list', { type })).data)
      expect(quotesAgain).toEqual(quotes)
      expect(await call('/stock/kline', { symbol: 'ITC', period: '5min', range: '1mo', adjust: 'forward' })).toEqual(candles[0])
      expect(await call('/stock/kline', { symbol: 'NIFTY50', period: 'day', range: '1y', adjust: 'none' })).toEqual(candles[1])
      expect(await call('/stock/kline', { symbol: 'BTCINR', period: '1min', range: '1w', adjust: 'none' })).toEqual(candles[2])
      expect(await rowCount(t.database.db)).toBe(rows)
    } finally {
      await again.close()
    }
  })

  it('catches up the days a stopped clock missed, each continuing from the close before it', async () => {
    const before = await rowCount(t.database.db)
    // Sunday 1 February, 11:30 India time: four days later.
    t.clock.set('2026-02-01T06:00:00Z')
    const quotes = await listAll(t)
    expect(await rowCount(t.database.db)).toBe(before + INSTRUMENTS.length * 4)
    for (const instrument of INSTRUMENTS) {
      const rows = await daysOf(t.database.db, instrument.symbol)
      const label = instrument.symbol
      expect(rows.slice(-5).map((r) => r.day), label).toEqual(['2026-01-28', '2026-01-29', '2026-01-30', '2026-01-31', '2026-02-01'])
      for (let i = 1; i < rows.length; i++) {
        const [previous, row] = [rows[i - 1]!, rows[i]!]
        expect(row.start_close, `${label} ${row.day}`).toBe(previous.close)
        const split = (JSON.parse(row.adjustments) as PriceAdjustment[]).some((a) => a.kind === 'split')
        if (!split) expect(row.prev_close, `${label} ${row.day}`).toBe(previous.close)
      }
      const today = rows[rows.length - 1]!
      expect(quotes.find((q) => q.symbol === instrument.symbol)!.prevClose, label).toBe(today.prev_close)
    }
  })
})

describe('a failed catch-up', () => {
  it('keeps quoting from memory, and the next prepare writes the day it could not', async () => {
    const database = await createTestDatabase()
    const db = database.handle.db
    try {
      const config = loadConfig('demo', { matchIntervalMs: 0, marketBackfillDays: 3 })
      const feed = createMarketFeed({ db, config, seed: TEST_MARKET_SEED })
      const monday = Date.parse('2026-01-12T06:00:00Z')
      await feed.prepare(monday)
      const before = await rowCount(db)
      // The database refuses new days for a moment (a failover at midnight).
      await sql`create function no_days() returns trigger language plpgsql as $$ begin raise exception 'database unavailable'; end $$`.execute(db)
      await sql`create trigger no_days before insert on market_days for each statement execute function no_days()`.execute(db)
      const tuesday = monday + 24 * 3600 * 1000
      await expect(feed.prepare(tuesday)).rejects.toThrow()
      expect(feed.quote('ITC', monday)).toBeDefined()
      await sql`drop trigger no_days on market_days`.execute(db)
      await feed.prepare(tuesday)
      expect(await rowCount(db)).toBe(before + INSTRUMENTS.length)
      expect(feed.quote('ITC', tuesday)?.prevClose).toBe((await daysOf(db, 'ITC')).at(-1)!.prev_close)
      await feed.close()
    } finally {
      await database.drop()
    }
  })
})

describe('a production market', () => {
  // Monday 23:00 India time.
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ profile: 'production', clock: createClock('2026-01-12T17:30:00Z'), seed: false, config: { marketBackfillDays: 3 } })
  })
  afterAll(() => t.close())

  it('keeps NSE days and hours: closed at night, opening at the next 09:15', async () => {
    const rows = await daysOf(t.database.db)
    expect(rows.filter((r) => r.symbol === 'ITC').map((r) => [r.day, r.calendar])).toEqual([
      ['2026-01-09', 'nse'],
      ['2026-01-12', 'nse'],
    ])
    expect(rows.filter((r) => r.symbol === 'BTCINR').map((r) => r.day)).toEqual(['2026-01-09', '2026-01-10', '2026-01-11', '2026-01-12'])
    // A second feed on the same database: it reads the stored days and the stored seed.
    const feed = createMarketFeed({ db: t.database.db, config: t.config, seed: 1 })
    const now = t.clock.now()
    await feed.prepare(now)
    expect(feed.marketState('ITC', now)).toEqual({ open: false, opensAt: Date.parse('2026-01-13T03:45:00Z') })
    expect(feed.marketState('NIFTY50', now)).toEqual({ open: false, opensAt: Date.parse('2026-01-13T03:45:00Z') })
    expect(feed.marketState('USDINR', now)).toEqual({ open: false, opensAt: Date.parse('2026-01-13T03:30:00Z') })
    expect(feed.marketState('BTCINR', now)).toEqual({ open: true })
    // At night the quote is the day's close, and the band's base is the close before it.
    const itc = rows.filter((r) => r.symbol === 'ITC')
    expect(feed.quote('ITC', now)).toMatchObject({ price: itc[1]!.close, prevClose: itc[1]!.prev_close, volume: itc[1]!.volume })
    expect(feed.previousClose('ITC', now)).toBe(itc[1]!.prev_close)
    // Before the next session the base is today's close; minute candles end at the close.
    const early = Date.parse('2026-01-13T02:00:00Z')
    expect(feed.previousClose('ITC', early)).toBe(itc[1]!.close)
    const minutes = await feed.candles('ITC', { period: '1min', range: '1w', adjust: 'none' }, early)
    expect(minutes[minutes.length - 1]!.t).toBe(Date.parse('2026-01-12T09:59:00Z'))
    expect(feed.quote('ITC', early)).toMatchObject({ price: itc[1]!.close })
    await feed.close()
  })
})

describe('two feeds on one database', () => {
  it('store each day once, whichever prepares first, and agree on every quote', async () => {
    const database = await createTestDatabase()
    try {
      const config = loadConfig('demo', { marketBackfillDays: 3 })
      const now = Date.parse('2026-01-14T06:00:00Z')
      const a = createMarketFeed({ db: database.handle.db, config, seed: 7 })
      const b = createMarketFeed({ db: database.handle.db, config, seed: 8 })
      await Promise.all([a.prepare(now), a.prepare(now), b.prepare(now), b.prepare(now + 1000)])
      const rows = await daysOf(database.handle.db)
      const keys = rows.map((r) => `${r.symbol}|${r.day}`)
      expect(new Set(keys).size).toBe(keys.length)
      // Jan 11..14: Sunday (crypto only), Monday, Tuesday and Wednesday (the first day, 24/7).
      expect(rows.filter((r) => r.symbol === 'TCS').map((r) => r.day)).toEqual(['2026-01-12', '2026-01-13', '2026-01-14'])
      expect(rows.filter((r) => r.symbol === 'ETHINR')).toHaveLength(4)
      expect(keys.length).toBe(INSTRUMENTS.filter((i) => i.kind !== 'crypto').length * 3 + INSTRUMENTS.filter((i) => i.kind === 'crypto').length * 4)
      const seed = await database.handle.db.selectFrom('market_settings').select('value').where('key', '=', 'seed').executeTakeFirstOrThrow()
      expect(['7', '8']).toContain(seed.value)
      for (const instrument of INSTRUMENTS) expect(b.quote(instrument.symbol, now + 5000)).toEqual(a.quote(instrument.symbol, now + 5000))
      await Promise.all([a.close(), b.close()])
    } finally {
      await database.drop()
    }
  })
})

describe('adjusted candles', () => {
  // Mid-July: the season of final dividends, so some stocks go ex within the ten stored days.
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ clock: createClock('2025-07-21T06:00:00Z'), seed: false })
  })
  afterAll(() => t.close())

  it('differ from the unadjusted ones only on their side of a corporate action', async () => {
    const rows = await t.database.db.selectFrom('market_days').selectAll().where('adjustments', '!=', '[]').orderBy('symbol').execute()
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows.slice(0, 3)) {
      const [action] = JSON.parse(row.adjustments) as PriceAdjustment[]
      const { symbol } = row
      // Intraday through 5-minute candles: 1-minute ones are offered over a week only (src/contract/chart.ts).
      for (const period of ['day', '5min'] as const) {
        const [none, forward, backward] = await Promise.all(ADJUSTS.map((adjust) => kline(t, symbol, period, '1mo', adjust)))
        expect(forward!.t).toEqual(none!.t)
        expect(backward!.t).toEqual(none!.t)
        let before = 0
        for (let i = 0; i < none!.t.length; i++) {
          const label = `${symbol} ${period} ${none!.t[i]}`
          if (none!.t[i]! < action!.exStart) {
            before++
            // Before the ex-day: backward scales history onto today's basis, forward leaves it.
            expect(forward!.close[i], label).toBe(none!.close[i])
            expect(backward!.close[i], label).toBe(Math.max(1, Math.round(none!.close[i]! * action!.priceFactor)))
            expect(backward!.close[i], label).toBeLessThan(none!.close[i]!)
          } else {
            // From the ex-day on: backward leaves prices real, forward lifts them onto the old basis.
            expect(backward!.close[i], label).toBe(none!.close[i])
            expect(forward!.close[i], label).toBe(Math.max(1, Math.round(none!.close[i]! / action!.priceFactor)))
            expect(forward!.close[i], label).toBeGreaterThan(none!.close[i]!)
          }
        }
        expect(before).toBeGreaterThan(0)
        expect(before).toBeLessThan(none!.t.length)
      }
    }
  })
})
