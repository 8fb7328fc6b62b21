/**
 * Currency exchange on a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set):
 * wallets per currency, rates from the market's INR pairs with the published spread, every
 * refusal, both legs of an exchange in one balanced ledger entry, and no wallet ever negative
 * however many exchanges of the whole balance arrive at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { buildApp } from '../../../server/app'
import { loadConfig } from '../../../server/config'
import { seedIfEmpty } from '../../../server/db/seed'
import { CURRENCIES, RATE_SCALE, exchangeQuote, rateFromPairPrice } from '../../../server/funds/exchange-rules'
import { DomainRefusal } from '../../../server/http/refusal'
import { createMarketFeed } from '../../../server/market/live-feed'
import { setFlag } from '../../../server/accounts/flag-repository'
import { driftedBalances, unbalancedEntries } from '../../../server/ledger/repository'
import { API_PREFIX } from '../../../server/app'
import { TEST_MARKET_SEED, createClock, createTestApp, createTestDatabase, toReply, type TestApp } from '../helpers'
import { trader, type Trader } from '../trade/accounts'

type Wallet = { currency: string; decimals: number; available: number; frozen: number; total: number }
type Rate = { currency: string; decimals: number; mid: number | null; buy: number | null; sell: number | null; source: string | null; time: number | null }
type Rates = { at: number; base: string; rateScale: number; spreadPerLakh: number; rates: Rate[] }
type Exchange = { id: number; from: string; to: string; amountIn: number; amountOut: number; midFrom: number; midTo: number; spreadPerLakh: number; rateScale: number; createdAt: number }

let t: TestApp
let next = 9_720_000_000

const customer = (paise: number): Promise<Trader> => trader(t, String(++next), paise, { marginTrading: false })

const exchange = (who: Trader, body: Record<string, unknown>, key: string | true = true) => t.call('/user/exchange', body, { headers: who.headers, key })

async function wallets(who: Trader): Promise<Map<string, Wallet>> {
  const res = await t.call('/user/wallets', {}, { headers: who.headers })
  expect(res.body.status).toBe(1)
  return new Map((res.body.data as { data: Wallet[] }).data.map((w) => [w.currency, w]))
}

async function rates(): Promise<Rates> {
  const res = await t.call('/user/exchangeRates', {})
  expect(res.body.status).toBe(1)
  return res.body.data as Rates
}

/** The legs of the exchange's ledger entry. */
async function legsOf(id: number): Promise<{ account: string; currency: string; amount: number }[]> {
  const { rows } = await sql<{ account: string; currency: string; amount: number }>`
    select l.account, l.currency, l.amount from ledger_legs l join ledger_entries e on e.id = l.entry_id
    where e.reason = 'exchange' and e.reference = ${`exchange:${id}`} order by l.id`.execute(t.database.db)
  return rows
}

beforeAll(async () => {
  // Saturday 10 January 2026, 11:30 India time: the demo market quotes around the clock.
  t = await createTestApp({ clock: createClock('2026-01-10T06:00:00Z') })
})
afterAll(() => t.close())

describe('POST /user/wallets', () => {
  it('lists all ten wallets, zero where nothing is held, and needs a session', async () => {
    const who = await customer(250_000)
    const list = await wallets(who)
    expect([...list.keys()]).toEqual(CURRENCIES)
    expect(list.get('INR')).toEqual({ currency: 'INR', decimals: 2, available: 250_000, frozen: 0, total: 250_000 })
    expect(list.get('JPY')).toEqual({ currency: 'JPY', decimals: 0, available: 0, frozen: 0, total: 0 })
    expect((await t.call('/user/wallets', {})).statusCode).toBe(401)
  })
})

describe('POST /user/exchangeRates', () => {
  it('quotes every wallet currency from its INR pair, with the spread taken once each way', async () => {
    const r = await rates()
    expect(r).toMatchObject({ base: 'INR', rateScale: RATE_SCALE, spreadPerLakh: 500, at: t.clock.now() })
    expect(r.rates.map((x) => x.currency)).toEqual(CURRENCIES)
    expect(r.rates[0]).toEqual({ currency: 'INR', decimals: 2, mid: RATE_SCALE, buy: RATE_SCALE, sell: RATE_SCALE, source: 'base', time: null })
    for (const rate of r.rates.slice(1)) {
      expect(rate.source, rate.currency).toBe('market')
      expect(rate.time, rate.currency).toBeLessThanOrEqual(t.clock.now())
      // The user sells below the mid and buys above it: that gap is the published spread.
      expect(rate.sell).toBe(Math.floor((rate.mid! * 99_500) / 100_000))
      expect(rate.sell!).toBeLessThan(rate.mid!)
      expect(rate.buy!).toBeGreaterThan(rate.mid!)
    }
    // The dollar's mid is the USDINR quote the market shows, per one dollar.
    const detail = await t.call('/stock/detail', { symbol: 'USDINR' })
    const quote = (detail.body.data as { quote: { price: number; priceScale: number } }).quote
    expect(r.rates.find((x) => x.currency === 'USD')!.mid).toBe(rateFromPairPrice({ price: quote.price, priceScale: quote.priceScale, baseAmount: 1 }))
    // The yen is quoted per 100 yen: one yen is worth well under a rupee.
    expect(r.rates.find((x) => x.currency === 'JPY')!.mid!).toBeLessThan(RATE_SCALE)
  })

  it('publishes the spread and the wallets in /common/config', async () => {
    const items = (await t.call('/common/config', { type: 'all' })).body.data as { name: string; value: string }[]
    const values = Object.fromEntries(items.map((i) => [i.name, i.value]))
    expect(values).toMatchObject({ exchange_spread_per_lakh: '500', exchange_currencies: CURRENCIES.join(','), exchange_reference_rates: '' })
  })
})

describe('POST /user/exchange', () => {
  it('pays the quote it shows: out of one wallet, into the other, both legs in one balanced entry', async () => {
    const who = await customer(1_000_000)
    const res = await exchange(who, { from: 'INR', to: 'USD', amount: 400_000 })
    expect(res.body.status).toBe(1)
    const done = res.body.data as Exchange
    expect(done).toMatchObject({ from: 'INR', to: 'USD', amountIn: 400_000, spreadPerLakh: 500, rateScale: RATE_SCALE, createdAt: t.clock.now() })
    // The amount out is exactly the published rule applied to the mids the reply names.
    const rebuilt = exchangeQuote({ from: 'INR', to: 'USD', amountIn: 400_000, rates: { INR: done.midFrom, USD: done.midTo }, spreadPerLakh: 500 })
    expect(rebuilt).toEqual({ from: 'INR', to: 'USD', amountIn: 400_000, amountOut: done.amountOut })
    // And it is the mid /user/exchangeRates shows at the same instant.
    expect(done.midTo).toBe((await rates()).rates.find((r) => r.currency === 'USD')!.mid)

    const list = await wallets(who)
    expect(list.get('INR')).toMatchObject({ available: 600_000, total: 600_000 })
    expect(list.get('USD')).toMatchObject({ available: done.amountOut, total: done.amountOut })

    const legs = await legsOf(done.id)
    expect(legs).toEqual([
      { account: `user:${who.userId}:available`, currency: 'INR', amount: -400_000 },
      { account: 'house:fx', currency: 'INR', amount: 400_000 },
      { account: 'house:fx', currency: 'USD', amount: -done.amountOut },
      { account: `user:${who.userId}:available`, currency: 'USD', amount: done.amountOut },
    ])
    for (const currency of ['INR', 'USD']) {
      expect(legs.filter((l) => l.currency === currency).reduce((sum, l) => sum + l.amount, 0), currency).toBe(0)
    }

    // Back again: the dollars into yen, a currency without a minor unit.
    const yen = (await exchange(who, { from: 'USD', to: 'JPY', amount: done.amountOut })).body.data as Exchange
    expect(yen.amountOut).toBeGreaterThan(0)
    expect((await wallets(who)).get('USD')).toMatchObject({ available: 0 })
    expect((await wallets(who)).get('JPY')).toMatchObject({ available: yen.amountOut })
    expect(await unbalancedEntries(t.database.db)).toEqual([])
  })

  it('shows in the fund records once per currency it moved', async () => {
    const who = await customer(500_000)
    const done = (await exchange(who, { from: 'INR', to: 'HKD', amount: 100_000 })).body.data as Exchange
    const records = (await t.call('/fund/records', { kind: 'all', page: 1, size: 10 }, { headers: who.headers })).body.data as {
      data: { reason: string; reference: string; currency: string; available: number }[]
    }
    const mine = records.data.filter((r) => r.reference === `exchange:${done.id}`)
    expect(mine.map((r) => [r.reason, r.currency, r.available]).sort()).toEqual([
      ['exchange', 'HKD', done.amountOut],
      ['exchange', 'INR', -100_000],
    ])
  })

  it('replays a retried request instead of exchanging twice', async () => {
    const who = await customer(300_000)
    const key = crypto.randomUUID()
    const first = await exchange(who, { from: 'INR', to: 'CNY', amount: 100_000 }, key)
    const again = await exchange(who, { from: 'INR', to: 'CNY', amount: 100_000 }, key)
    expect(again.raw).toBe(first.raw)
    expect((await wallets(who)).get('INR')).toMatchObject({ available: 200_000 })
  })

  it('refuses with the rule that says no, and moves nothing', async () => {
    const who = await customer(1_000_000)
    const refused = async (body: Record<string, unknown>) => {
      const res = await exchange(who, body)
      expect(res.statusCode).toBe(200)
      expect(res.body.status).toBe(0)
      return { code: res.body.code, params: res.body.params }
    }
    expect(await refused({ from: 'INR', to: 'INR', amount: 100 })).toEqual({ code: 'exchange_same_currency', params: { currency: 'INR' } })
    // EURINR trades in the market, but there is no euro wallet.
    expect(await refused({ from: 'INR', to: 'EUR', amount: 100 })).toEqual({ code: 'currency_unknown', params: { currency: 'EUR' } })
    expect(await refused({ from: 'XYZ', to: 'INR', amount: 100 })).toEqual({ code: 'currency_unknown', params: { currency: 'XYZ' } })
    expect((await refused({ from: 'INR', to: 'USD', amount: 0 })).code).toBe('amount_invalid')
    expect((await refused({ from: 'INR', to: 'USD', amount: -500 })).code).toBe('amount_invalid')
    // One dong is far less than a paisa: nothing whole comes out.
    expect(await refused({ from: 'VND', to: 'INR', amount: 1 })).toEqual({ code: 'exchange_amount_too_small', params: { from: 'VND', to: 'INR' } })
    expect(await refused({ from: 'INR', to: 'USD', amount: 1_000_001 })).toEqual({
      code: 'insufficient_balance',
      params: { available: 1_000_000, required: 1_000_001, currency: 'INR' },
    })
    expect(await refused({ from: 'USD', to: 'INR', amount: 100 })).toEqual({ code: 'insufficient_balance', params: { available: 0, required: 100, currency: 'USD' } })
    expect((await refused({ from: 'INR', to: 'USD', amount: 100_000, minAmountOut: 1_000_000 })).code).toBe('exchange_rate_moved')
    // A fractional amount is not a number of minor units at all: bad input.
    expect((await exchange(who, { from: 'INR', to: 'USD', amount: 1.5 })).statusCode).toBe(400)

    await setFlag(t.database.db, { userId: who.userId, flag: 'frozen', reason: 'under investigation', setBy: 'test', now: t.clock.now() })
    expect(await refused({ from: 'INR', to: 'USD', amount: 100_000 })).toEqual({ code: 'account_frozen', params: { reason: 'under investigation' } })
    await setFlag(t.database.db, { userId: who.userId, flag: 'disabled', reason: 'closed', setBy: 'test', now: t.clock.now() })
    expect(await refused({ from: 'INR', to: 'USD', amount: 100_000 })).toEqual({ code: 'account_disabled', params: { reason: 'closed' } })

    const list = await wallets(who)
    expect(list.get('INR')).toMatchObject({ available: 1_000_000 })
    expect([...list.values()].filter((w) => w.currency !== 'INR').every((w) => w.total === 0)).toBe(true)
  })

  it('takes the minimum the user confirmed: it goes through when the quote still gives that much', async () => {
    const who = await customer(500_000)
    const r = await rates()
    const preview = exchangeQuote({
      from: 'INR',
      to: 'THB',
      amountIn: 200_000,
      rates: Object.fromEntries(r.rates.map((x) => [x.currency, x.mid!])),
      spreadPerLakh: r.spreadPerLakh,
    })
    if (preview instanceof DomainRefusal) throw preview
    const res = await exchange(who, { from: 'INR', to: 'THB', amount: 200_000, minAmountOut: preview.amountOut })
    expect(res.body.data).toMatchObject({ amountOut: preview.amountOut })
  })

  it('exchanges the whole balance once when 100 requests for it arrive together; no wallet goes below zero', async () => {
    const who = await customer(2_000_000)
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) => exchange(who, { from: 'INR', to: i % 2 === 0 ? 'USD' : 'KRW', amount: 2_000_000 })),
    )
    expect(replies.filter((r) => r.body.status === 1)).toHaveLength(1)
    const refused = replies.filter((r) => r.body.status === 0)
    expect(refused).toHaveLength(99)
    expect(refused.every((r) => r.body.code === 'insufficient_balance')).toBe(true)
    const list = await wallets(who)
    expect(list.get('INR')).toMatchObject({ available: 0, total: 0 })
    for (const w of list.values()) expect(w.available, w.currency).toBeGreaterThanOrEqual(0)

    // A foreign wallet spent whole from two sides at once: one wins, the other is refused.
    const won = replies.find((r) => r.body.status === 1)!.body.data as Exchange
    const back = await Promise.all([
      exchange(who, { from: won.to, to: 'INR', amount: won.amountOut }),
      exchange(who, { from: won.to, to: 'MYR', amount: won.amountOut }),
      exchange(who, { from: won.to, to: 'TWD', amount: won.amountOut }),
    ])
    expect(back.filter((r) => r.body.status === 1)).toHaveLength(1)
    expect((await wallets(who)).get(won.to)).toMatchObject({ available: 0 })

    expect(await unbalancedEntries(t.database.db)).toEqual([])
    expect(await driftedBalances(t.database.db)).toEqual([])
    const negative = await sql<{ account: string; currency: string }>`
      select account, currency from ledger_balances where account like 'user:%' and amount < 0`.execute(t.database.db)
    expect(negative.rows).toEqual([])
  })
})

describe('a currency without a market pair', () => {
  it('uses the configured reference rate and says so; with none, refuses rate_unavailable', async () => {
    // The same app, but a market that has no quote for MYRINR or THBINR, and a reference rate for MYR only.
    const db = await createTestDatabase()
    const clock = createClock('2026-01-10T06:00:00Z')
    const config = loadConfig('demo', {
      matchIntervalMs: 0,
      autoReviewIntervalMs: 0,
      marketBackfillDays: 10,
      exchange: { spreadPerLakh: 500, referenceRates: { MYR: 2_130_000_000 } },
    })
    await seedIfEmpty(db.handle.db, config, clock.now())
    const feed = createMarketFeed({ db: db.handle.db, config, seed: TEST_MARKET_SEED })
    const hidden = new Set(['MYRINR', 'THBINR'])
    const market = { ...feed, quote: (symbol: string, now: number) => (hidden.has(symbol) ? undefined : feed.quote(symbol, now)) }
    const app = await buildApp({ database: db.handle, config, now: clock.now, staticDir: null, market })
    try {
      const post = async (path: string, body: object, headers: Record<string, string> = {}) =>
        toReply(await app.inject({ method: 'POST', url: `${API_PREFIX}${path}`, headers, payload: body }))
      const r = (await post('/user/exchangeRates', {})).body.data as Rates
      expect(r.rates.find((x) => x.currency === 'MYR')).toMatchObject({ mid: 2_130_000_000, source: 'reference', time: null })
      expect(r.rates.find((x) => x.currency === 'THB')).toMatchObject({ mid: null, buy: null, sell: null, source: null })
      const items = (await post('/common/config', { type: 'all' })).body.data as { name: string; value: string }[]
      expect(items.find((i) => i.name === 'exchange_reference_rates')?.value).toBe('MYR:2130000000')

      // The demo account holds rupees: MYR goes through at the reference rate, THB is refused.
      const login = (await post('/user/login', { account: '9000000001', password: 'demo1234' })).body.data as { token: string; account: string }
      const headers = { token: login.token, account: login.account }
      const myr = await post('/user/exchange', { from: 'INR', to: 'MYR', amount: 213_000 }, { ...headers, 'idempotency-key': crypto.randomUUID() })
      // ₹2,130 at ₹21.30 a ringgit is RM 100, less 0.5%.
      expect(myr.body.data).toMatchObject({ midTo: 2_130_000_000, amountOut: 9_950 })
      const thb = await post('/user/exchange', { from: 'INR', to: 'THB', amount: 10_000 }, { ...headers, 'idempotency-key': crypto.randomUUID() })
      expect(thb.body).toMatchObject({ status: 0, code: 'rate_unavailable', params: { from: 'INR', to: 'THB' } })
    } finally {
      await app.close()
      await feed.close()
      await db.drop()
    }
  })
})
