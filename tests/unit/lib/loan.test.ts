import { describe, expect, it } from 'vitest'
import {
  DAY_MS,
  DEFAULT_BORROWABLE_TABLE,
  DEFAULT_CREDIT_RULES,
  annualRateBps,
  borrowable,
  borrowableTableFromConfig,
  coolingOffUntil,
  creditRulesFromConfig,
  creditScore,
  dailyInterest,
  dueAt,
  interestDayAt,
  interestDaysBy,
  isLate,
  keyFacts,
  schedule,
  splitRepayment,
  tableAmount,
} from '../../../src/lib/loan'

const fresh = { identityVerified: false, accountAgeDays: 0, trades: 0, loansRepaidOnTime: 0, lateRepayments: 0 }

describe('creditScore', () => {
  it('is the base alone for a new unverified account', () => {
    const s = creditScore(fresh)
    expect(s.score).toBe(300)
    expect(s.base).toBe(300)
    expect(s.parts.map((p) => [p.name, p.value, p.points])).toEqual([
      ['identity_verified', 0, 0],
      ['account_age_days', 0, 0],
      ['trades', 0, 0],
      ['loans_repaid_on_time', 0, 0],
      ['late_repayments', 0, 0],
    ])
    // A plain 0, not -0, so the parts compare and print as the screen shows them.
    expect(Object.is(s.parts.at(-1)!.points, 0)).toBe(true)
  })

  it('adds each input by its weight, each capped as published', () => {
    // 300 + 200 + 40 days + 10 trades x 2 + 1 on time x 50
    expect(creditScore({ identityVerified: true, accountAgeDays: 40, trades: 10, loansRepaidOnTime: 1, lateRepayments: 0 }).score).toBe(610)
    // Caps: age 100, trades 100, on time 100: the highest score is 800.
    expect(creditScore({ identityVerified: true, accountAgeDays: 5_000, trades: 5_000, loansRepaidOnTime: 50, lateRepayments: 0 }).score).toBe(800)
  })

  it('takes 150 off for each late repayment and never goes below 0', () => {
    const s = creditScore({ ...fresh, identityVerified: true, lateRepayments: 1 })
    expect(s.score).toBe(350)
    expect(s.parts.at(-1)).toEqual({ name: 'late_repayments', value: 1, points: -150 })
    expect(creditScore({ ...fresh, lateRepayments: 10 }).score).toBe(0)
  })

  it('the parts and the base sum to the score', () => {
    const s = creditScore({ identityVerified: true, accountAgeDays: 17, trades: 3, loansRepaidOnTime: 2, lateRepayments: 1 })
    expect(s.parts.reduce((sum, p) => sum + p.points, s.base)).toBe(s.score)
  })

  it('follows the weights it is given', () => {
    expect(creditScore({ ...fresh, identityVerified: true }, { ...DEFAULT_CREDIT_RULES, base: 100, identityVerified: 50 }).score).toBe(150)
  })
})

describe('the borrowable table', () => {
  it('gives the highest row at or below the score, nothing below the first', () => {
    expect(tableAmount(499)).toBe(0)
    expect(tableAmount(500)).toBe(5_000_000)
    expect(tableAmount(599)).toBe(5_000_000)
    expect(tableAmount(600)).toBe(20_000_000)
    expect(tableAmount(750)).toBe(50_000_000)
    expect(tableAmount(800)).toBe(100_000_000)
    expect(tableAmount(10_000)).toBe(100_000_000)
  })

  it('does not depend on the rows being in order', () => {
    expect(tableAmount(650, DEFAULT_BORROWABLE_TABLE.toReversed())).toBe(20_000_000)
  })

  it('adds the credit granted on request, but never lends on credit alone', () => {
    expect(borrowable(500, 1_000_000)).toBe(6_000_000)
    expect(borrowable(499, 1_000_000)).toBe(0)
    expect(borrowable(800, 0)).toBe(100_000_000)
  })
})

describe('interest', () => {
  it('is the principal x the daily rate per lakh, half up to whole paise', () => {
    expect(dailyInterest(1_000_000, 40)).toBe(400)
    // 1,234,567 x 40 / 1,00,000 = 493.8268
    expect(dailyInterest(1_234_567, 40)).toBe(494)
    // 1,250 x 40 / 1,00,000 = 0.5 exactly: half up
    expect(dailyInterest(1_250, 40)).toBe(1)
    expect(dailyInterest(1_249, 40)).toBe(0)
    expect(dailyInterest(0, 40)).toBe(0)
  })

  it('gives the effective annual rate as daily x 365 in basis points', () => {
    expect(annualRateBps(40)).toBe(1460)
    // 1 x 365 x 10,000 / 1,00,000 = 36.5 -> 37
    expect(annualRateBps(1)).toBe(37)
    // 3 x 365 x 10,000 / 1,00,000 = 109.5 -> 110
    expect(annualRateBps(3)).toBe(110)
  })

  it('falls day by day from the payout: day 1 ends the free first day', () => {
    const paid = Date.parse('2026-01-10T06:00:00Z')
    expect(interestDayAt(paid, 1)).toBe(paid + DAY_MS)
    expect(coolingOffUntil(paid)).toBe(paid + DAY_MS)
    expect(dueAt(paid, 30)).toBe(paid + 30 * DAY_MS)
    expect(interestDaysBy(paid, paid - 1)).toBe(0)
    expect(interestDaysBy(paid, paid + DAY_MS - 1)).toBe(0)
    expect(interestDaysBy(paid, paid + DAY_MS)).toBe(1)
    expect(interestDaysBy(paid, paid + 30 * DAY_MS + 5)).toBe(30)
  })
})

describe('schedule and key facts', () => {
  it('lists each day to the due date with what it charges and what is owed after it', () => {
    const days = schedule(1_000_000, { dailyRatePerLakh: 40, termDays: 3 })
    expect(days).toEqual([
      { day: 1, interest: 400, interestToDate: 400, owed: 1_000_400 },
      { day: 2, interest: 400, interestToDate: 800, owed: 1_000_800 },
      { day: 3, interest: 400, interestToDate: 1_200, owed: 1_001_200 },
    ])
  })

  it('sums the whole cost if repaid on the due date: there are no fees', () => {
    const facts = keyFacts(5_000_000, { dailyRatePerLakh: 40, termDays: 30 })
    expect(facts).toMatchObject({ amount: 5_000_000, dailyRatePerLakh: 40, annualRateBps: 1460, termDays: 30, totalInterest: 60_000, totalRepayable: 5_060_000 })
    expect(facts.schedule).toHaveLength(30)
    expect(facts.schedule.at(-1)!.owed).toBe(facts.totalRepayable)
    // The schedule's days are the rounded day's interest each time, so the total is a multiple of it.
    expect(keyFacts(1_234_567, { dailyRatePerLakh: 40, termDays: 30 }).totalInterest).toBe(494 * 30)
  })
})

describe('splitRepayment', () => {
  const owed = { principal: 1_000_000, interest: 800 }

  it('pays interest first, then principal', () => {
    expect(splitRepayment(500, owed)).toEqual({ interest: 500, principal: 0 })
    expect(splitRepayment(800, owed)).toEqual({ interest: 800, principal: 0 })
    expect(splitRepayment(500_000, owed)).toEqual({ interest: 800, principal: 499_200 })
    expect(splitRepayment(1_000_800, owed)).toEqual({ interest: 800, principal: 1_000_000 })
    expect(splitRepayment(10, { principal: 100, interest: 0 })).toEqual({ interest: 0, principal: 10 })
  })

  it('refuses nothing, a fraction, or more than is owed', () => {
    expect(splitRepayment(0, owed)).toBeNull()
    expect(splitRepayment(-1, owed)).toBeNull()
    expect(splitRepayment(1.5, owed)).toBeNull()
    expect(splitRepayment(1_000_801, owed)).toBeNull()
  })
})

describe('isLate', () => {
  const due = 1_000
  it('is late when completed after the due date or still owing past it', () => {
    expect(isLate({ dueAt: due, completedAt: due }, 5_000)).toBe(false)
    expect(isLate({ dueAt: due, completedAt: due + 1 }, 5_000)).toBe(true)
    expect(isLate({ dueAt: due, completedAt: null }, due)).toBe(false)
    expect(isLate({ dueAt: due, completedAt: null }, due + 1)).toBe(true)
    expect(isLate({ dueAt: null, completedAt: null }, 5_000)).toBe(false)
  })
})

describe('the published config', () => {
  it('parses the weights and the table, falling back to the defaults when missing or malformed', () => {
    expect(creditRulesFromConfig(JSON.stringify({ ...DEFAULT_CREDIT_RULES, base: 250 })).base).toBe(250)
    expect(creditRulesFromConfig(undefined)).toEqual(DEFAULT_CREDIT_RULES)
    expect(creditRulesFromConfig('not json')).toEqual(DEFAULT_CREDIT_RULES)
    expect(creditRulesFromConfig(JSON.stringify({ base: 250 }))).toEqual(DEFAULT_CREDIT_RULES)
    expect(creditRulesFromConfig(JSON.stringify({ ...DEFAULT_CREDIT_RULES, perLate: -1 }))).toEqual(DEFAULT_CREDIT_RULES)
    expect(borrowableTableFromConfig(JSON.stringify([{ minScore: 400, amount: 100 }]))).toEqual([{ minScore: 400, amount: 100 }])
    expect(borrowableTableFromConfig('')).toEqual(DEFAULT_BORROWABLE_TABLE)
    expect(borrowableTableFromConfig(JSON.stringify([{ minScore: 'x', amount: 1 }]))).toEqual(DEFAULT_BORROWABLE_TABLE)
  })
})
