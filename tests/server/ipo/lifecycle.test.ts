/**
 * The new-share lifecycle (issue 10) on a real database with a moved clock, swept through app.jobs:
 * a blocked issue from the window to the listing with exact balances, an oversubscribed draw,
 * pay-after-win deadlines and reallocation, idempotent sweeps, positions the trade routes show and
 * close, and the books whole after a randomised run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Selectable } from 'kysely'
import { balancesOf, driftedBalances, unbalancedEntries } from '../../../server/ledger/repository'
import { HOUSE_IPO_ESCROW } from '../../../server/ipo/ledger-legs'
import { HOUSE_POSITION_MARGIN } from '../../../server/trade/ledger-legs'
import { type IpoIssuesTable } from '../../../server/db/types'
import { type IpoApplication } from '../../../src/contract/replies'
import { createTestApp, type TestApp } from '../helpers'
import { close, expectBooksWhole, houseBalance } from '../trade/support'
import { applicant, createIssue } from './fixtures'

let t: TestApp
type Who = { userId: number; headers: Record<string, string>; account: string }

type Issue = Selectable<IpoIssuesTable>

async function subscribe(who: Who, id: number, lots: number): Promise<IpoApplication> {
  const res = await t.call('/newStock/subscribe', { id, lots }, { headers: who.headers, key: true })
  expect(res.body.status, res.raw).toBe(1)
  return res.body.data as IpoApplication
}

const sweep = async (at: number) => {
  t.clock.set(at)
  const run = await t.app.jobs.sweep('ipo', at)
  expect(run.ran).toBe(true)
  return (run as { result: { created: number; frozen: number; drawn: number; settled: number; listed: number } }).result
}

const applicationsOf = (issueId: number) =>
  t.database.db.selectFrom('ipo_applications').selectAll().where('issue_id', '=', issueId).orderBy('id').execute()
const issueRow = (id: number) => t.database.db.selectFrom('ipo_issues').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

/** An issue open now, in one of the market's sectors so it can list: 10 shares a lot at ₹100. */
async function openIssue(overrides: Parameters<typeof createIssue>[1] = {}): Promise<Issue> {
  return createIssue(t.database.db, { at: t.clock.now(), sector: 'Financial Services', industry: 'Finance', ...overrides })
}

/** Everything about the database a sweep could change, to compare two moments. */
async function snapshot() {
  const db = t.database.db
  return {
    issues: await db.selectFrom('ipo_issues').selectAll().orderBy('id').execute(),
    applications: await db.selectFrom('ipo_applications').selectAll().orderBy('id').execute(),
    orders: await db.selectFrom('orders').select(['id', 'status']).orderBy('id').execute(),
    entries: (await db.selectFrom('ledger_entries').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
  }
}

let start: number
beforeAll(async () => {
  t = await createTestApp()
  start = t.clock.now()
})
afterAll(() => t.close())

describe('the ipo job', () => {
  it('takes a blocked issue through the freeze, the draw, the refund and the listing with exact balances', async () => {
    t.clock.set(start)
    // 3 lots for 3 applicants asking 2 each: everyone gets the minimum lot (SEBI retail rule).
    const issue = await openIssue({ retail_shares: 30 })
    const people = [await applicant(t, 1_000_000), await applicant(t, 1_000_000), await applicant(t, 1_000_000)]
    for (const who of people) await subscribe(who, issue.id, 2)
    for (const who of people) expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ available: 800_000, frozen: 200_000 })

    expect(await sweep(issue.closes_at - 1)).toMatchObject({ frozen: 0 })
    expect(await sweep(issue.closes_at)).toMatchObject({ frozen: 1, drawn: 0 })
    expect((await issueRow(issue.id)).digest).toMatch(/^[0-9a-f]{64}$/)

    expect(await sweep(issue.draw_at)).toMatchObject({ drawn: 1, settled: 0 })
    const drawn = await applicationsOf(issue.id)
    expect(drawn.map((a) => [a.status, a.allotted_lots])).toEqual([['won', 1], ['won', 1], ['won', 1]])
    expect(drawn.map((a) => a.rank).sort()).toEqual([1, 2, 3])
    // Still frozen until the refund step.
    for (const who of people) expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ available: 800_000, frozen: 200_000 })

    expect(await sweep(issue.refund_at)).toMatchObject({ settled: 1, listed: 0 })
    for (const who of people) expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ available: 900_000, frozen: 0 })
    expect((await applicationsOf(issue.id)).map((a) => [a.status, a.paid_lots])).toEqual([['paid', 1], ['paid', 1], ['paid', 1]])
    expect(await houseBalance(t, HOUSE_IPO_ESCROW)).toBe(300_000)

    const margin = await houseBalance(t, HOUSE_POSITION_MARGIN)
    expect(await sweep(issue.listing_at)).toMatchObject({ listed: 1 })
    expect(await houseBalance(t, HOUSE_IPO_ESCROW)).toBe(0)
    expect(await houseBalance(t, HOUSE_POSITION_MARGIN)).toBe(margin + 300_000)
    const listed = await applicationsOf(issue.id)
    expect(listed.every((a) => a.status === 'listed' && a.order_id !== null)).toBe(true)
    const order = await t.database.db.selectFrom('orders').selectAll().where('id', '=', listed[0]!.order_id!).executeTakeFirstOrThrow()
    expect(order).toMatchObject({
      user_id: people[0]!.userId,
      symbol: issue.symbol,
      direction: 'long',
      lots: 1,
      quantity: 10,
      leverage: 1,
      entry_price: 10_000,
      margin: 100_000,
      fee: 0,
      stamp_duty: 0,
      total_debit: 100_000,
      status: 'holding',
    })
    expect(await t.database.db.selectFrom('market_listings').select('symbol').where('symbol', '=', issue.symbol).executeTakeFirst()).toBeDefined()

    // The position is an ordinary one: the trade routes list it and close it.
    const who = people[0]!
    const list = await t.call('/order/list', { status: 'open' }, { headers: who.headers })
    expect(list.body.status, list.raw).toBe(1)
    expect(JSON.stringify(list.body.data)).toContain(issue.symbol)
    const closed = await close(t, { ...who }, order.id)
    expect(closed.body.status, closed.raw).toBe(1)
    await expectBooksWhole(t)
  })

  it('draws exactly as many winners as minimum lots fit when oversubscribed, and refunds the rest in full', async () => {
    t.clock.set(start)
    const issue = await openIssue({ retail_shares: 30 })
    const people: Who[] = []
    for (let i = 0; i < 7; i++) people.push(await applicant(t, 500_000))
    for (const who of people) await subscribe(who, issue.id, 3)
    await sweep(issue.closes_at)
    await sweep(issue.draw_at)
    const drawn = await applicationsOf(issue.id)
    expect(drawn.filter((a) => a.status === 'won')).toHaveLength(3)
    expect(drawn.filter((a) => a.status === 'not_won')).toHaveLength(4)
    for (const a of drawn) expect(a.allotted_lots).toBe(a.rank! <= 3 ? 1 : 0)
    await sweep(issue.refund_at)
    for (const a of await applicationsOf(issue.id)) {
      const who = people.find((p) => p.userId === a.user_id)!
      expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ available: a.status === 'paid' ? 400_000 : 500_000, frozen: 0 })
      expect(a.status).toBe(a.rank! <= 3 ? 'paid' : 'refunded')
    }
  })

  it('fails an unpaid pay-after-win allotment at its deadline and gives its lots to the next in draw order', async () => {
    t.clock.set(start)
    const issue = await openIssue({ retail_shares: 20, payment_mode: 'pay_after_win' })
    const people: Who[] = []
    for (let i = 0; i < 4; i++) people.push(await applicant(t, 300_000))
    const refs = new Map<number, IpoApplication>()
    for (const who of people) refs.set(who.userId, await subscribe(who, issue.id, 1))
    await sweep(issue.closes_at)
    await sweep(issue.draw_at)
    const byRank = (await applicationsOf(issue.id)).sort((a, b) => a.rank! - b.rank!)
    expect(byRank.map((a) => [a.status, a.allotted_lots, a.pay_deadline])).toEqual([
      ['pending_payment', 1, issue.refund_at],
      ['pending_payment', 1, issue.refund_at],
      ['not_won', 0, null],
      ['not_won', 0, null],
    ])
    const first = people.find((p) => p.userId === byRank[0]!.user_id)!
    const paid = await t.call('/newStock/pay', { id: byRank[0]!.id }, { headers: first.headers, key: true })
    expect(paid.body.status, paid.raw).toBe(1)
    expect(await balancesOf(t.database.db, first.userId)).toMatchObject({ available: 200_000 })

    await sweep(issue.refund_at)
    const after = (await applicationsOf(issue.id)).sort((a, b) => a.rank! - b.rank!)
    expect(after.map((a) => [a.status, a.allotted_lots, a.pay_deadline])).toEqual([
      ['paid', 1, issue.refund_at],
      ['payment_failed', 0, issue.refund_at],
      ['pending_payment', 1, issue.listing_at],
      ['not_won', 0, null],
    ])

    // Nobody pays the reallocated lot: at the listing it fails too, and goes to no one.
    await sweep(issue.listing_at)
    const listed = (await applicationsOf(issue.id)).sort((a, b) => a.rank! - b.rank!)
    expect(listed.map((a) => a.status)).toEqual(['listed', 'payment_failed', 'payment_failed', 'not_won'])
    expect(await houseBalance(t, HOUSE_IPO_ESCROW)).toBe(0)
  })

  it('changes nothing when a sweep runs twice at the same time', async () => {
    t.clock.set(start)
    const issue = await openIssue({ retail_shares: 20 })
    for (let i = 0; i < 3; i++) await subscribe(await applicant(t, 500_000), issue.id, 2)
    for (const at of [issue.closes_at, issue.draw_at, issue.refund_at, issue.listing_at]) {
      await sweep(at)
      const once = await snapshot()
      expect(await sweep(at)).toEqual({ created: 0, frozen: 0, drawn: 0, settled: 0, listed: 0 })
      expect(await snapshot()).toEqual(once)
    }
  })

  it('keeps the ledger balanced and the escrow empty after a randomised run of applications, payments and waivers', async () => {
    let seed = 20261123
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % n
    }
    for (const mode of ['blocked', 'pay_after_win'] as const) {
      t.clock.set(start)
      const issue = await openIssue({ retail_shares: 80, lot_size: 10, payment_mode: mode, min_lots: 1 })
      const people: Who[] = []
      for (let i = 0; i < 9; i++) people.push(await applicant(t, 2_000_000))
      const apps: { who: Who; app: IpoApplication }[] = []
      for (const who of people) apps.push({ who, app: await subscribe(who, issue.id, 1 + random(4)) })
      await sweep(issue.closes_at)
      await sweep(issue.draw_at)
      // Each pending payment is paid, waived or left, at random; waived lots move on at once.
      for (let round = 0; round < 3; round++) {
        for (const { who, app } of apps) {
          const row = (await applicationsOf(issue.id)).find((a) => a.id === app.id)!
          if (row.status !== 'pending_payment') continue
          const choice = random(3)
          if (choice === 0) await t.call('/newStock/pay', { id: app.id }, { headers: who.headers, key: true })
          if (choice === 1) await t.call('/newStock/waive', { id: app.id }, { headers: who.headers, key: true })
        }
      }
      await sweep(issue.refund_at)
      for (const { who, app } of apps) {
        const row = (await applicationsOf(issue.id)).find((a) => a.id === app.id)!
        if (row.status === 'pending_payment' && random(2) === 0) await t.call('/newStock/pay', { id: app.id }, { headers: who.headers, key: true })
      }
      await sweep(issue.listing_at)
      const rows = await applicationsOf(issue.id)
      expect(rows.filter((a) => a.status === 'pending_payment' || a.status === 'won' || a.status === 'paid')).toEqual([])
      // Never more lots delivered than the retail portion holds.
      expect(rows.reduce((sum, a) => sum + (a.status === 'listed' ? a.paid_lots : 0), 0)).toBeLessThanOrEqual(8)
      expect(await houseBalance(t, HOUSE_IPO_ESCROW)).toBe(0)
      for (const who of people) expect((await balancesOf(t.database.db, who.userId)).frozen).toBe(0)
    }
    expect(await unbalancedEntries(t.database.db)).toEqual([])
    expect(await driftedBalances(t.database.db)).toEqual([])
    await expectBooksWhole(t)
  })
})

describe('the demo issues', () => {
  it('seeds an issue and a placement at every stage on the first sweep and keeps two issues and one placement coming', async () => {
    const demo = await createTestApp({ config: { ipo: { ...t.config.ipo, demoStepMs: 60_000 } } })
    try {
      const now = demo.clock.now()
      const run = await demo.app.jobs.sweep('ipo', now)
      expect(run.ran).toBe(true)
      const all = await demo.database.db.selectFrom('ipo_issues').selectAll().where('created_by', '=', 'demo').orderBy('id').execute()
      expect(all).toHaveLength(8)
      expect(all.every((i) => i.symbol.startsWith('TJ') && i.name.includes('(fictional)'))).toBe(true)
      const issues = all.filter((i) => i.kind === 'ipo')
      const placements = all.filter((i) => i.kind === 'placement')
      // The IPOs keep the first ids, as before placements.
      expect(issues.map((i) => i.id)).toEqual([1, 2, 3, 4].map((k) => all[0]!.id + k - 1))
      for (const kind of [issues, placements]) {
        // drawn (awaiting listing), closed (frozen, awaiting the draw), open, upcoming
        expect(kind.map((i) => [i.drawn_at !== null, i.frozen_at !== null, i.opens_at <= now])).toEqual([
          [true, true, true],
          [false, true, true],
          [false, false, true],
          [false, false, false],
        ])
      }
      expect(new Set(issues.map((i) => i.payment_mode))).toEqual(new Set(['blocked', 'pay_after_win']))
      // Placements: blocked money, a tier minimum of ₹1,00,000 or ₹50,000 as whole lots rounded up.
      for (const p of placements) {
        expect(p.payment_mode).toBe('blocked')
        expect([10_000_000, 5_000_000]).toContain(p.min_amount)
        expect(p.min_lots).toBe(Math.ceil(p.min_amount! / (p.lot_size * p.price)))
        expect(p.retail_shares).toBeGreaterThanOrEqual(p.min_lots * p.lot_size)
      }
      // Once the open and the upcoming ones have closed, two issues and one placement are created.
      const later = issues[3]!.closes_at
      await demo.app.jobs.sweep('ipo', later)
      const coming = await demo.database.db.selectFrom('ipo_issues').select('kind').where('closes_at', '>', later).execute()
      expect(coming.map((i) => i.kind).sort()).toEqual(['ipo', 'ipo', 'placement'])
      const again = await demo.app.jobs.sweep('ipo', later)
      expect((again as { result: { created: number } }).result.created).toBe(0)
    } finally {
      await demo.close()
    }
  })

  it('takes a demo placement through every stage: applied, drawn in proportion, settled, listed', async () => {
    const demo = await createTestApp({ config: { ipo: { ...t.config.ipo, demoStepMs: 60_000 } } })
    try {
      await demo.app.jobs.sweep('ipo', demo.clock.now())
      const open = await demo.database.db
        .selectFrom('ipo_issues')
        .selectAll()
        .where('kind', '=', 'placement')
        .where('opens_at', '<=', demo.clock.now())
        .where('closes_at', '>', demo.clock.now())
        .executeTakeFirstOrThrow()
      const people = []
      for (let i = 0; i < 4; i++) people.push(await applicant(demo, 50_000_000, { pan: `DEMOP${1000 + i}Q` }))
      // Four minimum applications for a block of three and a bit: oversubscribed.
      for (const who of people) {
        const res = await demo.call('/newStock/subscribe', { id: open.id, lots: open.min_lots }, { headers: who.headers, key: true })
        expect(res.body.status, res.raw).toBe(1)
      }
      for (const at of [open.closes_at, open.draw_at, open.refund_at, open.listing_at]) {
        demo.clock.set(at)
        await demo.app.jobs.sweep('ipo', at)
      }
      const issue = await demo.database.db.selectFrom('ipo_issues').selectAll().where('id', '=', open.id).executeTakeFirstOrThrow()
      expect([issue.frozen_at, issue.drawn_at, issue.settled_at, issue.listed_at].every((s) => s !== null)).toBe(true)
      const apps = await demo.database.db.selectFrom('ipo_applications').selectAll().where('issue_id', '=', open.id).execute()
      const allotted = apps.reduce((sum, a) => sum + a.allotted_lots, 0)
      expect(allotted).toBe(Math.floor(open.retail_shares / open.lot_size))
      // In proportion: every equal application gets about the same share, none a guaranteed minimum lot.
      expect(Math.max(...apps.map((a) => a.allotted_lots)) - Math.min(...apps.map((a) => a.allotted_lots))).toBeLessThanOrEqual(1)
      for (const a of apps) expect(a.status).toBe(a.allotted_lots > 0 ? 'listed' : 'refunded')
      for (const who of people) expect((await balancesOf(demo.database.db, who.userId)).frozen).toBe(0)
      expect(await unbalancedEntries(demo.database.db)).toEqual([])
    } finally {
      await demo.close()
    }
  })
})
