/**
 * VIP levels on the device (issue 12): the account's /vip/info kept in db.meta and read back
 * through its restorer; then against the real server (its vip job swept by hand): the measure
 * fetched after a trade, the level after the job, and the order form's preview priced with the
 * stored discount equal to the fee the server charged.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { setApiBase } from '../../../src/data/api'
import { db, metaKeyAccount, metaKeys } from '../../../src/data/db'
import { clearSession, login } from '../../../src/data/session'
import { refreshVipInfo, storedVipInfo } from '../../../src/data/vip'
import { type Order, type VipInfo } from '../../../src/contract/replies'
import { openingCostsPreview } from '../../../src/lib/trade'
import { type VipRules } from '../../../src/lib/vip'
import { outlookOf, progressPct } from '../../../src/features/vip/rules'
import { create, detail, orderOf, trader, type Trader } from '../../server/trade/support'
import { type RealServer, startRealServer } from '../support/realServer'

const A = '9811111111'
const info: VipInfo = {
  level: 1,
  feeDiscountPct: 10,
  measure: 60_000_000,
  windowDays: 30,
  next: { level: 2, minMeasure: 250_000_000, remaining: 190_000_000 },
  downgrade: { at: 1_700_000_000_000, toLevel: 0 },
  levels: [
    { level: 0, minMeasure: 0, feeDiscountPct: 0 },
    { level: 1, minMeasure: 50_000_000, feeDiscountPct: 10 },
    { level: 2, minMeasure: 250_000_000, feeDiscountPct: 20 },
  ],
  changes: [{ fromLevel: 0, toLevel: 1, measure: 60_000_000, at: 1_690_000_000_000 }],
  computedAt: 1_690_000_000_000,
}

describe('VIP on the device', () => {
  beforeEach(async () => {
    await db.meta.clear()
  })

  it('reads back what was stored, and null for what never was', async () => {
    expect(await storedVipInfo(A)).toBeNull()
    await db.meta.put({ key: metaKeys.vipInfo(A), value: info, updatedAt: 1 })
    expect(await storedVipInfo(A)).toEqual(info)
  })

  it('keeps the good level changes of a damaged row, and reads a row without its levels as never fetched', async () => {
    await db.meta.put({ key: metaKeys.vipInfo(A), value: { ...info, changes: [...info.changes, { fromLevel: 'one' }], legacy: 1 }, updatedAt: 1 })
    expect(await storedVipInfo(A)).toEqual(info)
    const { levels: _levels, ...withoutLevels } = info
    await db.meta.put({ key: metaKeys.vipInfo(A), value: withoutLevels, updatedAt: 1 })
    expect(await storedVipInfo(A)).toBeNull()
  })

  it('files the level under the account, so it goes at logout', () => {
    expect(metaKeyAccount(metaKeys.vipInfo(A))).toBe(A)
    expect(metaKeyAccount(metaKeys.synced(metaKeys.vipInfo(A)))).toBe(A)
  })
})

describe("the VIP screen's reading of /vip/info", () => {
  it('measures progress from the level\'s threshold to the next one\'s', () => {
    // (60 - 50) / (250 - 50) lakh paise = 5 %.
    expect(progressPct(info)).toBe(5)
    expect(progressPct({ ...info, level: 0, next: { level: 1, minMeasure: 50_000_000, remaining: 0 }, measure: 70_000_000 })).toBe(100)
    expect(progressPct({ ...info, next: null })).toBe(100)
  })

  it('says when the level would drop, that it already is below, or that it goes up next', () => {
    expect(outlookOf(info)).toEqual({ kind: 'drops', at: info.downgrade!.at, toLevel: 0 })
    expect(outlookOf({ ...info, measure: 40_000_000, downgrade: null })).toEqual({ kind: 'below', threshold: 50_000_000 })
    expect(outlookOf({ ...info, measure: 300_000_000 })).toEqual({ kind: 'up', toLevel: 2 })
    expect(outlookOf({ ...info, level: 0, measure: 0, next: { level: 1, minMeasure: 50_000_000, remaining: 50_000_000 }, downgrade: null })).toEqual({ kind: 'floor' })
  })
})

/** ₹1 lakh traded is VIP 1 (10 % off), ₹10 lakh VIP 2 (25 %): one lot of a stock reaches VIP 1. */
const RULES: VipRules = {
  windowDays: 30,
  levels: [
    { level: 0, minMeasure: 0, feeDiscountPct: 0 },
    { level: 1, minMeasure: 10_000_000, feeDiscountPct: 10 },
    { level: 2, minMeasure: 100_000_000, feeDiscountPct: 25 },
  ],
}

describe('VIP against the real server', () => {
  let server: RealServer
  let who: Trader

  beforeAll(async () => {
    server = await startRealServer({ config: { vip: { ...RULES, sweepIntervalMs: 0 } } })
    setApiBase(server.baseUrl)
    who = await trader(server.t, '9700000001', 1_000_000_000)
  }, 60_000)

  afterAll(async () => {
    await clearSession()
    await server?.close()
  })

  beforeEach(async () => {
    server.proxy.setMode('pass')
    await Promise.all([db.meta.clear(), db.user.clear()])
    await login(who.account, 'secret123')
  })

  it('fetches level 0 with the published levels, and keeps it when offline', async () => {
    await refreshVipInfo()
    const stored = await storedVipInfo(who.account)
    expect(stored).toMatchObject({ level: 0, feeDiscountPct: 0, measure: 0, next: { level: 1, remaining: 10_000_000 }, levels: RULES.levels, changes: [] })
    server.proxy.setMode('down')
    expect(await refreshVipInfo({ fresh: true })).toBeUndefined()
    expect(await storedVipInfo(who.account)).toEqual(stored)
  })

  it('shows the measure after a trade, the level after the job, and previews the next order at the fee the server charges', async () => {
    const first = orderOf(await create(server.t, who, { symbol: 'TCS', direction: 'long', type: 'market', lots: 1, leverage: 1 }))
    await refreshVipInfo({ fresh: true })
    expect((await storedVipInfo(who.account))?.measure).toBe(first.contractAmount)
    expect((await storedVipInfo(who.account))?.level).toBe(0)

    await server.t.app.jobs.sweep('vip', server.t.clock.now())
    await refreshVipInfo({ fresh: true })
    const vip = (await storedVipInfo(who.account))!
    expect(vip).toMatchObject({ level: 1, feeDiscountPct: 10, changes: [{ fromLevel: 0, toLevel: 1, measure: first.contractAmount }] })

    // A limit order rests with its fee frozen at the limit price: the preview at that price, with the stored discount, is what it costs.
    const quote = (await detail(server.t, 'TCS')).quote
    const limit = quote.price - 100
    const preview = openingCostsPreview(
      { direction: 'long', type: 'limit', price: limit, lots: 1, leverage: 1 },
      quote,
      { ...server.t.config.trading, feeDiscountPct: vip.feeDiscountPct },
    )!
    const placed: Order = orderOf(await create(server.t, who, { symbol: 'TCS', direction: 'long', type: 'limit', price: limit, lots: 1, leverage: 1 }))
    expect(placed.fee).toBe(preview.fee)
    expect(placed.fee).toBeLessThan(openingCostsPreview({ direction: 'long', type: 'limit', price: limit, lots: 1, leverage: 1 }, quote, server.t.config.trading)!.fee)
    expect(placed.margin + placed.fee + placed.stampDuty).toBe(preview.totalDebit)
  })
})
