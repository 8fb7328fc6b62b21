/**
 * Copy-trading's books and determinism (issue 11): two fresh databases on the same feed give the
 * strategies the same trades and NAV, and a seeded randomised run of investments, redemptions
 * and stop-losses over a moving clock leaves every entry balanced, the ledger summing to zero and
 * each product's holdings equal to its open investments' units x NAV at invest.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import { createRng } from '../../../server/market/random'
import { type FollowInvestment, type FollowProduct } from '../../../src/contract/replies'
import { type TestApp } from '../helpers'
import { type Trader } from '../trade/accounts'
import { expectFollowBooksWhole, followApp, investor } from './fixtures'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

describe('the strategies on the same feed', () => {
  it('make the same trades and NAV in two fresh databases', async () => {
    const read = async (t: TestApp) => ({
      trades: await t.database.db.selectFrom('follow_trades').select(['strategy_id', 'day', 'seq', 'time', 'symbol', 'side', 'qty', 'price', 'fees']).orderBy('strategy_id').orderBy('day').orderBy('seq').execute(),
      navs: await t.database.db.selectFrom('follow_navs').selectAll().orderBy('strategy_id').orderBy('day').execute(),
    })
    const first = await followApp()
    const a = await read(first)
    await first.close()
    const second = await followApp()
    const b = await read(second)
    await second.close()
    expect(a.trades.length).toBeGreaterThan(50)
    expect(b).toEqual(a)
  }, 120_000)
})

describe('a randomised run', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await followApp({ stopLossMin: 1 })
  }, 60_000)
  afterAll(() => t.close())

  it('keeps the books whole through investments, redemptions and stop-losses on a moving clock', async () => {
    const rng = createRng(20_261_125)
    const below = (n: number) => rng.uint32() % n
    const people: Trader[] = []
    for (let i = 0; i < 4; i++) people.push(await investor(t, 50_000_000))
    const products = (await t.call('/follow/list', {}, { headers: people[0]!.headers })).body.data as { data: FollowProduct[] }
    const open: { who: Trader; id: number }[] = []
    const outcomes = new Map<string, number>()
    const count = (k: string) => outcomes.set(k, (outcomes.get(k) ?? 0) + 1)
    for (let step = 0; step < 120; step++) {
      const roll = below(10)
      if (roll < 5) {
        const who = people[below(people.length)]!
        const product = products.data[below(products.data.length)]!
        const amount = product.minAmount + below(4) * 1_000_000 + below(1000)
        const stopLossPercent = below(2) === 0 ? undefined : 1 + below(3)
        const res = await t.call('/follow/invest', { id: product.id, amount, stopLossPercent }, { headers: who.headers, key: randomUUID() })
        expect(res.statusCode).toBe(200)
        count(res.body.status === 1 ? 'invested' : String(res.body.code))
        if (res.body.status === 1) open.push({ who, id: (res.body.data as FollowInvestment).id })
      } else if (roll < 8 && open.length > 0) {
        const { who, id } = open[below(open.length)]!
        const res = await t.call('/follow/redeem', { id }, { headers: who.headers, key: randomUUID() })
        expect(res.statusCode).toBe(200)
        count(res.body.status === 1 ? 'redeemed' : String(res.body.code))
      } else {
        // Minutes (inside and past the locks) or most of a day (a close run, stop-losses checked).
        t.clock.advance(below(2) === 0 ? (1 + below(10)) * MINUTE : (6 + below(18)) * HOUR)
        for (const who of people) who.headers = await t.login(who.account, 'secret123')
        const run = await t.app.jobs.sweep('follow', t.clock.now())
        const result = run.ran ? (run.result as { stopLosses: number }) : { stopLosses: 0 }
        for (let i = 0; i < result.stopLosses; i++) count('stop_loss')
      }
      if (step % 20 === 0) await expectFollowBooksWhole(t)
    }
    await expectFollowBooksWhole(t)
    expect(outcomes.get('invested') ?? 0).toBeGreaterThan(20)
    expect(outcomes.get('redeemed') ?? 0).toBeGreaterThan(3)
    expect(outcomes.get('follow_locked') ?? 0).toBeGreaterThan(0)
    expect(outcomes.get('stop_loss') ?? 0).toBeGreaterThan(0)
  }, 180_000)
})
