import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type OrderDto as ClientOrderDto } from '../../../src/data/db'
import { setFlag } from '../../../server/accounts/flag-repository'
import { entriesOfUser } from '../../../server/ledger/repository'
import { insertOrganisationCode } from '../../../server/accounts/repository'
import { type OrderDto } from '../../../src/lib/trade'
import { createClock, createTestApp, type TestApp } from '../helpers'
import { available, cancel, close, create, detail, expectBooksWhole, orderOf, refusal, trader, type Trader } from './support'

// The server's OrderDto and the client's are one shape: each must be assignable to the other.
const sameShape: [ClientOrderDto, OrderDto] = [{} as OrderDto, {} as ClientOrderDto]
void sameShape

let t: TestApp
let rich: Trader
let poor: Trader
let noMargin: Trader
beforeAll(async () => {
  // Saturday 10 January 2026, 11:30 India time: the demo market is open around the clock.
  t = await createTestApp({ clock: createClock('2026-01-10T06:00:00Z') })
  rich = await trader(t, '9700000001', 1_000_000_000)
  poor = await trader(t, '9700000002', 0)
  noMargin = await trader(t, '9700000003', 100_000_000, { marginTrading: false })
})
afterAll(() => t.close())

describe('POST /order/create refusals', () => {
  it('refuses an unknown symbol and an index', async () => {
    expect(refusal(await create(t, rich, { symbol: 'NOPE' }))).toEqual({ code: 'symbol_unknown', params: { symbol: 'NOPE' } })
    expect(refusal(await create(t, rich, { symbol: 'NIFTY50' }))).toEqual({ code: 'instrument_not_tradable', params: { symbol: 'NIFTY50' } })
  })

  it('refuses lots outside 1..max and a leverage outside the published set', async () => {
    expect(refusal(await create(t, rich, { symbol: 'ITC', lots: 0 }))).toEqual({ code: 'lots_invalid', params: { min: 1, max: 10_000 } })
    expect(refusal(await create(t, rich, { symbol: 'ITC', lots: 1.5 }))).toEqual({ code: 'lots_invalid', params: { min: 1, max: 10_000 } })
    expect(refusal(await create(t, rich, { symbol: 'ITC', leverage: 3 }))).toEqual({ code: 'leverage_not_allowed', params: { allowed: '1,2,5,10' } })
  })

  it('refuses leverage above 1 to an account without margin trading', async () => {
    expect(refusal(await create(t, noMargin, { symbol: 'ITC', leverage: 2 }))).toEqual({ code: 'margin_trading_disabled', params: {} })
    expect(orderOf(await create(t, noMargin, { symbol: 'ITC', leverage: 1 })).leverage).toBe(1)
  })

  it('refuses a limit order without a price above zero', async () => {
    expect(refusal(await create(t, rich, { symbol: 'ITC', type: 'limit' })).code).toBe('limit_price_invalid')
    expect(refusal(await create(t, rich, { symbol: 'ITC', type: 'limit', price: 0 })).code).toBe('limit_price_invalid')
    expect(refusal(await create(t, rich, { symbol: 'ITC', type: 'limit', price: 100.5 })).code).toBe('limit_price_invalid')
  })

  it('refuses a limit price outside the band and names the band', async () => {
    const { band } = await detail(t, 'ITC')
    expect(refusal(await create(t, rich, { symbol: 'ITC', type: 'limit', price: band!.max + 1 }))).toEqual({
      code: 'price_out_of_band',
      params: { min: band!.min, max: band!.max },
    })
  })

  it('refuses an order the available balance does not cover, with both amounts', async () => {
    const res = refusal(await create(t, poor, { symbol: 'ITC' }))
    expect(res.code).toBe('insufficient_balance')
    expect(res.params).toMatchObject({ available: 0 })
    expect(res.params!.required).toBeGreaterThan(0)
  })

  it('refuses a day-trading order from the cut-off on', async () => {
    const clock = t.clock.now()
    t.clock.set('2026-01-10T18:15:00Z') // 23:45 India time, the demo's cut-off
    try {
      expect(refusal(await create(t, rich, { symbol: 'ITC', dayTrading: true }))).toEqual({ code: 'day_trading_closed', params: { cutoff: '23:45' } })
    } finally {
      t.clock.set(clock)
    }
  })

  it('refuses every order of an account flagged no-trade, first of all', async () => {
    const flagged = await trader(t, '9700000004', 100_000_000)
    await setFlag(t.database.db, { userId: flagged.userId, flag: 'no_trade', reason: 'review', setBy: 'test', now: t.clock.now() })
    expect(refusal(await create(t, flagged, { symbol: 'ITC', lots: 0 }))).toEqual({ code: 'trading_disabled', params: {} })
  })

  it('refuses an account whose identity is not verified yet, naming its status', async () => {
    const fresh = await trader(t, '9700000007', 100_000_000)
    await t.database.db.updateTable('users').set({ real_name_status: 'pending' }).where('id', '=', fresh.userId).execute()
    expect(refusal(await create(t, fresh, { symbol: 'ITC' }))).toEqual({ code: 'real_name_required', params: { status: 'pending' } })
  })

  it('stores a refusal as the key reply: a retry with the same key gets the same refusal', async () => {
    const body = { symbol: 'ITC', direction: 'long', type: 'market', lots: 0, leverage: 1 }
    const first = await t.call('/order/create', body, { headers: rich.headers, key: 'b9a1f7a2-0c4e-4a57-9d54-1f5f4e0a0001' })
    const again = await t.call('/order/create', body, { headers: rich.headers, key: 'b9a1f7a2-0c4e-4a57-9d54-1f5f4e0a0001' })
    expect(again.raw).toBe(first.raw)
    expect(again.headers['idempotent-replayed']).toBe('true')
  })
})

describe('market orders', () => {
  it('opens a position at the feed price, paid from available through one ledger entry', async () => {
    const before = await available(t, rich)
    const { quote } = await detail(t, 'RELIANCE')
    const order = orderOf(await create(t, rich, { symbol: 'RELIANCE', lots: 2, leverage: 5 }))
    expect(order).toMatchObject({
      symbol: 'RELIANCE',
      name: 'Reliance Industries',
      kind: 'stock',
      type: 'market',
      direction: 'long',
      lots: 2,
      quantity: 200,
      unitDivisor: 1,
      quantityScale: 1,
      leverage: 5,
      entryPrice: quote.price,
      limitPrice: null,
      contractAmount: 200 * quote.price,
      status: 'locked',
      unlockAt: t.clock.now() + 60_000,
      openedAt: t.clock.now(),
      closeReason: null,
    })
    expect(order.orderNo).toMatch(/^T\d{10}$/)
    expect(order.margin).toBe(Math.ceil((200 * quote.price) / 5))
    expect(order.stopOutPrice).toBeLessThan(quote.price)
    expect(await available(t, rich)).toBe(before - order.margin - order.fee - order.stampDuty)
    const [entry] = await entriesOfUser(t.database.db, rich.userId)
    expect(entry).toMatchObject({ reason: 'position_open', reference: order.orderNo })
    await expectBooksWhole(t)
  })

  it('trades a digital currency in millionths of a coin with its divisor', async () => {
    const { quote } = await detail(t, 'BTCINR')
    const order = orderOf(await create(t, rich, { symbol: 'BTCINR', direction: 'short', lots: 1, leverage: 2 }))
    expect(order).toMatchObject({ kind: 'crypto', quantity: 10_000, unitDivisor: 1_000_000, quantityScale: 1_000_000, stampDuty: 0 })
    expect(order.contractAmount).toBe(Math.round((10_000 * quote.price) / 1_000_000))
  })

  it('trades a currency pair per its base amount', async () => {
    const order = orderOf(await create(t, rich, { symbol: 'JPYINR', lots: 1 }))
    expect(order).toMatchObject({ kind: 'forex', quantity: 100_000, unitDivisor: 10_000, quantityScale: 1 })
  })
})

describe('limit orders, cancel and close', () => {
  it('rests a limit order as pending with its cost frozen, and cancels it back', async () => {
    const { band } = await detail(t, 'TCS')
    const before = await available(t, rich)
    const pending = orderOf(await create(t, rich, { symbol: 'TCS', type: 'limit', price: band!.min }))
    expect(pending).toMatchObject({ status: 'pending', limitPrice: band!.min, entryPrice: null, unlockAt: null, stopOutPrice: null })
    expect(await available(t, rich)).toBe(before - pending.margin - pending.fee - pending.stampDuty)

    const cancelled = orderOf(await cancel(t, rich, pending.id))
    expect(cancelled.status).toBe('cancelled')
    expect(await available(t, rich)).toBe(before)
    expect(refusal(await cancel(t, rich, pending.id))).toEqual({ code: 'order_not_pending', params: { status: 'cancelled' } })
    await expectBooksWhole(t)
  })

  it('refuses to cancel a position and to close a pending order', async () => {
    const position = orderOf(await create(t, rich, { symbol: 'ITC' }))
    expect(refusal(await cancel(t, rich, position.id))).toEqual({ code: 'order_not_pending', params: { status: 'locked' } })
    const { band } = await detail(t, 'ITC')
    const pending = orderOf(await create(t, rich, { symbol: 'ITC', type: 'limit', price: band!.min }))
    expect(refusal(await close(t, rich, pending.id))).toEqual({ code: 'position_not_holding', params: { status: 'pending' } })
  })

  it('refuses to close before the lock ends, then closes at the feed price', async () => {
    const position = orderOf(await create(t, rich, { symbol: 'INFY', direction: 'short', lots: 3, leverage: 10 }))
    expect(refusal(await close(t, rich, position.id))).toEqual({ code: 'position_locked', params: { unlockAt: position.unlockAt! } })
    t.clock.advance(60_000)
    const before = await available(t, rich)
    const { quote } = await detail(t, 'INFY')
    const closed = orderOf(await close(t, rich, position.id))
    expect(closed).toMatchObject({ status: 'closed', exitPrice: quote.price, closeReason: 'user', closedAt: t.clock.now(), stopOutPrice: null })
    expect(closed.pnl).toBe(300 * (position.entryPrice! - quote.price))
    expect(closed.cashReturned).toBe(position.margin + closed.pnl! - closed.closeFee! - closed.closeStampDuty!)
    expect(await available(t, rich)).toBe(before + closed.cashReturned!)
    expect(refusal(await close(t, rich, position.id))).toEqual({ code: 'position_not_holding', params: { status: 'closed' } })
    await expectBooksWhole(t)
  })

  it("answers order_not_found for another user's order and for no order at all", async () => {
    const mine = orderOf(await create(t, rich, { symbol: 'ITC' }))
    expect(refusal(await cancel(t, noMargin, mine.id))).toEqual({ code: 'order_not_found', params: { id: mine.id } })
    expect(refusal(await close(t, noMargin, mine.id))).toEqual({ code: 'order_not_found', params: { id: mine.id } })
    expect(refusal(await close(t, rich, 987_654))).toEqual({ code: 'order_not_found', params: { id: 987_654 } })
  })
})

describe('POST /order/list', () => {
  it('pages the user’s orders newest first, by status group, kind and day trading', async () => {
    const who = await trader(t, '9700000005', 1_000_000_000)
    const { band } = await detail(t, 'ITC')
    const a = orderOf(await create(t, who, { symbol: 'ITC' }))
    const b = orderOf(await create(t, who, { symbol: 'ITC', type: 'limit', price: band!.min }))
    const c = orderOf(await create(t, who, { symbol: 'BTCINR', dayTrading: true }))
    const d = orderOf(await create(t, who, { symbol: 'ITC', type: 'limit', price: band!.min }))
    orderOf(await cancel(t, who, d.id))
    const list = async (body: object) => {
      const res = await t.call('/order/list', body, { headers: who.headers })
      const data = res.body.data as { data: OrderDto[]; total: number }
      return { ids: data.data.map((o) => o.id), total: data.total }
    }
    expect(await list({})).toEqual({ ids: [d.id, c.id, b.id, a.id], total: 4 })
    expect(await list({ status: 'open' })).toEqual({ ids: [c.id, a.id], total: 2 })
    expect(await list({ status: 'pending' })).toEqual({ ids: [b.id], total: 1 })
    expect(await list({ status: 'ended' })).toEqual({ ids: [d.id], total: 1 })
    expect(await list({ kind: 'crypto' })).toEqual({ ids: [c.id], total: 1 })
    expect(await list({ dayTrading: true })).toEqual({ ids: [c.id], total: 1 })
    expect(await list({ page: 2, size: 3 })).toEqual({ ids: [a.id], total: 4 })
    // Another user sees none of them.
    const other = await t.call('/order/list', {}, { headers: poor.headers })
    expect((other.body.data as { total: number }).total).toBe(0)
  })

  it('shows a locked position as holding once its lock has passed, without a sweep', async () => {
    const who = await trader(t, '9700000006', 100_000_000)
    const position = orderOf(await create(t, who, { symbol: 'ITC' }))
    expect(position.status).toBe('locked')
    t.clock.advance(60_000)
    const res = await t.call('/order/list', { status: 'open' }, { headers: who.headers })
    expect((res.body.data as { data: OrderDto[] }).data[0]).toMatchObject({ id: position.id, status: 'holding' })
  })

  it('needs a session', async () => {
    expect((await t.call('/order/list', {})).statusCode).toBe(401)
    expect((await t.call('/order/create', { symbol: 'ITC' }, { key: true })).statusCode).toBe(401)
  })
})

describe('market hours (production profile)', () => {
  let p: TestApp
  let who: Trader
  beforeAll(async () => {
    // Monday 12 January 2026, 10:00 India time: NSE is open.
    p = await createTestApp({ profile: 'production', clock: createClock('2026-01-12T04:30:00Z') })
    // Production seeds no invite code; the test's accounts need one.
    await insertOrganisationCode(p.database.db, p.config.demoInviteCode, 'test', p.clock.now())
    who = await trader(p, '9700000101', 1_000_000_000)
  })
  afterAll(() => p.close())

  it('refuses an order at night and says when the market opens', async () => {
    const clock = p.clock.now()
    p.clock.set('2026-01-12T18:00:00Z') // 23:30 India time
    try {
      expect(refusal(await create(p, who, { symbol: 'ITC' }))).toEqual({
        code: 'market_closed',
        params: { opens: Date.parse('2026-01-13T03:45:00Z') },
      })
    } finally {
      p.clock.set(clock)
    }
  })

  it('locks a position until the next trading day (T+1), then a close after hours waits for the open', async () => {
    const position = orderOf(await create(p, who, { symbol: 'ITC' }))
    expect(position).toMatchObject({ status: 'locked', unlockAt: Date.parse('2026-01-13T03:45:00Z') })
    p.clock.set('2026-01-13T11:00:00Z') // Tuesday 16:30 India time, after the close
    const preparing = orderOf(await close(p, who, position.id))
    expect(preparing).toMatchObject({ status: 'preparing_to_close', closeReason: 'user', exitPrice: null })
    expect(refusal(await close(p, who, position.id))).toEqual({ code: 'position_not_holding', params: { status: 'preparing_to_close' } })
    expect((await p.app.trading.sweep(p.clock.now())).settled).toBe(0)

    p.clock.set('2026-01-14T03:50:00Z') // Wednesday 09:20 India time
    const { quote } = await detail(p, 'ITC')
    expect((await p.app.trading.sweep(p.clock.now())).settled).toBe(1)
    const res = await p.call('/order/list', { status: 'ended' }, { headers: who.headers })
    expect((res.body.data as { data: OrderDto[] }).data[0]).toMatchObject({ id: position.id, status: 'closed', exitPrice: quote.price, closeReason: 'user' })
    await expectBooksWhole(p)
  })
})
