/**
 * Copy-trading's cache on the device (issue 11): products, strategies and details are the
 * device's, investments the account's; each is read back through db.ts's restorers, so a row an
 * older app wrote or a damaged one is repaired or reads as never fetched.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { db, metaKeyAccount, metaKeys } from '../../../src/data/db'
import { storedDetail, storedInvestments, storedProducts, storedStrategies } from '../../../src/data/follow'
import { type FollowDetail, type FollowInvestment, type FollowProduct, type FollowStrategy } from '../../../src/contract/replies'

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
