import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HOUSE_PROMOTIONS, LEDGER_REASONS, transfer, userAccount } from '../../../server/ledger/rules'
import { createRng } from '../../../server/market/random'
import { lockTrader, postEntry } from '../../../server/ledger/repository'
import { type OrderDto } from '../../../src/lib/trade'
import { createClock, createTestApp, type Reply, type TestApp } from '../helpers'
import { lockWaiters } from '../locks'
import { available, cancel, close, create, detail, expectBooksWhole, grant, orderOf, trader, type Trader } from './support'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ clock: createClock('2026-01-12T05:00:00Z') })
})
afterAll(() => t.close())

describe('concurrent orders against one balance', () => {
  it('never overdraws: of 20 orders each costing 40% of the balance, exactly 2 succeed', async () => {
    const who = await trader(t, '9720000001', 0)
    // Price one order first with a rich account at the same instant: the clock does not move.
    const probe = await trader(t, '9720000002', 1_000_000_000)
    const cost = orderOf(await create(t, probe, { symbol: 'ITC', lots: 3 }))
    const debit = cost.margin + cost.fee + cost.stampDuty
    await grant(t, who.userId, Math.floor((debit * 5) / 2))

    const replies = await Promise.all(Array.from({ length: 20 }, () => create(t, who, { symbol: 'ITC', lots: 3 })))
    const done = replies.filter((r: Reply) => r.body.status === 1)
    const refused = replies.filter((r: Reply) => r.body.status === 0)
    expect(done).toHaveLength(2)
    expect(refused.every((r) => r.body.code === 'insufficient_balance')).toBe(true)
    expect(await available(t, who)).toBe(Math.floor((debit * 5) / 2) - 2 * debit)
    await expectBooksWhole(t)
  })
})

describe('the locked balance read', () => {
  it('sees a balance change committed while it waited for the lock (two connections on PostgreSQL)', async () => {
    const who = await trader(t, '9720000003', 100_000)
    const db = t.database.db
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let locked!: () => void
    const lockTaken = new Promise<void>((resolve) => (locked = resolve))
    // The first transaction takes the lock, spends 80,000 and commits only when told.
    const first = db.transaction().execute(async (trx) => {
      await lockTrader(trx, who.userId)
      await postEntry(trx, transfer({ reason: LEDGER_REASONS.demoGrant, reference: 'test', from: userAccount(who.userId, 'available'), to: HOUSE_PROMOTIONS, currency: 'INR', amount: 80_000 }), t.clock.now())
      locked()
      await held
    })
    await lockTaken
    // The second waits for that lock (on PGlite, for the first transaction) and must read 20,000.
    const second = db.transaction().execute((trx) => lockTrader(trx, who.userId))
    // Released once the second waits for the lock, so its read must come after the commit.
    await lockWaiters(t.database)
    release()
    await first
    expect((await second)?.available).toBe(20_000)
  })
})

describe('a randomised run', () => {
  it('keeps the books whole through orders, cancels, closes and sweeps', async () => {
    const rng = createRng(424_242)
    const below = (n: number) => rng.uint32() % n
    const symbols = ['ITC', 'RELIANCE', 'TCS', 'BTCINR', 'SOLINR', 'USDINR', 'JPYINR']
    const traders: Trader[] = []
    for (let i = 0; i < 4; i++) traders.push(await trader(t, `97300000${String(i).padStart(2, '0')}`, 50_000_000 + below(200_000_000)))
    const orders: { who: Trader; order: OrderDto }[] = []
    const outcomes = new Map<string, number>()
    const count = (what: string) => outcomes.set(what, (outcomes.get(what) ?? 0) + 1)

    for (let step = 0; step < 150; step++) {
      const who = traders[below(traders.length)]!
      const action = below(10)
      let res: Reply | null = null
      if (action < 5) {
        const symbol = symbols[below(symbols.length)]!
        const limit = below(2) === 0
        const { quote, band } = await detail(t, symbol)
        const price = limit ? Math.max(band!.min, Math.min(band!.max, quote.price + (below(41) - 20) * Math.max(1, Math.floor(quote.price / 1000)))) : null
        res = await create(t, who, {
          symbol,
          direction: below(2) === 0 ? 'long' : 'short',
          type: limit ? 'limit' : 'market',
          price,
          lots: 1 + below(3),
          leverage: [1, 2, 5, 10][below(4)]!,
          dayTrading: below(5) === 0,
        })
        if (res.body.status === 1) orders.push({ who, order: res.body.data as OrderDto })
      } else if (action < 7 && orders.length > 0) {
        const { who: owner, order } = orders[below(orders.length)]!
        res = await cancel(t, below(8) === 0 ? who : owner, order.id)
      } else if (action < 9 && orders.length > 0) {
        const { who: owner, order } = orders[below(orders.length)]!
        res = await close(t, below(8) === 0 ? who : owner, order.id)
      } else {
        t.clock.advance(below(3) * 60_000 + below(60_000))
        const report = await t.app.trading.sweep(t.clock.now())
        for (const [k, v] of Object.entries(report)) if (v > 0) outcomes.set(k, (outcomes.get(k) ?? 0) + v)
      }
      if (res) count(res.body.status === 1 ? 'ok' : (res.body.code ?? `http_${res.statusCode}`))
      expect(res?.statusCode ?? 200).toBe(200)
      if (step % 25 === 0) await expectBooksWhole(t)
    }
    t.clock.advance(24 * 3_600_000)
    await t.app.trading.sweep(t.clock.now())
    await expectBooksWhole(t)
    // The run went through the interesting paths, not only refusals.
    expect(outcomes.get('ok') ?? 0).toBeGreaterThan(30)
    expect(outcomes.get('filled') ?? 0).toBeGreaterThan(0)
  })
})
