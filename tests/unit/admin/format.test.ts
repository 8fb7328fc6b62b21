import { describe, expect, it } from 'vitest'
import { LEDGER_REASONS } from '../../../server/ledger/rules'
import { factLabel, factText, money } from '../../../src/admin/format'
import { AUDIT_ACTION_LABELS, LEDGER_REASON_LABELS, humanize, labelOf, subjectText } from '../../../src/admin/labels'

describe("the back office's amounts", () => {
  it('shows minor units as money in the currency\'s own form, never as "minor units"', () => {
    expect(money(1234, 'USD')).toBe('$12.34')
    expect(money(123_400, 'INR')).toBe('₹1,234.00')
    expect(money(1_234_567_800)).toBe('₹1,23,45,678.00')
    expect(money(1500, 'JPY')).toBe('¥1,500')
    expect(money(-250, 'USD')).toBe('-$2.50')
  })

  it('reads review facts as money, rates and times', () => {
    expect(factText('amountPaise', 300_000)).toBe('₹3,000.00')
    expect(factText('dailyRatePerLakh', 50)).toBe('0.05% a day')
    expect(factText('closedAt', null)).toBe('—')
  })
})

describe("the back office's words", () => {
  it('labels fields in English, not as identifiers', () => {
    expect(factLabel('idNumber')).toBe('ID number')
    expect(factLabel('amountPaise')).toBe('Amount')
    expect(factLabel('somethingNewPaise')).toBe('Something new')
  })

  it('has a label for every ledger reason the server writes', () => {
    const missing = Object.values(LEDGER_REASONS).filter((reason) => !Object.hasOwn(LEDGER_REASON_LABELS, reason))
    expect(missing).toEqual([])
    expect(labelOf(LEDGER_REASON_LABELS, 'withdrawal_paid')).toBe('Withdrawal paid')
  })

  it('turns an unknown code into words rather than showing it raw', () => {
    expect(humanize('pending_payment')).toBe('Pending payment')
    expect(labelOf(AUDIT_ACTION_LABELS, 'something_new')).toBe('Something new')
    expect(subjectText('real_name:12')).toBe('Real-name request #12')
    expect(subjectText('flag:no_trade')).toBe('Flag: No trade')
    expect(subjectText('operator:priya')).toBe('Operator: priya')
  })
})
