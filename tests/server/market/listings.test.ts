import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMarketFeed } from '../../../server/market/live-feed'
import { SECTORS, STOCKS } from '../../../server/market/instruments'
import { type Listing, allListings, insertListing, listedStock } from '../../../server/market/listings'
import { DAY_MS, dayNumberKey, indiaDayNumber } from '../../../server/market/calendar'
import { loadConfig } from '../../../server/config'
import { TEST_MARKET_SEED, createClock, createTestApp, createTestDatabase, type TestApp } from '../helpers'
import { create, detail, orderOf, trader } from '../trade/support'

type Quote = { symbol: string; price: number; prevClose: number }
type Kline = { t: number[]; open: number[]; close: number[] }

// Saturday 10 January 2026, 11:30 India time: the demo market trades around the clock.
const START = '2026-01-10T06:00:00Z'
const LISTED_AT = Date.parse('2026-01-10T07:00:00Z')
const ISSUE_PRICE = 50_000

const listing: Listing = {
  symbol: 'NEWCO',
  name: 'Newco Technologies',
  sector: SECTORS.it,
  industry: 'Software products',
  sharesOutstanding: 200_000_000,
  freeFloatBp: 2_500,
  referencePrice: ISSUE_PRICE,
  listedAt: LISTED_AT,
}

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ clock: createClock(START) })
  await t.database.db.transaction().execute((trx) => insertListing(trx, listing))
  // What the listing step does after its commit, here through the market job every process runs.
  await t.app.jobs.sweep('market', t.clock.now())
})
afterAll(() => t.close())

const dataOf = async <T>(path: string, body: unknown): Promise<T> => {
  const res = await t.call(path, body)
  if (res.body.status !== 1) throw new Error(`${path}: ${res.raw}`)
  return res.body.data as T
}
const search = async (q: string) => (await dataOf<{ data: Quote[] }>('/stock/search', { q })).data.map((quote) => quote.symbol)
const stockPage = () => dataOf<{ data: Quote[]; total: number }>('/stock/list', { type: 'stock', size: 100 })

describe('a listing', () => {
  it('is stored once: the listing step may run again and change nothing', async () => {
    await insertListing(t.database.db, { ...listing, referencePrice: 1, listedAt: 0 })
    expect(await allListings(t.database.db)).toEqual([listing])
  })

  it('builds its stock with the defaults of the static universe', () => {
    const { stock, listedAt } = listedStock(listing)
    const peer = STOCKS.find((s) => s.sector === SECTORS.it && s.symbol === 'INFY')!
    expect(listedAt).toBe(LISTED_AT)
    expect(stock).toMatchObject({ kind: 'stock', exchange: 'NSE', priceScale: 100, tickSize: peer.tickSize, referencePrice: ISSUE_PRICE, freeFloatBp: 2_500 })
    expect(stock.factorShareBp).toBe(peer.factorShareBp)
    // 15 bp of the free float a day, as for every stock.
    expect(stock.referenceDailyVolume).toBe(75_000)
  })

  it('refuses a symbol the exchange already has', async () => {
    await expect(insertListing(t.database.db, { ...listing, symbol: 'RELIANCE' })).rejects.toThrow('already an instrument')
  })
})

describe('before its listing time', () => {
  it('has no quote, no price band and no detail; its market opens at the listing', async () => {
    const feed = createMarketFeed({ db: t.database.db, config: t.config, seed: TEST_MARKET_SEED })
    try {
      const now = t.clock.now()
      await feed.prepare(now)
      expect(feed.instrument('NEWCO')?.name).toBe('Newco Technologies')
      expect(feed.quote('NEWCO', now)).toBeUndefined()
      expect(feed.previousClose('NEWCO', now)).toBeUndefined()
      expect(feed.marketState('NEWCO', now)).toEqual({ open: false, opensAt: LISTED_AT })
      expect(await feed.candles('NEWCO', { period: 'day', range: '1mo', adjust: 'none' }, now)).toEqual([])
    } finally {
      await feed.close()
    }
    expect((await t.call('/stock/detail', { symbol: 'NEWCO' })).body.code).toBe('symbol_unknown')
    expect(await search('NEWCO')).toEqual([])
  })

  it('refuses an order as the market closed until the listing, never a 500', async () => {
    const early = await trader(t, '9100000099', 10_000_000)
    const res = await create(t, early, { symbol: 'NEWCO' })
    expect(res.body).toMatchObject({ status: 0, code: 'market_closed', params: { opens: LISTED_AT } })
  })
})

describe('from its listing time', () => {
  beforeAll(() => t.clock.set(LISTED_AT + 60_000))

  it('quotes near the issue price, with the issue price as the band base', async () => {
    const { quote, band } = await detail(t, 'NEWCO')
    expect(quote.prevClose).toBe(ISSUE_PRICE)
    expect(Math.abs(quote.price - ISSUE_PRICE)).toBeLessThan(ISSUE_PRICE * 0.1)
    expect(band).not.toBeNull()
    expect(band!.min).toBeLessThan(ISSUE_PRICE)
    expect(band!.max).toBeGreaterThan(ISSUE_PRICE)
  })

  it('is in the stock list and in search, and in no index', async () => {
    const page = await stockPage()
    expect(page.total).toBe(STOCKS.length + 1)
    expect(page.data.map((q) => q.symbol)).toContain('NEWCO')
    expect(await search('NEWCO')).toEqual(['NEWCO'])
    expect(await search('Newco')).toEqual(['NEWCO'])
    const nifty = await dataOf<{ constituents: string[] }>('/stock/detail', { symbol: 'NIFTY50' })
    expect(nifty.constituents).not.toContain('NEWCO')
  })

  it('stores its days from the listing day, starting at the issue price', async () => {
    const rows = await t.database.db.selectFrom('market_days').selectAll().where('symbol', '=', 'NEWCO').orderBy('day').execute()
    expect(rows.map((r) => r.day)).toEqual([dayNumberKey(indiaDayNumber(LISTED_AT))])
    expect(rows[0]).toMatchObject({ calendar: 'always', start_close: ISSUE_PRICE })
  })

  it('is known to a restarted server, with the same quote', async () => {
    const now = t.clock.now()
    const feed = createMarketFeed({ db: t.database.db, config: t.config, seed: TEST_MARKET_SEED })
    try {
      await feed.prepare(now)
      expect(feed.instruments().map((i) => i.symbol)).toContain('NEWCO')
      expect(feed.quote('NEWCO', now)?.price).toBe((await detail(t, 'NEWCO')).quote.price)
    } finally {
      await feed.close()
    }
  })

  it('draws candles from the listing on, and goes on the next day', async () => {
    const minutes = await dataOf<Kline>('/stock/kline', { symbol: 'NEWCO', period: '1min', range: '1w', adjust: 'none' })
    expect(minutes.t[0]).toBe(LISTED_AT)
    expect(minutes.t.at(-1)).toBeLessThanOrEqual(t.clock.now())
    t.clock.advance(DAY_MS)
    await t.app.jobs.sweep('market', t.clock.now())
    const days = await dataOf<Kline>('/stock/kline', { symbol: 'NEWCO', period: 'day', range: '1mo', adjust: 'none' })
    expect(days.t).toHaveLength(2)
    expect(days.close[0]).toBeGreaterThan(0)
  })

  it('takes a market order at its feed price', async () => {
    const buyer = await trader(t, '9700000101', 1_000_000_000)
    const { quote } = await detail(t, 'NEWCO')
    const order = orderOf(await create(t, buyer, { symbol: 'NEWCO', lots: 1, leverage: 1 }))
    expect(order).toMatchObject({ symbol: 'NEWCO', name: 'Newco Technologies', kind: 'stock', entryPrice: quote.price })
  })
})

describe('a listing on the production calendar', () => {
  it('opens at the first NSE session after its listing time, from the issue price', async () => {
    const db = await createTestDatabase()
    const feed = createMarketFeed({ db: db.handle.db, config: loadConfig('production', { marketBackfillDays: 5 }), seed: TEST_MARKET_SEED })
    try {
      // Listed on a Saturday: nothing trades until Monday 09:15 India time.
      await insertListing(db.handle.db, listing)
      const saturday = Date.parse(START)
      // A first refresh on a fresh process also makes the backfill of the whole universe.
      await feed.refreshListings(saturday)
      const monday = Date.parse('2026-01-12T03:45:00Z')
      expect(feed.marketState('NEWCO', saturday)).toEqual({ open: false, opensAt: monday })
      expect(feed.marketState('NEWCO', LISTED_AT + 1)).toEqual({ open: false, opensAt: monday })
      expect(feed.quote('NEWCO', LISTED_AT + 1)).toBeUndefined()
      const at = monday + 30 * 60_000
      await feed.prepare(at)
      expect(feed.marketState('NEWCO', at)).toEqual({ open: true })
      expect(feed.previousClose('NEWCO', at)).toBe(ISSUE_PRICE)
      expect(feed.quote('NEWCO', at)?.prevClose).toBe(ISSUE_PRICE)
      expect(feed.quote('RELIANCE', at)).toBeDefined()
    } finally {
      await feed.close()
      await db.drop()
    }
  })
})
