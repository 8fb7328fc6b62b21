import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { entriesOfUser } from '../../../server/ledger/repository'
import { type OrderDto } from '../../../src/lib/trade'
import { createClock, createTestApp, type TestApp } from '../helpers'
import { available, close, create, detail, expectBooksWhole, orderOf, trader, type Trader } from './support'

let t: TestApp
let who: Trader
beforeAll(async () => {
  // Saturday 10 January 2026, 11:30 India time; the demo market is open around the clock.
  t = await createTestApp({ clock: createClock('2026-01-10T06:00:00Z') })
  who = await trader(t, '9710000001', 10_000_000_000)
})
afterAll(() => t.close())

async function orderById(id: number): Promise<OrderDto> {
  const res = await t.call('/order/list', { size: 100 }, { headers: who.headers })
  const found = (res.body.data as { data: OrderDto[] }).data.find((o) => o.id === id)
  if (!found) throw new Error(`order ${id} not listed`)
  return found
}

describe('trading engine sweep', () => {
  it('fills a limit order the feed has crossed, at its limit, from the frozen cost', async () => {
    const { quote, band } = await detail(t, 'ITC')
    // A buy limited at or above the price is crossed already; one at the band's floor is not.
    const crossed = orderOf(await create(t, who, { symbol: 'ITC', type: 'limit', price: Math.min(band!.max, quote.price + 100) }))
    const resting = orderOf(await create(t, who, { symbol: 'ITC', type: 'limit', price: band!.min }))
    const report = await t.app.trading.sweep(t.clock.now())
    expect(report.filled).toBe(1)
    expect(await orderById(crossed.id)).toMatchObject({ status: 'locked', entryPrice: crossed.limitPrice, openedAt: t.clock.now(), margin: crossed.margin })
    expect((await orderById(resting.id)).status).toBe('pending')
    const entries = (await entriesOfUser(t.database.db, who.userId)).filter((e) => e.reference === crossed.orderNo)
    expect(entries.map((e) => e.reason)).toEqual(['position_open', 'order_freeze'])
    // A second sweep (or a second process) finds nothing more to do.
    expect((await t.app.trading.sweep(t.clock.now())).filled).toBe(0)
    await expectBooksWhole(t)
  })

  it('shows the lock passing in the stored status too', async () => {
    const position = orderOf(await create(t, who, { symbol: 'RELIANCE' }))
    expect(position.status).toBe('locked')
    t.clock.advance(60_000)
    expect((await t.app.trading.sweep(t.clock.now())).unlocked).toBeGreaterThanOrEqual(1)
    const row = await t.database.db.selectFrom('orders').select('status').where('id', '=', position.id).executeTakeFirstOrThrow()
    expect(row.status).toBe('holding')
  })

  it('squares off a day-trading position at the cut-off and expires a resting day-trading order', async () => {
    const position = orderOf(await create(t, who, { symbol: 'TCS', dayTrading: true }))
    const { band } = await detail(t, 'TCS')
    const resting = orderOf(await create(t, who, { symbol: 'TCS', type: 'limit', price: band!.min, dayTrading: true }))
    // The demo's cut-off: 23:45 India time (18:15 UTC), its 24-hour session's end less 15 minutes.
    expect(position.squareOffAt).toBe(Date.parse('2026-01-10T18:15:00Z'))
    t.clock.set('2026-01-10T18:14:59Z')
    expect((await t.app.trading.sweep(t.clock.now())).squaredOff).toBe(0)
    t.clock.set('2026-01-10T18:15:00Z')
    const before = await available(t, who)
    const { quote } = await detail(t, 'TCS')
    const report = await t.app.trading.sweep(t.clock.now())
    expect(report).toMatchObject({ squaredOff: 1, expired: 1 })
    const closed = await orderById(position.id)
    expect(closed).toMatchObject({ status: 'closed', closeReason: 'square_off', exitPrice: quote.price })
    expect((await orderById(resting.id)).status).toBe('cancelled')
    expect(await available(t, who)).toBe(before + closed.cashReturned! + resting.margin + resting.fee + resting.stampDuty)
    await expectBooksWhole(t)
  })

  it('stops out a leveraged position once its loss eats the margin, at the feed price', async () => {
    // Early in the next India day, so the coin is still near its previous close (inside the band).
    t.clock.set('2026-01-11T00:00:00Z')
    // A long and a short at 10x on a volatile coin: whichever way it moves, one is stopped out.
    const long = orderOf(await create(t, who, { symbol: 'SOLINR', direction: 'long', leverage: 10 }))
    const short = orderOf(await create(t, who, { symbol: 'SOLINR', direction: 'short', leverage: 10 }))
    let stopped = 0
    for (let day = 0; day < 60 && stopped === 0; day++) {
      for (let hour = 0; hour < 24 && stopped === 0; hour++) {
        t.clock.advance(3_600_000)
        stopped = (await t.app.trading.sweep(t.clock.now())).stoppedOut
      }
    }
    expect(stopped).toBeGreaterThan(0)
    const [l, s] = [await orderById(long.id), await orderById(short.id)]
    const out = [l, s].find((o) => o.closeReason === 'stop_out')!
    expect(out.status).toBe('closed')
    // The rule published as stop_out_margin_pct: closed once margin + P&L <= 20% of the margin.
    expect(100 * (out.margin + out.pnl!)).toBeLessThanOrEqual(out.margin * t.config.trading.stopOutMarginPct)
    const other = out === l ? s : l
    expect(other.status === 'holding' || other.closeReason === 'stop_out').toBe(true)
    await expectBooksWhole(t)
  })

  it('does not stop out or settle a position the user has already closed', async () => {
    const position = orderOf(await create(t, who, { symbol: 'ITC' }))
    t.clock.advance(60_000)
    orderOf(await close(t, who, position.id))
    const report = await t.app.trading.sweep(t.clock.now())
    expect(report.settled + report.stoppedOut + report.squaredOff).toBe(0)
    await expectBooksWhole(t)
  })
})
