/**
 * The 'block' job (issue 11) with a moved clock: the reference and price fixed from the feed when
 * the window opens (the previous close, or the VWAP of the feed's minute bars), an oversubscribed
 * offering allocated in proportion with the remainder by the draw and re-verified from the public
 * /block/draw with src/contract/draw.ts, the allocated shares a long position locked until
 * unlockAt and closable after, the rest released, each step once only; and the books whole after
 * a randomised run of offerings, applications, allocations and cancels.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { balancesOf, driftedBalances, unbalancedEntries } from '../../../server/ledger/repository'
import { createMarketFeed, type CreatedMarketFeed } from '../../../server/market/live-feed'
import { pricingOf, settlementOf, vwapOf } from '../../../server/block/rules'
import { cancelOffering } from '../../../server/block/admin-service'
import { verifyDraw } from '../../../src/contract/draw'
import { type BlockApplication, type BlockOffering, type IpoDraw } from '../../../src/contract/replies'
import { DEMO_ACCOUNT, createTestApp, type TestApp } from '../helpers'
import { applicant, type Applicant } from '../ipo/fixtures'
import { close, expectBooksWhole } from '../trade/support'
import { HOUR, MINUTE, createOffering } from './fixtures'

let t: TestApp
let feed: CreatedMarketFeed

const sweep = async (at: number) => {
  t.clock.set(at)
  const result = await t.app.jobs.sweep('block', at)
  expect(result.ran).toBe(true)
  return result
}
const apply = (who: Applicant, id: number, shares: number) => t.call('/block/apply', { id, shares }, { headers: who.headers, key: true })
const offering = async (id: number) => (await t.call('/block/detail', { id }, { headers: (await applicant(t, 0)).headers })).body.data as BlockOffering
const recordsOf = async (who: Applicant) => ((await t.call('/block/records', { size: 100 }, { headers: who.headers })).body.data as { data: BlockApplication[] }).data

beforeAll(async () => {
  t = await createTestApp()
  // A second reader of the same stored market: what the feed says, to compare with what the job fixed.
  feed = createMarketFeed({ db: t.database.db, config: t.config })
})
afterAll(async () => {
  await feed.close()
  await t.close()
})

describe('pricing at the opening', () => {
  it("fixes a morning offering's reference at the previous close and its price from it, once", async () => {
    const now = t.clock.now()
    const o = await createOffering(t.database.db, { at: now, opens_at: now + MINUTE, closes_at: now + HOUR, price: null, reference_price: null, priced_at: null, discount_bps: 250 })
    await sweep(now + 30_000)
    expect((await offering(o.id)).price).toBeNull()
    await sweep(now + MINUTE)
    await feed.prepare(t.clock.now())
    const reference = feed.previousClose('RELIANCE', o.opens_at)!
    const expected = pricingOf(reference, 250, 300, 5)!
    expect(await offering(o.id)).toMatchObject({ stage: 'open', referencePrice: reference, price: expected.price, bandMin: expected.bandMin, bandMax: expected.bandMax })
    expect(expected.price).toBeLessThanOrEqual(Math.floor((reference * 9_750) / 10_000))
    // A later sweep changes nothing.
    const again = await sweep(now + 2 * MINUTE)
    expect(again).toMatchObject({ ran: true })
    expect((await offering(o.id)).price).toBe(expected.price)
    t.clock.set(now)
  })

  it("fixes an afternoon offering's reference at the VWAP of its interval from the feed's minute bars", async () => {
    const now = t.clock.now()
    const opens = now + 40 * MINUTE
    const o = await createOffering(t.database.db, {
      at: now,
      symbol: 'INFY',
      name: 'Infosys',
      session: 'afternoon',
      reference_kind: 'vwap',
      reference_from: now + 5 * MINUTE,
      reference_to: now + 35 * MINUTE,
      opens_at: opens,
      closes_at: opens + HOUR,
      allocate_at: opens + HOUR,
      price: null,
      reference_price: null,
      priced_at: null,
    })
    await sweep(opens)
    await feed.prepare(opens)
    const bars = await feed.candles('INFY', { period: '1min', range: '1w', adjust: 'none' }, opens)
    const inside = bars.filter((b) => b.t >= now + 5 * MINUTE && b.t + MINUTE <= now + 35 * MINUTE)
    expect(inside).toHaveLength(30)
    const vwap = vwapOf(bars, now + 5 * MINUTE, now + 35 * MINUTE)!
    expect(vwap).toBeGreaterThanOrEqual(Math.min(...inside.map((b) => b.low)))
    expect(vwap).toBeLessThanOrEqual(Math.max(...inside.map((b) => b.high)))
    expect(await offering(o.id)).toMatchObject({ referencePrice: vwap, price: pricingOf(vwap, 200, 300, 5)!.price })
    t.clock.set(now)
  })

  it('prices an open offering on the first application if the job has not yet', async () => {
    const now = t.clock.now()
    const o = await createOffering(t.database.db, { at: now, price: null, reference_price: null, priced_at: null })
    const who = await applicant(t, 100_000_000)
    const res = await apply(who, o.id, 200)
    expect(res.body.status, res.raw).toBe(1)
    await feed.prepare(now)
    const price = pricingOf(feed.previousClose('RELIANCE', o.opens_at)!, 200, 300, 5)!.price
    expect(res.body.data).toMatchObject({ price, amount: 200 * price })
    expect((await offering(o.id)).price).toBe(price)
  })
})

describe('allocation', () => {
  it('allocates an oversubscribed offering in proportion, the remainder by the draw anyone can re-run', async () => {
    const now = t.clock.now()
    const o = await createOffering(t.database.db, { at: now, closes_at: now + HOUR })
    const asks = [300, 400, 500, 250, 120]
    const people: { who: Applicant; application: BlockApplication }[] = []
    for (const shares of asks) {
      const who = await applicant(t, 60_000_000)
      const res = await apply(who, o.id, shares)
      expect(res.body.status, res.raw).toBe(1)
      people.push({ who, application: res.body.data as BlockApplication })
    }
    // Before the close: nothing to re-run yet. After: the frozen list, no seed.
    expect(((await t.call('/block/draw', { id: o.id })).body.data as IpoDraw).applications).toEqual([])
    t.clock.set(o.closes_at)
    const closed = (await t.call('/block/draw', { id: o.id })).body.data as IpoDraw
    expect(closed).toMatchObject({ seed: null, result: [] })
    expect(closed.applications).toHaveLength(5)

    await sweep(o.allocate_at)
    const draw = (await t.call('/block/draw', { id: o.id })).body.data as IpoDraw
    expect(draw.digest).toBe(closed.digest)
    const check = verifyDraw({ ...draw, seed: draw.seed!, digest: draw.digest!, minLots: draw.minLot }, draw.result)
    expect(check).toMatchObject({ algorithmKnown: true, commitmentMatches: true, digestMatches: true, mismatches: [] })

    // 100 lots for 30 + 40 + 50 + 25 + 12 = 157: floors 19 + 25 + 31 + 15 + 7 = 97, three more in draw order.
    const floors: Record<number, number> = { 300: 190, 400: 250, 500: 310, 250: 150, 120: 70 }
    const lotsByRef = new Map(draw.result.map((r) => [r.ref, r]))
    let total = 0
    for (const { who, application } of people) {
      const [mine] = await recordsOf(who)
      const r = lotsByRef.get(application.ref)!
      expect(mine!.allocatedShares).toBe(r.lots * 10)
      expect(mine!.allocatedShares - floors[application.shares]!).toBe(r.rank <= 3 ? 10 : 0)
      expect(mine!.status).toBe('allocated')
      total += mine!.allocatedShares
      // Paid: the allocated shares with their own fee and duty; the rest of the freeze released.
      const s = settlementOf(mine!.allocatedShares, 98_000, application.frozen, t.config.trading)
      expect(mine!.paid).toBe(s.paid)
      expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ available: 60_000_000 - s.paid, frozen: 0 })
      expect(mine!.unlockAt).toBe(o.allocate_at + 5 * MINUTE)
      const position = await t.database.db.selectFrom('orders').selectAll().where('id', '=', mine!.orderId!).executeTakeFirstOrThrow()
      expect(position).toMatchObject({ user_id: who.userId, symbol: 'RELIANCE', direction: 'long', leverage: 1, quantity: mine!.allocatedShares, entry_price: 98_000, margin: s.amount, fee: s.handling, stamp_duty: s.duty, status: 'locked' })
    }
    expect(total).toBe(1_000)
    expect(await offering(o.id)).toMatchObject({ stage: 'allocated', allocatedAt: o.allocate_at })

    // A second sweep changes nothing: one allocation entry per allocated application.
    const before = await sql<{ n: number }>`select count(*)::int as n from ledger_entries`.execute(t.database.db)
    await sweep(o.allocate_at + MINUTE)
    expect((await sql<{ n: number }>`select count(*)::int as n from ledger_entries`.execute(t.database.db)).rows[0]!.n).toBe(before.rows[0]!.n)
    await expectBooksWhole(t)
    t.clock.set(now)
  })

  it('keeps the position locked until unlockAt, closable after', async () => {
    const now = t.clock.now()
    const o = await createOffering(t.database.db, { at: now, closes_at: now + HOUR })
    const who = await applicant(t, 30_000_000)
    await apply(who, o.id, 200)
    await sweep(o.allocate_at)
    const [mine] = await recordsOf(who)
    expect(mine).toMatchObject({ status: 'allocated', allocatedShares: 200, unlockAt: o.allocate_at + 5 * MINUTE })
    t.clock.set(o.allocate_at + 4 * MINUTE)
    expect((await close(t, who, mine!.orderId!)).body).toMatchObject({ status: 0, code: 'position_locked', params: { unlockAt: mine!.unlockAt } })
    t.clock.set(mine!.unlockAt!)
    const closed = await close(t, who, mine!.orderId!)
    expect(closed.body.status, closed.raw).toBe(1)
    await expectBooksWhole(t)
    t.clock.set(now)
  })

  it('gives everyone their ask when not oversubscribed, and releases all of an application given nothing', async () => {
    const now = t.clock.now()
    const full = await createOffering(t.database.db, { at: now, closes_at: now + HOUR })
    const a = await applicant(t, 30_000_000)
    const res = (await apply(a, full.id, 300)).body.data as BlockApplication
    // One lot offered, two applications of one lot: the draw gives it to one, the other gets nothing.
    const tiny = await createOffering(t.database.db, { at: now, closes_at: now + HOUR, shares: 100, lot_size: 100, min_amount: 0 })
    const b = await applicant(t, 30_000_000)
    const c = await applicant(t, 30_000_000)
    expect((await apply(b, tiny.id, 100)).body.status).toBe(1)
    expect((await apply(c, tiny.id, 100)).body.status).toBe(1)
    await sweep(now + HOUR)
    expect((await recordsOf(a))[0]).toMatchObject({ status: 'allocated', allocatedShares: 300, paid: res.frozen })
    const outcomes = [(await recordsOf(b))[0]!, (await recordsOf(c))[0]!]
    expect(outcomes.map((x) => x.status).sort()).toEqual(['allocated', 'not_allocated'])
    const loser = outcomes.find((x) => x.status === 'not_allocated')!
    expect(loser).toMatchObject({ allocatedShares: 0, paid: 0, orderId: null })
    const loserWho = loser === outcomes[0] ? b : c
    expect(await balancesOf(t.database.db, loserWho.userId)).toMatchObject({ available: 30_000_000, frozen: 0 })
    await expectBooksWhole(t)
    t.clock.set(now)
  })
})

describe('the books', () => {
  it('balance after a randomised run of offerings, applications, allocations and cancels', async () => {
    const start = t.clock.now()
    let state = 20_261_125
    const next = (n: number) => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31
      return state % n
    }
    const people: Applicant[] = []
    for (let i = 0; i < 8; i++) people.push(await applicant(t, 200_000_000 + next(100) * 1_000_000))
    const offerings = []
    for (let i = 0; i < 5; i++) {
      const lot = [1, 5, 10, 25][next(4)]!
      offerings.push(await createOffering(t.database.db, { at: start, closes_at: start + (i + 1) * MINUTE, lot_size: lot, shares: lot * (20 + next(200)), min_shares: lot, min_amount: 0 }))
    }
    for (const o of offerings) {
      for (const who of people) {
        if (next(3) === 0) continue
        const res = await apply(who, o.id, o.lot_size * (1 + next(60)))
        expect([1, 0]).toContain(res.body.status)
        if (res.body.status === 0) expect(res.body.code).toBe('insufficient_balance')
      }
    }
    await cancelOffering({ db: t.database.db, config: t.config, market: feed }, { id: offerings[2]!.id, reason: 'test', operator: 'test', now: start })
    for (let i = 0; i < 5; i++) await sweep(start + (i + 1) * MINUTE)
    const db = t.database.db
    expect(await unbalancedEntries(db)).toEqual([])
    expect(await driftedBalances(db)).toEqual([])
    await expectBooksWhole(t)
    // Everything frozen for block applications came out again: paid for positions or released.
    const sums = await sql<{ reason: string; frozen: number }>`
      select e.reason, coalesce(sum(l.amount), 0)::bigint as frozen from ledger_entries e join ledger_legs l on l.entry_id = e.id
      where e.reason like 'block_%' and l.account like 'user:%:frozen' group by e.reason`.execute(db)
    expect(sums.rows.reduce((s, r) => s + r.frozen, 0)).toBe(0)
    for (const who of people) expect((await balancesOf(db, who.userId)).frozen).toBe(0)
    const statuses = await db.selectFrom('block_applications').select('status').where('offering_id', 'in', offerings.map((o) => o.id)).execute()
    expect(statuses.some((s) => s.status === 'cancelled')).toBe(true)
    expect(statuses.every((s) => s.status !== 'applied')).toBe(true)
    t.clock.set(start)
  })
})

describe('the demo', () => {
  it('keeps an allocated offering and two upcoming or open ones of listed stocks, which the demo account can afford', async () => {
    const demo = await createTestApp({ config: { block: { ...t.config.block, demoStepMs: 2 * MINUTE } } })
    try {
      const now = demo.clock.now()
      expect((await demo.app.jobs.sweep('block', now)).ran).toBe(true)
      const headers = await demo.login(DEMO_ACCOUNT.account, DEMO_ACCOUNT.password)
      const list = ((await demo.call('/block/list', { size: 100 }, { headers })).body.data as { data: BlockOffering[] }).data
      expect(list.map((o) => o.stage).sort()).toEqual(['allocated', 'open', 'upcoming'])
      expect(new Set(list.map((o) => o.session))).toEqual(new Set(['morning', 'afternoon']))
      const open = list.find((o) => o.stage === 'open')!
      expect(open.price).not.toBeNull()
      expect(open.minAmount).toBeLessThanOrEqual(250_000_000)
      // The least the demo account can apply for: whole lots, both minimums met.
      const lots = Math.max(Math.ceil(open.minShares / open.lotSize), Math.ceil(open.minAmount / (open.price! * open.lotSize)))
      const res = await demo.call('/block/apply', { id: open.id, shares: lots * open.lotSize }, { headers, key: true })
      expect(res.body.status, res.raw).toBe(1)
      // Nothing more while two are still ahead; more once they have passed.
      expect((await demo.app.jobs.sweep('block', now + MINUTE)).ran).toBe(true)
      expect(await demo.database.db.selectFrom('block_offerings').select('id').execute()).toHaveLength(3)
      await demo.app.jobs.sweep('block', now + 20 * MINUTE)
      const later = ((await demo.call('/block/list', { size: 100 }, { headers })).body.data as { data: BlockOffering[] }).data
      expect(later.filter((o) => o.stage === 'upcoming' || o.stage === 'open').length).toBeGreaterThanOrEqual(2)
      expect(later.filter((o) => o.stage === 'allocated').length).toBeGreaterThanOrEqual(3)
      expect(await unbalancedEntries(demo.database.db)).toEqual([])
    } finally {
      await demo.close()
    }
  })
})
