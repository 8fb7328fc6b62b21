import { describe, expect, it } from 'vitest'
import { DEFAULT_VIP_RULES } from '../../../src/lib/vip'
import { DAY_MS, downgradeOf, recompute, tradesOf, vipInfoOf, windowStart } from '../../../server/vip/rules'

const NOW = Date.parse('2026-03-01T06:00:00Z')
const rules = DEFAULT_VIP_RULES

const position = (over: Partial<Parameters<typeof tradesOf>[0][number]>) => ({
  quantity: 100,
  unit_divisor: 1,
  entry_price: null,
  opened_at: null,
  exit_price: null,
  closed_at: null,
  ...over,
})

describe('tradesOf', () => {
  it('counts the opening side at entry and the closing side at exit: a round trip twice', () => {
    const trades = tradesOf([position({ entry_price: 130_000, opened_at: NOW - DAY_MS, exit_price: 131_000, closed_at: NOW })])
    expect(trades).toEqual([
      { at: NOW - DAY_MS, amount: 13_000_000 },
      { at: NOW, amount: 13_100_000 },
    ])
  })

  it('counts nothing for an order that never filled, and rounds a fractional amount half up', () => {
    expect(tradesOf([position({})])).toEqual([])
    // 0.000001 coin at 1,500,000 paise = 1.5 paise -> 2
    expect(tradesOf([position({ quantity: 1, unit_divisor: 1_000_000, entry_price: 1_500_000, opened_at: NOW })])).toEqual([{ at: NOW, amount: 2 }])
  })
})

describe('recompute', () => {
  it('moves to the level the window earns, up or down, and says when it differs from the stored one', () => {
    const trades = [{ at: NOW - DAY_MS, amount: 60_000_000 }]
    expect(recompute(0, trades, rules, NOW)).toEqual({ measure: 60_000_000, level: 1, changed: true })
    expect(recompute(1, trades, rules, NOW)).toEqual({ measure: 60_000_000, level: 1, changed: false })
    expect(recompute(3, trades, rules, NOW)).toEqual({ measure: 60_000_000, level: 1, changed: true })
    expect(recompute(1, trades, rules, NOW - DAY_MS + 30 * DAY_MS)).toEqual({ measure: 0, level: 0, changed: true })
  })
})

describe('downgradeOf', () => {
  it('names when the stored level would drop with no more trades, and to what', () => {
    const trades = [
      { at: NOW - 10 * DAY_MS, amount: 200_000_000 },
      { at: NOW - DAY_MS, amount: 60_000_000 },
    ]
    // VIP 2 on ₹26 lakh traded; when the older trade leaves, ₹6 lakh is left: VIP 1.
    expect(downgradeOf(2, trades, rules, NOW)).toEqual({ at: NOW - 10 * DAY_MS + 30 * DAY_MS, toLevel: 1 })
  })

  it('is due now when the measure is already below the stored level (the job has not run yet)', () => {
    expect(downgradeOf(1, [], rules, NOW)).toEqual({ at: NOW, toLevel: 0 })
  })

  it('is null at level 0', () => {
    expect(downgradeOf(0, [{ at: NOW, amount: 1 }], rules, NOW)).toBeNull()
  })
})

describe('vipInfoOf', () => {
  it('reads the stored level, the live measure, the way up from the stored level and the levels in order', () => {
    const info = vipInfoOf({
      stored: { level: 1, computedAt: NOW - 60_000 },
      trades: [{ at: NOW - DAY_MS, amount: 70_000_000 }],
      changes: [{ fromLevel: 0, toLevel: 1, measure: 70_000_000, at: NOW - 60_000 }],
      rules: { ...rules, levels: [...rules.levels].reverse() },
      now: NOW,
    })
    expect(info).toEqual({
      level: 1,
      feeDiscountPct: 10,
      measure: 70_000_000,
      windowDays: 30,
      next: { level: 2, minMeasure: 250_000_000, remaining: 180_000_000 },
      downgrade: { at: NOW - DAY_MS + 30 * DAY_MS, toLevel: 0 },
      levels: rules.levels,
      changes: [{ fromLevel: 0, toLevel: 1, measure: 70_000_000, at: NOW - 60_000 }],
      computedAt: NOW - 60_000,
    })
  })

  it('is level 0 with no recompute for an account the job never looked at', () => {
    expect(vipInfoOf({ stored: null, trades: [], changes: [], rules, now: NOW })).toMatchObject({ level: 0, computedAt: null, downgrade: null })
  })

  it('starts the window windowDays before now', () => {
    expect(windowStart(NOW, 30)).toBe(NOW - 30 * DAY_MS)
  })
})
