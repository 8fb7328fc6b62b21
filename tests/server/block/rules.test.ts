/**
 * The pure rules of block trades (issue 11) against hand-computed cases: the price and its band,
 * the VWAP of an interval, the fees, the application rules in order, the pro-rata allocation with
 * the remainder by the draw, the settlement of what was frozen, the lock and the stages.
 */
import { describe, expect, it } from 'vitest'
import { drawOrder, randomnessOf } from '../../../src/contract/draw'
import { DEFAULT_TRADING_RULES } from '../../../server/trade/rules'
import {
  type ApplicationCheck,
  allocate,
  applicationCost,
  bandOf,
  checkApplication,
  discountWithinBand,
  feesOf,
  inBand,
  pricingOf,
  settlementOf,
  stageOf,
  unlockAtOf,
  vwapOf,
} from '../../../server/block/rules'

const rules = DEFAULT_TRADING_RULES
const SEED = 'a'.repeat(64)
const DIGEST = 'b'.repeat(64)

describe('price and band', () => {
  it('puts the band at reference +/- band, each edge rounded inward', () => {
    expect(bandOf(100_000, 300)).toEqual({ min: 97_000, max: 103_000 })
    // 123,461 x 0.97 = 119,757.17 -> 119,758 (up); x 1.03 = 127,164.83 -> 127,164 (down)
    expect(bandOf(123_461, 300)).toEqual({ min: 119_758, max: 127_164 })
  })

  it('prices at reference x (1 - discount), rounded down to the tick', () => {
    expect(pricingOf(100_000, 200, 300, 5)).toEqual({ reference: 100_000, price: 98_000, bandMin: 97_000, bandMax: 103_000 })
    // 123,461 x 0.975 = 120,374.475 -> 120,374 -> 120,370 on a 5-paise tick
    expect(pricingOf(123_461, 250, 300, 5)?.price).toBe(120_370)
    expect(pricingOf(123_461, 0, 300, 5)?.price).toBe(123_460)
  })

  it('keeps a discount equal to the band inside the band: the lowest tick at or above its edge', () => {
    // 100,003 x 0.97 = 97,002.91: 97,000 on the tick is under the edge 97,003, so 97,005.
    const p = pricingOf(100_003, 300, 300, 5)!
    expect(p.price).toBe(97_005)
    expect(inBand(p.price, 100_003, 300)).toBe(true)
    expect(inBand(97_000, 100_003, 300)).toBe(false)
  })

  it('gives no price without a reference, or when no tick fits the band', () => {
    expect(pricingOf(0, 100, 300, 5)).toBeNull()
    expect(pricingOf(3, 0, 0, 5)).toBeNull()
  })

  it('refuses a discount above the band at creation', () => {
    expect(discountWithinBand(300, 300)).toBe(true)
    expect(discountWithinBand(301, 300)).toBe(false)
    expect(discountWithinBand(-1, 300)).toBe(false)
    expect(discountWithinBand(1.5, 300)).toBe(false)
  })
})

describe('vwapOf', () => {
  const bar = (minute: number, price: number, volume: number) => ({ t: minute * 60_000, open: price, high: price, low: price, close: price, volume, amount: price * volume })

  it('averages the whole minutes inside [from, to), weighted by volume, rounded down', () => {
    const bars = [bar(-1, 500, 1_000), bar(0, 1_000, 10), bar(1, 1_100, 30), bar(2, 9_000, 100)]
    // (10,000 + 33,000) / 40 = 1,075
    expect(vwapOf(bars, 0, 120_000)).toBe(1_075)
    // a minute that runs past the end is left out
    expect(vwapOf(bars, 0, 150_000)).toBe(1_075)
    // (10 x 1,000 + 30 x 1,100 + 1) / 40 rounds down
    expect(vwapOf([bar(0, 1_000, 10), { ...bar(1, 1_100, 30), amount: 33_001 }], 0, 120_000)).toBe(1_075)
  })

  it('is null when nothing traded in the interval', () => {
    expect(vwapOf([bar(5, 1_000, 10)], 0, 120_000)).toBeNull()
    expect(vwapOf([bar(0, 1_000, 0)], 0, 120_000)).toBeNull()
  })
})

describe('fees', () => {
  it('charges what a buy order pays: handling fee (with its minimum) and stamp duty', () => {
    // Rs 20,00,000: 0.03 % = 60,000 paise, 0.015 % = 30,000 paise
    expect(feesOf(200_000_000, rules)).toEqual({ handling: 60_000, duty: 30_000, total: 90_000 })
    // Rs 1,000: the fee's minimum Rs 10; duty 15 paise
    expect(feesOf(100_000, rules)).toEqual({ handling: 1_000, duty: 15, total: 1_015 })
    expect(applicationCost(600, 98_000, rules)).toEqual({ amount: 58_800_000, fee: 26_460, frozen: 58_826_460 })
  })
})

describe('checkApplication', () => {
  const offering: ApplicationCheck['offering'] = { opens_at: 1_000, closes_at: 2_000, cancelled_at: null, allocated_at: null, lot_size: 10, min_shares: 100, min_amount: 10_000_000, price: 98_000 }
  const ok: ApplicationCheck = { offering, shares: 200, now: 1_500, noTrade: false, realNameStatus: 'verified', applied: false, available: 100_000_000, rules }
  const code = (over: Partial<ApplicationCheck>) => checkApplication({ ...ok, ...over })?.code ?? null

  it('accepts whole lots above both minimums in the window', () => {
    expect(code({})).toBeNull()
  })

  it('refuses in order: window, whole lots, minimum shares, minimum amount, trading, identity, once, balance', () => {
    expect(checkApplication({ ...ok, now: 999 })).toMatchObject({ code: 'block_closed', params: { opens: 1_000, closes: 2_000 } })
    expect(code({ now: 2_000 })).toBe('block_closed')
    expect(code({ offering: { ...offering, price: null } })).toBe('block_closed')
    expect(code({ offering: { ...offering, cancelled_at: 1_200 } })).toBe('block_closed')
    expect(checkApplication({ ...ok, shares: 205, now: 999 })?.code).toBe('block_closed')
    expect(checkApplication({ ...ok, shares: 205 })).toMatchObject({ code: 'block_lot_invalid', params: { lot: 10 } })
    expect(checkApplication({ ...ok, shares: 90 })).toMatchObject({ code: 'block_below_min_shares', params: { min: 100 } })
    // 100 shares x Rs 980 = Rs 98,000 < Rs 1,00,000
    expect(checkApplication({ ...ok, shares: 100, noTrade: true })).toMatchObject({ code: 'block_below_min_amount', params: { min: 10_000_000 } })
    expect(code({ shares: 110 })).toBeNull()
    expect(code({ noTrade: true, realNameStatus: 'none' })).toBe('trading_disabled')
    expect(code({ realNameStatus: 'pending', applied: true })).toBe('real_name_required')
    expect(code({ applied: true, available: 0 })).toBe('block_already_applied')
    // 200 x 98,000 = 19,600,000 + fee 5,880 + duty 2,940
    expect(checkApplication({ ...ok, available: 19_608_819 })).toMatchObject({ code: 'insufficient_balance', params: { required: 19_608_820 } })
    expect(code({ available: 19_608_820 })).toBeNull()
  })
})

describe('allocate', () => {
  const offering = { shares: 1_000, lot_size: 10, seed: SEED, beacon: '' }
  const byRef = (list: { ref: string; shares: number }[]) => Object.fromEntries(list.map((a) => [a.ref, a.shares]))

  it('gives everyone their ask when the offering is not oversubscribed', () => {
    const apps = [
      { ref: 'A', shares: 300 },
      { ref: 'B', shares: 500 },
    ]
    expect(byRef(allocate(offering, DIGEST, apps))).toEqual({ A: 300, B: 500 })
  })

  it('oversubscribed: floor of the proportion in whole lots, the remaining lot to the first in draw order', () => {
    // 100 lots for 60 + 40 + 30 = 130: 46.15, 30.77, 23.08 -> 46 + 30 + 23 = 99, one lot left.
    const apps = [
      { ref: 'A', shares: 600 },
      { ref: 'B', shares: 400 },
      { ref: 'C', shares: 300 },
    ]
    const result = allocate(offering, DIGEST, apps)
    const first = drawOrder(randomnessOf(SEED, DIGEST), apps.map((a) => ({ ref: a.ref, lots: a.shares / 10 })))[0]!.ref
    const floors: Record<string, number> = { A: 460, B: 300, C: 230 }
    for (const r of result) expect(r.shares).toBe(floors[r.ref]! + (r.ref === first ? 10 : 0))
    expect(result.reduce((s, r) => s + r.shares, 0)).toBe(1_000)
    expect(result.find((r) => r.rank === 1)!.ref).toBe(first)
  })

  it('never allocates more than offered nor more than asked, and all of it when asked for more', () => {
    let state = 7
    const next = (n: number) => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31
      return state % n
    }
    for (let round = 0; round < 200; round++) {
      const lot = 1 + next(20)
      const o = { shares: lot * (1 + next(50)) + next(lot), lot_size: lot, seed: SEED, beacon: '' }
      const apps = Array.from({ length: 1 + next(15) }, (_, i) => ({ ref: `R${round}-${i}`, shares: lot * (1 + next(30)) }))
      const result = allocate(o, DIGEST, apps)
      const asked = byRef(apps)
      let total = 0
      for (const r of result) {
        expect(r.shares % lot).toBe(0)
        expect(r.shares).toBeLessThanOrEqual(asked[r.ref]!)
        total += r.shares
      }
      const offeredLots = Math.floor(o.shares / lot)
      const askedLots = apps.reduce((s, a) => s + a.shares / lot, 0)
      expect(total).toBe(Math.min(offeredLots, askedLots) * lot)
    }
  })
})

describe('settlementOf', () => {
  it('pays the allocated shares with their own fee and duty from what was frozen, and releases the rest', () => {
    // 500 x 98,000 = 49,000,000; fee 14,700; duty 7,350; frozen for 600 was 58,826,460.
    expect(settlementOf(500, 98_000, 58_826_460, rules)).toEqual({ amount: 49_000_000, handling: 14_700, duty: 7_350, paid: 49_022_050, released: 9_804_410 })
    expect(settlementOf(600, 98_000, 58_826_460, rules)).toMatchObject({ paid: 58_826_460, released: 0 })
    expect(settlementOf(0, 98_000, 58_826_460, rules)).toEqual({ amount: 0, handling: 0, duty: 0, paid: 0, released: 58_826_460 })
  })
})

describe('lock and stages', () => {
  it('unlocks minutes after the allocation on the clock, days on the trading calendar', () => {
    expect(unlockAtOf(1_000_000, { lock_unit: 'minute', lock_count: 5 }, () => 0)).toBe(1_300_000)
    expect(unlockAtOf(1_000_000, { lock_unit: 'day', lock_count: 2 }, (ms, n) => ms + n * 7)).toBe(1_000_014)
  })

  it('reads the stage from the times and the stamps', () => {
    const o = { opens_at: 10, closes_at: 20, cancelled_at: null, allocated_at: null }
    expect(stageOf(o, 9)).toBe('upcoming')
    expect(stageOf(o, 10)).toBe('open')
    expect(stageOf(o, 20)).toBe('closed')
    expect(stageOf({ ...o, allocated_at: 25 }, 30)).toBe('allocated')
    expect(stageOf({ ...o, cancelled_at: 15 }, 16)).toBe('cancelled')
  })
})
