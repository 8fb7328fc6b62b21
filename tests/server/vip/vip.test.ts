/**
 * VIP levels (issue 12) on the real app and database: the 'vip' job swept by hand with a moved
 * clock, /vip/info, and the handling-fee discount charged on orders and their closes (the user's,
 * a limit fill, a square-off), the books whole after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type VipInfo } from '../../../src/contract/replies'
import { contractAmount, handlingFee } from '../../../src/lib/trade'
import { type VipRules } from '../../../src/lib/vip'
import { createClock, createTestApp, type TestApp } from '../helpers'
import { close, create, detail, expectBooksWhole, orderOf, trader, type Trader } from '../trade/support'

const DAY = 86_400_000

/** Small thresholds so a few orders of one lot reach them: ₹1 lakh traded is VIP 1, ₹10 lakh VIP 2, ₹1 crore VIP 3. */
const RULES: VipRules = {
  windowDays: 30,
  levels: [
    { level: 0, minMeasure: 0, feeDiscountPct: 0 },
    { level: 1, minMeasure: 10_000_000, feeDiscountPct: 10 },
    { level: 2, minMeasure: 100_000_000, feeDiscountPct: 25 },
    { level: 3, minMeasure: 1_000_000_000, feeDiscountPct: 50 },
  ],
}

let t: TestApp
beforeAll(async () => {
  // Saturday 10 January 2026, 11:30 India time: the demo market is open around the clock.
  t = await createTestApp({ clock: createClock('2026-01-10T06:00:00Z'), config: { vip: { ...RULES, sweepIntervalMs: 0 } } })
})
afterAll(() => t.close())

let accounts = 0
const newTrader = (paise = 1_000_000_000) => trader(t, `98100${String(++accounts).padStart(5, '0')}`, paise)

async function info(who: Trader): Promise<VipInfo> {
  const res = await t.call('/vip/info', {}, { headers: who.headers })
  expect(res.body.status, res.raw).toBe(1)
  return res.body.data as VipInfo
}

async function sweepVip(at = t.clock.now()): Promise<{ looked: number; changed: number }> {
  const run = await t.app.jobs.sweep('vip', at)
  expect(run.ran).toBe(true)
  return (run as { result: { looked: number; changed: number } }).result
}

const changeRows = (userId: number) => t.database.db.selectFrom('vip_changes').selectAll().where('user_id', '=', userId).orderBy('id').execute()

/** Sets a stored level as the job would have, without trading for it. */
async function storeLevel(who: Trader, level: number): Promise<void> {
  await t.database.db
    .insertInto('vip_levels')
    .values({ user_id: who.userId, level, measure: 0, computed_at: t.clock.now() })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ level }))
    .execute()
}

const fees = (pct: number) => ({ ...t.config.trading, feeDiscountPct: pct })

describe('POST /vip/info', () => {
  it('shows a new account at level 0 with the published levels, the way to VIP 1 and no downgrade', async () => {
    const fresh = await newTrader(0)
    const reply = await info(fresh)
    expect(reply).toEqual({
      level: 0,
      feeDiscountPct: 0,
      measure: 0,
      windowDays: 30,
      next: { level: 1, minMeasure: 10_000_000, remaining: 10_000_000 },
      downgrade: null,
      levels: RULES.levels,
      changes: [],
      computedAt: null,
    })
  })

  it('counts the measure live, both sides of a round trip, before the job has run', async () => {
    const who = await newTrader()
    const opened = orderOf(await create(t, who, { symbol: 'RELIANCE' }))
    t.clock.advance(61_000) // past the one-minute lock
    const closed = orderOf(await close(t, who, opened.id))
    const both = opened.contractAmount + contractAmount(closed.quantity, closed.exitPrice!, closed.unitDivisor)
    const reply = await info(who)
    expect(reply.measure).toBe(both)
    // The level is the job's: still 0 until it runs, and the way up is measured from it.
    expect(reply.level).toBe(0)
    expect(reply.next).toEqual({ level: 1, minMeasure: 10_000_000, remaining: Math.max(0, 10_000_000 - both) })
  })
})

describe("the 'vip' job", () => {
  it('raises the level after trades, records the change once, and a second sweep at the same time changes nothing', async () => {
    const who = await newTrader()
    const order = orderOf(await create(t, who, { symbol: 'RELIANCE' }))
    expect(order.contractAmount).toBeGreaterThanOrEqual(10_000_000)
    expect(order.contractAmount).toBeLessThan(100_000_000)
    const at = t.clock.now()
    const first = await sweepVip(at)
    expect(first.changed).toBeGreaterThanOrEqual(1)
    const second = await sweepVip(at)
    expect(second.changed).toBe(0)
    expect(await changeRows(who.userId)).toMatchObject([{ from_level: 0, to_level: 1, measure: order.contractAmount, at }])

    const reply = await info(who)
    expect(reply).toMatchObject({ level: 1, feeDiscountPct: 10, measure: order.contractAmount, computedAt: at })
    expect(reply.changes).toEqual([{ fromLevel: 0, toLevel: 1, measure: order.contractAmount, at }])
    expect(reply.next).toEqual({ level: 2, minMeasure: 100_000_000, remaining: 100_000_000 - order.contractAmount })
    // With no more trades VIP 1 lasts until the order leaves the 30-day window.
    expect(reply.downgrade).toEqual({ at: order.openedAt! + 30 * DAY, toLevel: 0 })
  })

  it('lowers the level when the trades leave the window, as a visible change', async () => {
    const start = t.clock.now()
    const who = await newTrader()
    const order = orderOf(await create(t, who, { symbol: 'RELIANCE' }))
    await sweepVip()
    expect((await info(who)).level).toBe(1)
    try {
      // The window is (now - 30 days, now]: at exactly 30 days the trade has left it.
      t.clock.set(order.openedAt! + 30 * DAY - 1)
      await sweepVip()
      const later = { ...who, headers: await t.login(who.account, 'secret123') } // the session has expired by now
      expect((await info(later)).level).toBe(1)
      t.clock.set(order.openedAt! + 30 * DAY)
      // Before the job runs the page already says the drop is due now.
      expect(await info(later)).toMatchObject({ level: 1, measure: 0, downgrade: { at: t.clock.now(), toLevel: 0 } })
      await sweepVip()
      const after = await info(later)
      expect(after).toMatchObject({ level: 0, feeDiscountPct: 0, measure: 0, downgrade: null })
      expect(after.changes.map((c) => [c.fromLevel, c.toLevel])).toEqual([
        [1, 0],
        [0, 1],
      ])
      expect(await sweepVip()).toMatchObject({ changed: 0 })
    } finally {
      t.clock.set(start)
    }
  })

  it('looks only at accounts that traded in the window or hold a level above 0', async () => {
    const quiet = await newTrader()
    const before = await sweepVip()
    // An account that never traded is not read at all: no row is written for it.
    expect(await t.database.db.selectFrom('vip_levels').select('user_id').where('user_id', '=', quiet.userId).executeTakeFirst()).toBeUndefined()
    const busy = await newTrader()
    orderOf(await create(t, busy, { symbol: 'RELIANCE' }))
    const after = await sweepVip()
    expect(after.looked).toBe(before.looked + 1)
  })

  it('notes the recompute of an account whose level holds, without a change row', async () => {
    const who = await newTrader()
    // ITC: a lot is worth far less than ₹1 lakh, so level 0 holds.
    const order = orderOf(await create(t, who, { symbol: 'ITC' }))
    expect(order.contractAmount).toBeLessThan(10_000_000)
    await sweepVip()
    expect(await changeRows(who.userId)).toEqual([])
    expect(await info(who)).toMatchObject({ level: 0, measure: order.contractAmount, computedAt: t.clock.now() })
  })
})

describe('the handling-fee discount', () => {
  it('charges the stored level’s discount on a market order and on its close, through the same handlingFee', async () => {
    const who = await newTrader()
    await storeLevel(who, 2)
    const opened = orderOf(await create(t, who, { symbol: 'RELIANCE' }))
    // The undiscounted fee is above the minimum, so the discount shows.
    expect(handlingFee(opened.contractAmount, fees(0))).toBeGreaterThan(t.config.trading.minHandlingFee)
    expect(opened.fee).toBe(handlingFee(opened.contractAmount, fees(25)))
    expect(opened.fee).toBeLessThan(handlingFee(opened.contractAmount, fees(0)))

    t.clock.advance(61_000)
    const closed = orderOf(await close(t, who, opened.id))
    const exitAmount = contractAmount(closed.quantity, closed.exitPrice!, closed.unitDivisor)
    expect(closed.closeFee).toBe(handlingFee(exitAmount, fees(25)))
    await expectBooksWhole(t)
  })

  it('leaves the fee as it was at level 0', async () => {
    const who = await newTrader()
    const opened = orderOf(await create(t, who, { symbol: 'RELIANCE' }))
    expect(opened.fee).toBe(handlingFee(opened.contractAmount, fees(0)))
  })

  it('fills a limit order with the fee frozen at placement, then closes at the level stored at the close', async () => {
    const who = await newTrader()
    await storeLevel(who, 1)
    const { band } = await detail(t, 'RELIANCE')
    // A buy limit at the band's top: the feed is at or below it, so the next sweep fills it.
    const placed = orderOf(await create(t, who, { symbol: 'RELIANCE', type: 'limit', price: band!.max }))
    expect(placed.status).toBe('pending')
    expect(placed.fee).toBe(handlingFee(placed.contractAmount, fees(10)))

    await storeLevel(who, 3)
    await t.app.trading.sweep(t.clock.now())
    const filled = await t.database.db.selectFrom('orders').selectAll().where('id', '=', placed.id).executeTakeFirstOrThrow()
    expect(filled.status).not.toBe('pending')
    // Frozen at VIP 1's 10 %, charged so: the level reached while it rested does not reprice it.
    expect(filled.fee).toBe(placed.fee)

    t.clock.advance(61_000)
    const closed = orderOf(await close(t, who, placed.id))
    expect(closed.closeFee).toBe(handlingFee(contractAmount(closed.quantity, closed.exitPrice!, closed.unitDivisor), fees(50)))
    await expectBooksWhole(t)
  })

  it('discounts the close fee of a day-trading square-off too', async () => {
    const start = t.clock.now()
    const who = await newTrader()
    await storeLevel(who, 2)
    const opened = orderOf(await create(t, who, { symbol: 'RELIANCE', dayTrading: true }))
    try {
      t.clock.set('2026-01-10T18:15:00Z') // 23:45 India time, the demo's cut-off
      await t.app.trading.sweep(t.clock.now())
      const row = await t.database.db.selectFrom('orders').selectAll().where('id', '=', opened.id).executeTakeFirstOrThrow()
      expect(row).toMatchObject({ status: 'closed', close_reason: 'square_off' })
      expect(row.close_fee).toBe(handlingFee(contractAmount(row.quantity, row.exit_price!, row.unit_divisor), fees(25)))
      await expectBooksWhole(t)
    } finally {
      t.clock.set(start)
    }
  })

  it('never changes the margin, the leverage rules or the stamp duty', async () => {
    const plain = await newTrader()
    const vip = await newTrader()
    await storeLevel(vip, 3)
    const a = orderOf(await create(t, plain, { symbol: 'RELIANCE', leverage: 5 }))
    const b = orderOf(await create(t, vip, { symbol: 'RELIANCE', leverage: 5 }))
    expect(b.contractAmount).toBe(a.contractAmount)
    expect(b.margin).toBe(a.margin)
    expect(b.stampDuty).toBe(a.stampDuty)
    expect(b.stopOutPrice).toBe(a.stopOutPrice)
    expect(b.fee).toBeLessThan(a.fee)
    const refused = await create(t, vip, { symbol: 'RELIANCE', leverage: 3 })
    expect(refused.body.code).toBe('leverage_not_allowed')
  })
})

describe('a seeded random run of levels, orders and closes', () => {
  /** mulberry32: a small seeded generator, so a failure replays. */
  function random(seed: number): () => number {
    let a = seed >>> 0
    return () => {
      a = (a + 0x6d2b79f5) >>> 0
      let x = Math.imul(a ^ (a >>> 15), 1 | a)
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
      return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296
    }
  }

  const levelOf = async (who: Trader) =>
    (await t.database.db.selectFrom('vip_levels').select('level').where('user_id', '=', who.userId).executeTakeFirst())?.level ?? 0
  const pctOf = async (who: Trader) => {
    const level = await levelOf(who)
    return RULES.levels.find((l) => l.level === level)?.feeDiscountPct ?? 0
  }

  it('charges every opening and closing fee at the level stored at that moment, and the books stay whole', async () => {
    const next = random(20261125)
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!
    const people = [await newTrader(), await newTrader(), await newTrader()]
    const open: { who: Trader; id: number }[] = []
    const done = { opened: 0, closed: 0, discountedOpen: 0, discountedClose: 0 }
    for (let step = 0; step < 40; step++) {
      const who = pick(people)
      const roll = next()
      if (roll < 0.2) {
        await storeLevel(who, pick([0, 1, 2, 3]))
      } else if (roll < 0.3) {
        await sweepVip()
      } else if (roll < 0.7 || open.length === 0) {
        const pct = await pctOf(who)
        const order = orderOf(await create(t, who, { symbol: pick(['RELIANCE', 'ITC', 'TCS']), direction: pick(['long', 'short'] as const), leverage: pick([1, 2, 5]) }))
        expect(order.fee).toBe(handlingFee(order.contractAmount, fees(pct)))
        done.opened++
        if (pct > 0) done.discountedOpen++
        open.push({ who, id: order.id })
      } else {
        const [position] = open.splice(Math.floor(next() * open.length), 1)
        t.clock.advance(61_000)
        const pct = await pctOf(position!.who)
        const closed = orderOf(await close(t, position!.who, position!.id))
        expect(closed.closeFee).toBe(handlingFee(contractAmount(closed.quantity, closed.exitPrice!, closed.unitDivisor), fees(pct)))
        done.closed++
        if (pct > 0) done.discountedClose++
      }
    }
    // The run went through every kind of move, with and without a discount.
    expect(Object.values(done).every((n) => n > 0), JSON.stringify(done)).toBe(true)
    await expectBooksWhole(t)
  })
})
