/** The loan screens' own checks (src/features/loan/rules.ts): the server's order of refusals, the free first day, the rates in words. */
import { describe, expect, it } from 'vitest'
import { type Loan } from '../../../../src/contract/replies'
import { applyProblem, canCancel, creditProblem, formatBps, formatPerLakh, repayProblem } from '../../../../src/features/loan/rules'
import { DAY_MS } from '../../../../src/lib/loan'

const open = { channelOpen: true, unpaid: null, min: 100_000, borrowable: 5_000_000 }
const loan = (status: Loan['status'], over: Partial<Loan> = {}): Loan => ({
  id: 1,
  amount: 1_000_000,
  dailyRatePerLakh: 40,
  termDays: 30,
  status,
  reason: null,
  principalOutstanding: 1_000_000,
  interestOutstanding: 0,
  interestTotal: 0,
  repaidTotal: 0,
  owed: 1_000_000,
  disbursedAt: status === 'borrowing' ? 0 : null,
  dueAt: status === 'borrowing' ? 30 * DAY_MS : null,
  coolingOffUntil: status === 'borrowing' ? DAY_MS : null,
  overdue: false,
  completedAt: null,
  createdAt: 0,
  updatedAt: 0,
  ...over,
})

describe('applyProblem', () => {
  it('takes an amount from the minimum to the borrowable amount', () => {
    expect(applyProblem(open, 100_000, true)).toBeNull()
    expect(applyProblem(open, 5_000_000, true)).toBeNull()
    expect(applyProblem(open, 99_999, true)).toBe('below_min')
    expect(applyProblem(open, 5_000_001, true)).toBe('above_borrowable')
    expect(applyProblem(open, 0, true)).toBe('not_whole_paise')
  })

  it('checks in the server order: channel, identity, an unpaid loan, one in review, then the amount (/loan/apply)', () => {
    expect(applyProblem({ ...open, channelOpen: false }, 1, false)).toBe('channel_closed')
    expect(applyProblem(open, 1, false)).toBe('unverified')
    expect(applyProblem({ ...open, unpaid: loan('borrowing') }, 1, true)).toBe('unpaid')
    expect(applyProblem({ ...open, unpaid: loan('pending') }, 1, true)).toBe('pending')
  })
})

describe('repayProblem', () => {
  it('refuses more than is owed, more than is available, and nothing at all', () => {
    expect(repayProblem(1_000_400, 1_000_400, 2_000_000)).toBeNull()
    expect(repayProblem(1_000_400, 1_000_401, 2_000_000)).toBe('above_owed')
    expect(repayProblem(1_000_400, 500_000, 499_999)).toBe('balance')
    expect(repayProblem(1_000_400, 500_000, undefined)).toBeNull()
    expect(repayProblem(1_000_400, 0, 1)).toBe('not_positive')
  })
})

describe('canCancel', () => {
  it('lets an application in review be withdrawn', () => {
    expect(canCancel(loan('pending'), 10 * DAY_MS)).toBe(true)
  })

  it('lets a paid-out loan be cancelled for free only before its first interest day', () => {
    expect(canCancel(loan('borrowing'), DAY_MS - 1)).toBe(true)
    expect(canCancel(loan('borrowing'), DAY_MS)).toBe(false)
    expect(canCancel(loan('borrowing', { interestTotal: 400 }), 1)).toBe(false)
    expect(canCancel(loan('completed'), 1)).toBe(false)
  })
})

describe('creditProblem', () => {
  it('takes whole rupees within what is left of the published maximum ("additional credit must be a positive integer")', () => {
    expect(creditProblem(10_000_000, 0, 100_000_000)).toBeNull()
    expect(creditProblem(10_050, 0, 100_000_000)).toBe('not_whole_rupees')
    expect(creditProblem(0, 0, 100_000_000)).toBe('not_whole_rupees')
    expect(creditProblem(null, 0, 100_000_000)).toBe('not_whole_rupees')
    expect(creditProblem(10_000_000, 95_000_000, 100_000_000)).toBe('above_max')
  })
})

describe('rates in words', () => {
  it('writes a daily rate per lakh and an annual rate in basis points as percentages', () => {
    expect(formatPerLakh(40)).toBe('0.04%')
    expect(formatPerLakh(45)).toBe('0.045%')
    expect(formatBps(1_460)).toBe('14.60%')
  })
})
