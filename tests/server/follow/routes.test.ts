/**
 * Copy-trading routes (issue 11) on a real database with the demo's strategies run on the feed:
 * the lists and the detail, the NAV replayed from the published trades on the feed's closes,
 * every refusal of investing and redeeming, one user's 200 simultaneous investments, the lock on
 * a moved clock, the stop-loss, and the job's idempotence.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import { setFlag } from '../../../server/accounts/flag-repository'
import { balancesOf } from '../../../server/ledger/repository'
import { insertProduct } from '../../../server/follow/repository'
import { replayNav, valueOf } from '../../../server/follow/nav-rules'
import { splitsIn } from '../../../server/follow/runner'
import { type FollowDetail, type FollowInvestment, type FollowProduct, type FollowStrategy } from '../../../src/contract/replies'
import { type TestApp } from '../helpers'
import { type Trader } from '../trade/accounts'
import { expectFollowBooksWhole, followApp, investor } from './fixtures'

let t: TestApp
const MINUTE = 60_000
const DAY = 86_400_000

const invest = (who: Trader, body: Record<string, unknown>, key: string | true = true) => t.call('/follow/invest', body, { headers: who.headers, key })
const redeem = (who: Trader, id: number, key: string | true = true) => t.call('/follow/redeem', { id }, { headers: who.headers, key })
const data = <T>(res: { body: { data?: unknown } }) => res.body.data as T

beforeAll(async () => {
  t = await followApp({ stopLossMin: 1 })
}, 60_000)
afterAll(() => t.close())

/** The demo product on a strategy code. */
async function productOf(who: Trader, code: string): Promise<FollowProduct> {
  const list = data<{ data: FollowProduct[] }>(await t.call('/follow/list', {}, { headers: who.headers }))
  return list.data.find((p) => p.strategyCode === code && p.number.startsWith('QC'))!
}

describe('the lists and the detail', () => {
  it('lists the three demo products open, with NAV now and metrics, and the three strategies with their parameters', async () => {
    const who = await investor(t, 0)
    const list = await t.call('/follow/list', { status: 'open', page: 1, size: 10 }, { headers: who.headers })
    expect(list.body.status).toBe(1)
    const products = data<{ data: FollowProduct[]; total: number }>(list)
    expect(products.total).toBe(3)
    expect(products.data.map((p) => p.strategyCode).sort()).toEqual(['index_tracker', 'mean_reversion', 'momentum'])
    for (const p of products.data) {
      expect(p).toMatchObject({ status: 'open', invested: 0, investors: 0, lockUnit: 'minute', navAt: t.clock.now() })
      expect(p.metrics?.days).toBeGreaterThan(20)
    }
    expect(data<{ total: number }>(await t.call('/follow/list', { status: 'closed' }, { headers: who.headers })).total).toBe(0)
    const strategies = data<{ data: FollowStrategy[] }>(await t.call('/follow/strategies', {}, { headers: who.headers })).data
    expect(strategies).toHaveLength(3)
    expect(strategies.find((s) => s.code === 'momentum')!.params).toEqual({ lookbackDays: 20, holdCount: 5, rebalanceDays: 10, cashReserveBps: 50 })
    expect(strategies[0]!.universe).toHaveLength(50)
  })

  it('refuses an unknown product', async () => {
    const who = await investor(t, 0)
    expect((await t.call('/follow/detail', { id: 999_999 }, { headers: who.headers })).body).toMatchObject({ status: 0, code: 'follow_not_found', params: { id: 999_999 } })
  })

  it("publishes every trade and the daily NAV: replaying the trades on the feed's closes gives the NAV exactly", async () => {
    const who = await investor(t, 0)
    for (const code of ['index_tracker', 'momentum', 'mean_reversion']) {
      const product = await productOf(who, code)
      const detail = data<FollowDetail>(await t.call('/follow/detail', { id: product.id }, { headers: who.headers }))
      expect(detail.trades.length, code).toBeGreaterThan(0)
      const rows = await t.database.db.selectFrom('market_days').select(['symbol', 'day', 'close', 'adjustments']).where('symbol', 'in', detail.strategy.universe).orderBy('day').execute()
      const last = new Map<string, number>()
      const byDay = new Map<string, typeof rows>()
      for (const r of rows) byDay.set(r.day, [...(byDay.get(r.day) ?? []), r])
      const days = []
      for (const [day, list] of byDay) {
        for (const r of list) last.set(r.symbol, r.close)
        if (detail.nav.some((n) => n.day === day)) days.push({ day, closes: new Map(last), splits: splitsIn(list) })
      }
      const replayed = replayNav(detail.capital, detail.trades, days)
      expect(replayed, code).toEqual(detail.nav)
      // Trades are whole shares at that day's close, with the user's fees.
      for (const tr of detail.trades) expect(tr.price).toBe(byDay.get(tr.day)!.find((r) => r.symbol === tr.symbol)!.close)
    }
  })
})

describe('POST /follow/invest', () => {
  it('buys floor(amount x 100000 / nav) units and debits exactly their value', async () => {
    const who = await investor(t, 10_000_000)
    const product = await productOf(who, 'index_tracker')
    const res = await invest(who, { id: product.id, amount: 5_000_000, stopLossPercent: 10 })
    expect(res.body.status).toBe(1)
    const inv = data<FollowInvestment>(res)
    expect(inv.units).toBe(Math.floor((5_000_000 * 100_000) / inv.navAtInvest))
    expect(inv.amount).toBe(valueOf(inv.units, inv.navAtInvest))
    expect(inv).toMatchObject({ status: 'in_progress', stopLossPercent: 10, unlockAt: t.clock.now() + MINUTE, pnl: 0, endReason: null })
    expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ available: 10_000_000 - inv.amount, frozen: 0 })
    const after = await productOf(who, 'index_tracker')
    expect(after).toMatchObject({ invested: product.invested + inv.amount, investors: product.investors + 1 })
    await expectFollowBooksWhole(t)
  })

  it('answers a replayed key with the first investment and debits once', async () => {
    const who = await investor(t, 10_000_000)
    const product = await productOf(who, 'momentum')
    const key = randomUUID()
    const first = await invest(who, { id: product.id, amount: 5_000_000 }, key)
    const again = await invest(who, { id: product.id, amount: 5_000_000 }, key)
    expect(again.body).toEqual(first.body)
    const rows = await t.database.db.selectFrom('follow_investments').selectAll().where('user_id', '=', who.userId).execute()
    expect(rows).toHaveLength(1)
  })

  it('refuses what the rules refuse, each with its code', async () => {
    const who = await investor(t, 3_000_000)
    const product = await productOf(who, 'index_tracker')
    const now = t.clock.now()
    expect((await invest(who, { id: 999_999, amount: 2_000_000 })).body).toMatchObject({ code: 'follow_not_found', params: { id: 999_999 } })
    expect((await invest(who, { id: product.id, amount: product.minAmount - 1 })).body).toMatchObject({ code: 'follow_below_min', params: { min: product.minAmount } })
    expect((await invest(who, { id: product.id, amount: 2_000_000, stopLossPercent: 96 })).body).toMatchObject({ code: 'follow_stop_loss_invalid', params: { min: 1, max: 95 } })
    expect((await invest(who, { id: product.id, amount: 2_000_000, stopLossPercent: 0 })).statusCode).toBe(400)
    expect((await invest(who, { id: product.id, amount: 2_000_001 * 2 })).body).toMatchObject({ code: 'insufficient_balance' })
    const strategyId = product.strategyId
    const small = await insertProduct(t.database.db, { number: 'QT9001', name: 'Small', strategy_id: strategyId, min_amount: 1_000_000, fund_size: 1_500_000, deadline: now + DAY, lock_unit: 'minute', lock_count: 1, created_at: now })
    expect((await invest(who, { id: small.id, amount: 1_500_001 })).body).toMatchObject({ code: 'follow_fund_full', params: { available: 1_500_000 } })
    const past = await insertProduct(t.database.db, { number: 'QT9002', name: 'Past', strategy_id: strategyId, min_amount: 1_000_000, fund_size: 5_000_000, deadline: now, lock_unit: 'minute', lock_count: 1, created_at: now - DAY })
    expect((await invest(who, { id: past.id, amount: 1_000_000 })).body).toMatchObject({ code: 'follow_closed', params: { deadline: now } })
    const unverified = await investor(t, 3_000_000)
    await t.database.db.updateTable('users').set({ real_name_status: 'none' }).where('id', '=', unverified.userId).execute()
    expect((await invest(unverified, { id: product.id, amount: 2_000_000 })).body).toMatchObject({ code: 'real_name_required', params: { status: 'none' } })
    const blocked = await investor(t, 3_000_000)
    await setFlag(t.database.db, { userId: blocked.userId, flag: 'no_trade', reason: 'test', setBy: null, now })
    expect((await invest(blocked, { id: product.id, amount: 2_000_000 })).body).toMatchObject({ code: 'trading_disabled' })
    expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ available: 3_000_000 })
    // The closed product is listed as closed.
    const closed = data<{ data: FollowProduct[] }>(await t.call('/follow/list', { status: 'closed' }, { headers: who.headers })).data
    expect(closed.map((p) => p.number)).toEqual(['QT9002'])
  })

  it('makes exactly one investment from 200 simultaneous requests for the whole balance', async () => {
    const who = await investor(t, 2_000_000)
    const product = await productOf(who, 'index_tracker')
    const replies = await Promise.all(Array.from({ length: 200 }, () => invest(who, { id: product.id, amount: 2_000_000 }, randomUUID())))
    const done = replies.filter((r) => r.body.status === 1)
    expect(done).toHaveLength(1)
    expect(new Set(replies.filter((r) => r.body.status === 0).map((r) => r.body.code))).toEqual(new Set(['insufficient_balance']))
    const rows = await t.database.db.selectFrom('follow_investments').selectAll().where('user_id', '=', who.userId).execute()
    expect(rows).toHaveLength(1)
    expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ available: 2_000_000 - rows[0]!.amount })
    await expectFollowBooksWhole(t)
  }, 60_000)
})

describe('POST /follow/redeem', () => {
  it('refuses inside the lock and redeems at NAV now after it, once', async () => {
    const who = await investor(t, 5_000_000)
    const product = await productOf(who, 'index_tracker')
    const inv = data<FollowInvestment>(await invest(who, { id: product.id, amount: 5_000_000 }))
    const start = t.clock.now()
    try {
      t.clock.set(inv.unlockAt - 1)
      expect((await redeem(who, inv.id)).body).toMatchObject({ code: 'follow_locked', params: { unlockAt: inv.unlockAt } })
      t.clock.set(inv.unlockAt)
      const other = await investor(t, 0)
      expect((await redeem(other, inv.id)).body).toMatchObject({ code: 'follow_investment_not_found', params: { id: inv.id } })
      const before = await balancesOf(t.database.db, who.userId)
      const res = await redeem(who, inv.id)
      expect(res.body.status).toBe(1)
      const ended = data<FollowInvestment>(res)
      expect(ended).toMatchObject({ status: 'ended', endReason: 'redeemed', endedAt: inv.unlockAt })
      expect(ended.value).toBe(valueOf(inv.units, ended.nav))
      expect(ended.pnl).toBe(ended.value - inv.amount)
      expect((await balancesOf(t.database.db, who.userId)).available).toBe(before.available + ended.value)
      expect((await redeem(who, inv.id)).body).toMatchObject({ code: 'follow_ended' })
      const records = data<{ data: FollowInvestment[]; total: number }>(await t.call('/follow/records', { status: 'ended' }, { headers: who.headers }))
      expect(records).toMatchObject({ total: 1, data: [{ id: inv.id, value: ended.value, nav: ended.nav }] })
      await expectFollowBooksWhole(t)
    } finally {
      t.clock.set(start)
    }
  })
})

describe('the follow job', () => {
  it('changes nothing when swept twice for the same day, and runs the next close once it completes', async () => {
    const count = async () => {
      const trades = await t.database.db.selectFrom('follow_trades').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
      const navs = await t.database.db.selectFrom('follow_navs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
      return [Number(trades.n), Number(navs.n)]
    }
    const before = await count()
    const again = await t.app.jobs.sweep('follow', t.clock.now())
    expect(again).toMatchObject({ ran: true, result: { created: 0, days: 0, trades: 0 } })
    expect(await count()).toEqual(before)
    const start = t.clock.now()
    try {
      // The day under way is not run before its close (the demo's market closes at India midnight)...
      t.clock.set('2026-01-10T18:29:00Z')
      expect(await t.app.jobs.sweep('follow', t.clock.now())).toMatchObject({ result: { days: 0 } })
      // ...and is run once, for each strategy, after it.
      t.clock.set('2026-01-10T18:31:00Z')
      expect(await t.app.jobs.sweep('follow', t.clock.now())).toMatchObject({ result: { days: 3 } })
      expect(await t.app.jobs.sweep('follow', t.clock.now())).toMatchObject({ result: { days: 0, trades: 0 } })
      const navs = await t.database.db.selectFrom('follow_navs').select('strategy_id').where('day', '=', '2026-01-10').execute()
      expect(navs).toHaveLength(3)
    } finally {
      t.clock.set(start)
    }
  })

  it('redeems at NAV now once a stop-loss is hit, even inside the lock, and not before', async () => {
    const start = t.clock.now()
    try {
      const who = await investor(t, 40_000_000)
      // A product on each strategy locked for a year: only the stop-loss can end these investments.
      const investments: FollowInvestment[] = []
      for (const [n, code] of ['index_tracker', 'momentum', 'mean_reversion'].entries()) {
        const { strategyId } = await productOf(who, code)
        const locked = await insertProduct(t.database.db, { number: `QT800${n}`, name: 'Locked', strategy_id: strategyId, min_amount: 1_000_000, fund_size: 100_000_000, deadline: start + DAY, lock_unit: 'day', lock_count: 365, created_at: start })
        investments.push(data<FollowInvestment>(await invest(who, { id: locked.id, amount: 10_000_000, stopLossPercent: 1 })))
      }
      const ended = new Map<number, FollowInvestment>()
      // Half a day at a time (each completed close run by the sweep), until a NAV falls 1 %.
      for (let step = 1; step <= 60 && ended.size === 0; step++) {
        t.clock.advance(DAY / 2)
        // Sessions last a week: sign in again now and then.
        if (step % 10 === 0) who.headers = await t.login(who.account, 'secret123')
        const before = data<{ data: FollowInvestment[] }>(await t.call('/follow/records', {}, { headers: who.headers })).data
        await t.app.jobs.sweep('follow', t.clock.now())
        const after = data<{ data: FollowInvestment[] }>(await t.call('/follow/records', {}, { headers: who.headers })).data
        for (const inv of investments) {
          const was = before.find((r) => r.id === inv.id)!
          const now = after.find((r) => r.id === inv.id)!
          // Ended by this sweep exactly when its value at NAV now was at or below the stop.
          expect(now.status === 'ended', `step ${step}`).toBe(was.value <= was.stopLossValue!)
          if (now.status === 'ended') ended.set(inv.id, now)
        }
      }
      expect(ended.size).toBeGreaterThan(0)
      let paid = 0
      for (const [id, e] of ended) {
        const inv = investments.find((i) => i.id === id)!
        expect(e).toMatchObject({ endReason: 'stop_loss', status: 'ended' })
        expect(e.endedAt!).toBeLessThan(inv.unlockAt)
        expect(e.value).toBeLessThanOrEqual(e.stopLossValue!)
        expect(e.value).toBe(valueOf(inv.units, e.nav))
        paid += e.value
      }
      const spent = investments.reduce((a, i) => a + i.amount, 0)
      expect((await balancesOf(t.database.db, who.userId)).available).toBe(40_000_000 - spent + paid)
      await expectFollowBooksWhole(t)
    } finally {
      t.clock.set(start)
    }
  }, 120_000)
})
