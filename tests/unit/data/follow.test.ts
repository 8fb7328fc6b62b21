/**
 * Copy-trading's cache on the device (issue 11): products, strategies and details are the
 * device's, investments the account's; each is read back through db.ts's restorers, so a row an
 * older app wrote or a damaged one is repaired or reads as never fetched. Then against the real
 * server (its follow job run by hand on a moved clock): the lists fetched, an investment and a
 * redemption sent through the outbox, the lock refused until it has passed.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { setApiBase } from '../../../src/data/api'
import { db, metaKeyAccount, metaKeys } from '../../../src/data/db'
import {
  invest,
  redeem,
  refreshDetail,
  refreshInvestments,
  refreshProducts,
  refreshStrategies,
  storedDetail,
  storedInvestments,
  storedProducts,
  storedStrategies,
} from '../../../src/data/follow'
import { replayOutbox } from '../../../src/data/outbox'
import { clearSession, login } from '../../../src/data/session'
import { costOf, stopLossValue } from '../../../src/features/follow/rules'
import { type FollowDetail, type FollowInvestment, type FollowProduct, type FollowStrategy } from '../../../src/contract/replies'
import { loadConfig } from '../../../server/config'
import { FOLLOW_BACKFILL_DAYS, investor } from '../../server/follow/fixtures'
import { type RealServer, startRealServer } from '../support/realServer'

const A = '9811111111'
const metrics = { from: '2026-01-01', to: '2026-11-24', days: 230, returnBps: 812, dailyProfitBps: -14, highestReturnBps: 1_020, maxDrawdownBps: 640, volatilityBps: 1_530, winRateBps: null, closedTrades: 0, winningTrades: 0 }
const strategy: FollowStrategy = { id: 1, code: 'momentum', name: 'Momentum 20/5', params: { lookbackDays: 20, holdCount: 5 }, universe: ['TCS', 'INFY'], startDay: '2026-01-01', capital: 100_000_000, nav: 108_120, navAt: 5, metrics }
const product: FollowProduct = {
  id: 2,
  number: 'QT-002',
  name: 'Momentum copy',
  strategyId: 1,
  strategyCode: 'momentum',
  minAmount: 100_000,
  fundSize: 10_000_000,
  invested: 0,
  investors: 0,
  deadline: 9,
  lockUnit: 'minute',
  lockCount: 1,
  status: 'open',
  nav: 108_120,
  navAt: 5,
  metrics,
}
const detail: FollowDetail = {
  ...product,
  strategy,
  capital: 100_000_000,
  trades: [{ time: 1, day: '2026-01-01', symbol: 'TCS', side: 'buy', qty: 10, price: 400_000, fees: 2_000 }],
  nav: [{ day: '2026-01-01', nav: 100_000 }],
  navNow: 108_120,
}
const investment: FollowInvestment = {
  id: 7,
  productId: 2,
  number: 'QT-002',
  name: 'Momentum copy',
  amount: 99_999,
  units: 92_489,
  navAtInvest: 108_120,
  nav: 108_500,
  value: 100_350,
  pnl: 351,
  stopLossPercent: 20,
  stopLossValue: 79_999,
  unlockAt: 60_001,
  status: 'in_progress',
  endReason: null,
  endedAt: null,
  createdAt: 1,
  updatedAt: 1,
}

beforeEach(async () => {
  await db.meta.clear()
})

describe('copy-trading on the device', () => {
  it('reads back what was stored, and null for what never was', async () => {
    expect(await storedProducts()).toBeNull()
    expect(await storedInvestments(A)).toBeNull()
    await db.meta.bulkPut([
      { key: metaKeys.followProducts, value: [product], updatedAt: 1 },
      { key: metaKeys.followStrategies, value: [strategy], updatedAt: 1 },
      { key: metaKeys.followDetail(2), value: detail, updatedAt: 1 },
      { key: metaKeys.followInvestments(A), value: [investment], updatedAt: 1 },
    ])
    expect(await storedProducts()).toEqual([product])
    expect(await storedStrategies()).toEqual([strategy])
    expect(await storedDetail(2)).toEqual(detail)
    expect(await storedDetail(3)).toBeNull()
    expect(await storedInvestments(A)).toEqual([investment])
  })

  it('keeps the good items of a damaged list and drops an item of a state this app does not know', async () => {
    await db.meta.bulkPut([
      { key: metaKeys.followProducts, value: [product, { ...product, id: 3, status: 'paused' }, { ...product, id: 'x' }], updatedAt: 1 },
      { key: metaKeys.followStrategies, value: [strategy, { ...strategy, params: { lookbackDays: '20' } }], updatedAt: 1 },
      { key: metaKeys.followInvestments(A), value: [investment, { ...investment, id: 8, endReason: 'margin_call' }, null], updatedAt: 1 },
    ])
    expect(await storedProducts()).toEqual([product])
    expect(await storedStrategies()).toEqual([strategy])
    expect(await storedInvestments(A)).toEqual([investment])
  })

  it('reads a detail without its trades as never fetched, and drops the fields of no known shape', async () => {
    const { trades: _trades, ...withoutTrades } = detail
    await db.meta.put({ key: metaKeys.followDetail(2), value: withoutTrades, updatedAt: 1 })
    expect(await storedDetail(2)).toBeNull()
    await db.meta.put({ key: metaKeys.followDetail(2), value: { ...detail, legacy: true }, updatedAt: 1 })
    expect(await storedDetail(2)).toEqual(detail)
  })

  it('files the investments under the account, and the public lists under no one', () => {
    expect(metaKeyAccount(metaKeys.followInvestments(A))).toBe(A)
    expect(metaKeyAccount(metaKeys.synced(metaKeys.followInvestments(A)))).toBe(A)
    expect(metaKeyAccount(metaKeys.followProducts)).toBeUndefined()
    expect(metaKeyAccount(metaKeys.followDetail(2))).toBeUndefined()
  })
})

describe('copy-trading against the real server', () => {
  let server: RealServer
  let account: string

  beforeAll(async () => {
    const follow = loadConfig('demo').follow
    server = await startRealServer({ config: { marketBackfillDays: FOLLOW_BACKFILL_DAYS, follow: { ...follow, sweepIntervalMs: 0, demoLockUnit: 'minute' } } })
    setApiBase(server.baseUrl)
    // The first sweep makes the demo's strategies and products and runs them over the history.
    await server.t.app.jobs.sweep('follow', server.t.clock.now())
    ;({ account } = await investor(server.t, 5_000_000))
  }, 60_000)

  afterAll(async () => {
    await clearSession()
    await server?.close()
  })

  beforeEach(async () => {
    server.proxy.setMode('pass')
    await Promise.all([db.meta.clear(), db.outbox.clear(), db.user.clear()])
    await login(account, 'secret123')
  })

  it('fetches the products, the strategies and a detail, and keeps them when offline', async () => {
    await refreshProducts()
    await refreshStrategies()
    const products = (await storedProducts()) ?? []
    expect(products.map((p) => p.number).sort()).toEqual(['QC1001', 'QC1002', 'QC1003'])
    expect((await storedStrategies())?.map((s) => s.code).sort()).toEqual(['index_tracker', 'mean_reversion', 'momentum'])
    const id = products.find((p) => p.number === 'QC1001')!.id
    await refreshDetail(id)
    const detail = await storedDetail(id)
    expect(detail?.trades.length).toBeGreaterThan(0)
    expect(detail?.nav.length).toBeGreaterThan(0)
    server.proxy.setMode('down')
    expect(await refreshProducts({ fresh: true })).toBeUndefined()
    expect(await refreshDetail(id, { fresh: true })).toBeUndefined()
    expect(await storedProducts()).toEqual(products)
    expect(await storedDetail(id)).toEqual(detail)
  })

  it('invests through the outbox, refuses to redeem inside the lock, and redeems after it', async () => {
    await refreshProducts()
    const product = (await storedProducts())!.find((p) => p.number === 'QC1001')!
    const item = await invest(product.id, 1_000_000, 20)
    await replayOutbox({ ignoreBackoff: true })
    expect((await db.outbox.get(item.key))?.state).toBe('done')
    // The effect fetched the records: the investment is on the device with the server's arithmetic.
    const [mine] = (await storedInvestments(account)) ?? []
    expect(mine).toMatchObject({ productId: product.id, status: 'in_progress', stopLossPercent: 20 })
    expect(mine!.amount).toBe(costOf(1_000_000, mine!.navAtInvest))
    expect(mine!.stopLossValue).toBe(stopLossValue(mine!.amount, 20))

    const early = await redeem(mine!.id)
    await replayOutbox({ ignoreBackoff: true })
    expect(await db.outbox.get(early.key)).toMatchObject({ state: 'failed', error: { code: 'follow_locked' } })

    server.t.clock.advance(60_000)
    const late = await redeem(mine!.id)
    await replayOutbox({ ignoreBackoff: true })
    expect((await db.outbox.get(late.key))?.state).toBe('done')
    expect((await storedInvestments(account))?.[0]).toMatchObject({ id: mine!.id, status: 'ended', endReason: 'redeemed' })
    expect((await server.ledgerEntriesOf(account)).map((e) => e.reason)).toEqual(expect.arrayContaining(['follow_invest', 'follow_redeem']))
    await refreshInvestments({ fresh: true })
    expect(await storedInvestments(account)).toHaveLength(1)
  })
})
