import { describe, expect, it } from 'vitest'
import {
  DEFAULT_TRADING_RULES,
  checkTradingRules,
  contractAmount,
  cutoffMinutes,
  cutoffOnDayOf,
  exactMul,
  handlingFee,
  indiaMidnight,
  inBand,
  marginFor,
  mulDiv,
  priceBand,
  sharesOf,
  stampDuty,
  unlockTime,
  type TradingRules,
} from '../../../server/trade/rules'

const rules: TradingRules = DEFAULT_TRADING_RULES
const noMinimum: TradingRules = { ...rules, minHandlingFee: 0 }

describe('integer money arithmetic', () => {
  it('rounds a quotient up, down or half up as asked', () => {
    expect(mulDiv(7, 1, 2, 'up')).toBe(4)
    expect(mulDiv(7, 1, 2, 'down')).toBe(3)
    expect(mulDiv(7, 1, 2, 'half_up')).toBe(4)
    expect(mulDiv(5, 1, 4, 'half_up')).toBe(1)
    expect(mulDiv(6, 1, 4, 'half_up')).toBe(2)
    expect(mulDiv(8, 1, 4, 'up')).toBe(2)
  })

  it('keeps a product beyond 2^53 exact before dividing', () => {
    // 9,007,199,254,740,993 is not a float; BigInt keeps the last digit.
    expect(mulDiv(3_002_399_751_580_331, 3, 3, 'down')).toBe(3_002_399_751_580_331)
  })

  it('throws (a bug, not a refusal) on negative inputs, a zero divisor or an unsafe result', () => {
    expect(() => mulDiv(-1, 1, 1, 'up')).toThrow(RangeError)
    expect(() => mulDiv(1, 1, 0, 'up')).toThrow(RangeError)
    expect(() => mulDiv(1.5, 1, 1, 'up')).toThrow(RangeError)
    expect(() => exactMul(Number.MAX_SAFE_INTEGER, 2)).toThrow(/safe integer/)
  })

  it('counts shares by the lot size and prices them per share', () => {
    expect(sharesOf(3, rules)).toBe(300)
    expect(contractAmount(300, 123_45)).toBe(3_703_500)
  })
})

describe('margin', () => {
  it('is the contract amount divided by the leverage', () => {
    expect(marginFor(5_000_000, 1)).toBe(5_000_000)
    expect(marginFor(5_000_000, 5)).toBe(1_000_000)
  })

  it('rounds up to whole paise so the margin is never short of the rule', () => {
    expect(marginFor(100_001, 10)).toBe(10_001)
    expect(marginFor(100_009, 10)).toBe(10_001)
    expect(marginFor(7, 2)).toBe(4)
  })
})

describe('handling fee and stamp duty', () => {
  it('charges the rate per lakh of the contract amount', () => {
    // 0.03% of ₹1,00,000 is ₹30.
    expect(handlingFee(10_000_000, rules)).toBe(3000)
    // 0.015% of ₹1,00,000 is ₹15.
    expect(stampDuty(10_000_000, true, rules)).toBe(1500)
  })

  it('rounds the fee half up to whole paise', () => {
    // 5,000 x 30 / 1,00,000 = 1.5 paise -> 2; 4,999 -> 1.4997 -> 1.
    expect(handlingFee(5000, noMinimum)).toBe(2)
    expect(handlingFee(4999, noMinimum)).toBe(1)
  })

  it('rounds the duty half up to whole paise', () => {
    // 10,000 x 15 / 1,00,000 = 1.5 paise -> 2; 9,999 -> 1.49985 -> 1.
    expect(stampDuty(10_000, true, rules)).toBe(2)
    expect(stampDuty(9_999, true, rules)).toBe(1)
  })

  it('raises a small fee to the minimum', () => {
    // 0.03% of ₹10,000 is ₹3, below the ₹10 minimum.
    expect(handlingFee(1_000_000, rules)).toBe(1000)
    expect(handlingFee(1_000_000, { ...rules, minHandlingFee: 250 })).toBe(300)
  })

  it('charges stamp duty on the buying side only', () => {
    expect(stampDuty(10_000_000, false, rules)).toBe(0)
  })
})

describe('price band', () => {
  it('spans previous close +/- the percentage, edges rounded inward', () => {
    // 10,005 x 0.9 = 9,004.5 -> 9,005; 10,005 x 1.1 = 11,005.5 -> 11,005.
    expect(priceBand(10_005, rules)).toEqual({ min: 9005, max: 11_005 })
    expect(priceBand(250_000, rules)).toEqual({ min: 225_000, max: 275_000 })
  })

  it('includes both edges and nothing beyond', () => {
    const band = priceBand(250_000, rules)
    expect(inBand(225_000, band)).toBe(true)
    expect(inBand(275_000, band)).toBe(true)
    expect(inBand(224_999, band)).toBe(false)
    expect(inBand(275_001, band)).toBe(false)
  })

  it('never lets the lower edge reach zero', () => {
    expect(priceBand(1, rules)).toEqual({ min: 1, max: 1 })
    expect(priceBand(5, { ...rules, priceBandPct: 100 })).toEqual({ min: 1, max: 10 })
  })
})

describe('India time and the lock', () => {
  it('finds India midnight, 18:30 UTC the day before', () => {
    expect(indiaMidnight(Date.parse('2026-01-12T09:45:00Z'))).toBe(Date.parse('2026-01-11T18:30:00Z'))
    expect(indiaMidnight(Date.parse('2026-01-12T18:29:59.999Z'))).toBe(Date.parse('2026-01-11T18:30:00Z'))
    expect(indiaMidnight(Date.parse('2026-01-12T18:30:00Z'))).toBe(Date.parse('2026-01-12T18:30:00Z'))
  })

  it('places the 15:15 cut-off at 09:45 UTC of the India day', () => {
    expect(cutoffMinutes('15:15')).toBe(915)
    expect(cutoffOnDayOf(Date.parse('2026-01-12T04:00:00Z'), '15:15')).toBe(Date.parse('2026-01-12T09:45:00Z'))
    // 01:30 IST on the 13th is still 12th in UTC; its cut-off is the 13th's.
    expect(cutoffOnDayOf(Date.parse('2026-01-12T20:00:00Z'), '15:15')).toBe(Date.parse('2026-01-13T09:45:00Z'))
  })

  it('refuses a malformed cut-off', () => {
    expect(() => cutoffMinutes('3:15 pm')).toThrow(/hh:mm/)
    expect(() => cutoffMinutes('24:00')).toThrow(/hh:mm/)
  })

  it('unlocks N minutes after the fill, or at the calendar answer for T+N days', () => {
    const openedAt = Date.parse('2026-01-12T05:00:00Z')
    const addTradingDays = (ms: number, n: number): number => ms + n * 3 * 86_400_000
    expect(unlockTime(openedAt, { unit: 'minutes', count: 30 }, addTradingDays)).toBe(openedAt + 1_800_000)
    expect(unlockTime(openedAt, { unit: 'trading_days', count: 2 }, addTradingDays)).toBe(openedAt + 6 * 86_400_000)
    expect(unlockTime(openedAt, { unit: 'trading_days', count: 0 }, addTradingDays)).toBe(openedAt)
  })
})

describe('rule set check', () => {
  it('accepts the defaults', () => {
    expect(checkTradingRules(DEFAULT_TRADING_RULES)).toBe(DEFAULT_TRADING_RULES)
  })

  it('names every broken rule', () => {
    const bad: TradingRules = {
      ...rules,
      lotSize: 0,
      leverages: [1, 2.5],
      stampDutyPerLakh: 1.5,
      dayTradingCutoff: '3pm',
      stopOutMarginPct: 100,
    }
    expect(() => checkTradingRules(bad)).toThrow(/lotSize.*leverages.*stampDutyPerLakh.*dayTradingCutoff.*stopOutMarginPct/)
  })
})
