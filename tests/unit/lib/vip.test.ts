import { describe, expect, it } from 'vitest'
import { DEFAULT_CLIENT_TRADING_RULES as rules, handlingFee } from '../../../src/lib/trade'
import { DEFAULT_VIP_RULES, type MeasuredTrade, downgradeAt, feeDiscountPct, levelFor, measureAt, nextLevel, vipRulesFromConfig } from '../../../src/lib/vip'

const DAY = 86_400_000
const NOW = Date.parse('2026-03-01T06:00:00Z')
const WINDOW = 30 * DAY

describe('levelFor', () => {
  it('is level 0 for everyone below the first threshold', () => {
    expect(levelFor(0).level).toBe(0)
    expect(levelFor(49_999_999).level).toBe(0)
  })

  it('reaches a level at its threshold exactly, and the highest one reached', () => {
    expect(levelFor(50_000_000)).toEqual({ level: 1, minMeasure: 50_000_000, feeDiscountPct: 10 })
    expect(levelFor(249_999_999).level).toBe(1)
    expect(levelFor(250_000_000).level).toBe(2)
    expect(levelFor(1_000_000_000).level).toBe(3)
    expect(levelFor(5_000_000_000).level).toBe(4)
    expect(levelFor(Number.MAX_SAFE_INTEGER).level).toBe(4)
  })

  it('does not depend on the order the levels are published in', () => {
    const shuffled = { ...DEFAULT_VIP_RULES, levels: [...DEFAULT_VIP_RULES.levels].reverse() }
    expect(levelFor(300_000_000, shuffled).level).toBe(2)
    expect(levelFor(0, shuffled).level).toBe(0)
  })

  it('falls back to level 0 without a discount when the published levels leave 0 out', () => {
    const noZero = { windowDays: 30, levels: [{ level: 1, minMeasure: 100, feeDiscountPct: 10 }] }
    expect(levelFor(99, noZero)).toEqual({ level: 0, minMeasure: 0, feeDiscountPct: 0 })
    expect(levelFor(100, noZero).level).toBe(1)
  })
})

describe('nextLevel', () => {
  it('names the level above and what is still to trade to reach it', () => {
    expect(nextLevel(0, 0)).toEqual({ level: 1, minMeasure: 50_000_000, remaining: 50_000_000 })
    expect(nextLevel(1, 60_000_000)).toEqual({ level: 2, minMeasure: 250_000_000, remaining: 190_000_000 })
  })

  it('never shows a negative remainder when the measure is already past the next threshold (the job has not run yet)', () => {
    expect(nextLevel(0, 60_000_000)).toEqual({ level: 1, minMeasure: 50_000_000, remaining: 0 })
  })

  it('is null at the top level', () => {
    expect(nextLevel(4, 0)).toBeNull()
  })
})

describe('feeDiscountPct', () => {
  it("is the level's published discount, 0 at level 0 and for a level not published", () => {
    expect(feeDiscountPct(0)).toBe(0)
    expect(feeDiscountPct(1)).toBe(10)
    expect(feeDiscountPct(4)).toBe(40)
    expect(feeDiscountPct(9)).toBe(0)
  })
})

describe('measureAt', () => {
  const at = (ms: number, amount = 1_000): MeasuredTrade => ({ at: ms, amount })

  it('counts trades in (now - windowDays, now]: the window’s first instant is out, now is in', () => {
    expect(measureAt([at(NOW - WINDOW)], NOW, 30)).toBe(0)
    expect(measureAt([at(NOW - WINDOW + 1)], NOW, 30)).toBe(1_000)
    expect(measureAt([at(NOW)], NOW, 30)).toBe(1_000)
    expect(measureAt([at(NOW + 1)], NOW, 30)).toBe(0)
  })

  it('adds every side in the window, a round trip twice', () => {
    expect(measureAt([at(NOW - DAY, 13_000_000), at(NOW - DAY + 60_000, 13_100_000), at(NOW - 40 * DAY, 99)], NOW, 30)).toBe(26_100_000)
  })
})

describe('downgradeAt', () => {
  it('is when the trade that keeps the measure at the threshold leaves the window', () => {
    const trades = [
      { at: NOW - 10 * DAY, amount: 30_000_000 },
      { at: NOW - 2 * DAY, amount: 30_000_000 },
    ]
    // 60 lakh paise now; when the older trade leaves, 30 lakh is below 50 lakh.
    expect(downgradeAt(trades, NOW, 30, 50_000_000)).toBe(NOW - 10 * DAY + WINDOW)
    // At that moment the measure has indeed fallen below the threshold, and not a millisecond before.
    const at = downgradeAt(trades, NOW, 30, 50_000_000)!
    expect(measureAt(trades, at, 30)).toBeLessThan(50_000_000)
    expect(measureAt(trades, at - 1, 30)).toBeGreaterThanOrEqual(50_000_000)
  })

  it('skips trades whose leaving still keeps the measure up', () => {
    const trades = [
      { at: NOW - 20 * DAY, amount: 10_000_000 },
      { at: NOW - 5 * DAY, amount: 60_000_000 },
    ]
    expect(downgradeAt(trades, NOW, 30, 50_000_000)).toBe(NOW - 5 * DAY + WINDOW)
  })

  it('is null at level 0 (no threshold) and when the measure is already below', () => {
    expect(downgradeAt([{ at: NOW, amount: 1 }], NOW, 30, 0)).toBeNull()
    expect(downgradeAt([{ at: NOW, amount: 1 }], NOW, 30, 50_000_000)).toBeNull()
  })
})

describe('the VIP discount in handlingFee', () => {
  it('leaves the fee unchanged at 0 % or without a discount', () => {
    for (const amount of [1, 100_000, 3_350_000, 24_505_000, 5_000_000_000]) {
      expect(handlingFee(amount, { ...rules, feeDiscountPct: 0 })).toBe(handlingFee(amount, rules))
    }
  })

  it('takes the percent off the fee, rounded half up to whole paise', () => {
    // ₹33,500 at 30 per lakh = ₹10.05; 10 % off = 904.5 paise -> 905; 25 % off = 753.75 -> 754.
    expect(handlingFee(3_350_000, rules)).toBe(1_005)
    expect(handlingFee(3_350_000, { ...rules, feeDiscountPct: 10 })).toBe(905)
    expect(handlingFee(3_350_000, { ...rules, feeDiscountPct: 25 })).toBe(754)
    // ₹2,45,050 at 30 per lakh = 7351.5 -> 7352 paise; 40 % off = 4411.2 -> 4411.
    expect(handlingFee(24_505_000, { ...rules, feeDiscountPct: 40 })).toBe(4_411)
  })

  it('discounts the minimum fee too', () => {
    expect(handlingFee(100_000, rules)).toBe(rules.minHandlingFee)
    expect(handlingFee(100_000, { ...rules, feeDiscountPct: 10 })).toBe(900)
    expect(handlingFee(100_000, { ...rules, feeDiscountPct: 100 })).toBe(0)
  })
})

describe('vipRulesFromConfig', () => {
  it('reads the published levels and window', () => {
    const levels = [
      { level: 0, minMeasure: 0, feeDiscountPct: 0 },
      { level: 1, minMeasure: 100, feeDiscountPct: 5 },
    ]
    expect(vipRulesFromConfig(JSON.stringify(levels), '7')).toEqual({ windowDays: 7, levels })
  })

  it('keeps the defaults for a missing or malformed value', () => {
    expect(vipRulesFromConfig(undefined, undefined)).toEqual(DEFAULT_VIP_RULES)
    expect(vipRulesFromConfig('not json', '0')).toEqual(DEFAULT_VIP_RULES)
    expect(vipRulesFromConfig('[]', '-3')).toEqual(DEFAULT_VIP_RULES)
    expect(vipRulesFromConfig(JSON.stringify([{ level: 1, minMeasure: 10, feeDiscountPct: 101 }]), '1.5').levels).toEqual(DEFAULT_VIP_RULES.levels)
  })
})
