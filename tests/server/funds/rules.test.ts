import { describe, expect, it } from 'vitest'
import {
  DEFAULT_FUND_RULES,
  checkRecharge,
  checkWithdrawal,
  decideReview,
  inWindow,
  rechargeCreditEntry,
  withdrawalDecisionEntry,
  withdrawalFreezeEntry,
  type WithdrawalCheck,
} from '../../../server/funds/rules'
import { HOUSE_DEPOSITS, HOUSE_PAYOUTS, sumsByCurrency, userAccount } from '../../../server/ledger/rules'

/** An instant in India time (UTC+05:30). */
const ist = (isoLocal: string) => Date.parse(`${isoLocal}+05:30`)
// Monday 23 November 2026.
const MONDAY_NOON = ist('2026-11-23T12:00:00')

const withdrawal: WithdrawalCheck = {
  amount: 1_000_000,
  noWithdraw: null,
  status: 'verified',
  fundPasswordSet: true,
  fundPasswordOk: true,
  ownCard: true,
  withdrawable: 5_000_000,
  otherPending: false,
  rules: DEFAULT_FUND_RULES,
  now: MONDAY_NOON,
}

describe('windows in India time', () => {
  const w = DEFAULT_FUND_RULES.withdrawWindow
  it('opens weekdays at 09:30 and runs to midnight', () => {
    expect(inWindow(w, ist('2026-11-23T09:29:59'))).toBe(false)
    expect(inWindow(w, ist('2026-11-23T09:30:00'))).toBe(true)
    expect(inWindow(w, ist('2026-11-23T23:59:59'))).toBe(true)
    expect(inWindow(w, ist('2026-11-24T00:00:00'))).toBe(false)
  })
  it('is shut on Saturday and Sunday, India time (not UTC)', () => {
    expect(inWindow(w, ist('2026-11-28T12:00:00'))).toBe(false)
    expect(inWindow(w, ist('2026-11-29T12:00:00'))).toBe(false)
    // Friday 23:00 India time is Friday 17:30 UTC; Saturday 01:00 India time is still Friday in UTC.
    expect(inWindow(w, ist('2026-11-27T23:00:00'))).toBe(true)
    expect(inWindow(w, ist('2026-11-28T01:00:00'))).toBe(false)
  })
})

describe('recharge', () => {
  it('needs a verified identity and at least the published minimum', () => {
    const ok = { amount: DEFAULT_FUND_RULES.rechargeMin, status: 'verified' as const, rules: DEFAULT_FUND_RULES, now: MONDAY_NOON }
    expect(checkRecharge(ok)).toBeNull()
    expect(checkRecharge({ ...ok, status: 'none' })?.code).toBe('real_name_required')
    expect(checkRecharge({ ...ok, amount: DEFAULT_FUND_RULES.rechargeMin - 1 })).toMatchObject({ code: 'recharge_below_min', params: { min: 500_000 } })
    expect(checkRecharge({ ...ok, amount: 500_000.5 })?.code).toBe('recharge_below_min')
  })
})

describe('withdrawal', () => {
  it('passes when every rule holds', () => {
    expect(checkWithdrawal(withdrawal)).toBeNull()
  })

  it('names the first rule broken, in the published order', () => {
    expect(checkWithdrawal({ ...withdrawal, noWithdraw: 'under investigation' })).toMatchObject({ code: 'withdrawal_disabled', params: { reason: 'under investigation' } })
    expect(checkWithdrawal({ ...withdrawal, status: 'failed' })?.code).toBe('real_name_required')
    expect(checkWithdrawal({ ...withdrawal, fundPasswordSet: false })?.code).toBe('fund_password_not_set')
    expect(checkWithdrawal({ ...withdrawal, fundPasswordOk: false })?.code).toBe('fund_password_wrong')
    expect(checkWithdrawal({ ...withdrawal, ownCard: false })?.code).toBe('card_not_found')
    expect(checkWithdrawal({ ...withdrawal, amount: 9_999 })).toMatchObject({ code: 'withdraw_below_min', params: { min: 10_000 } })
    expect(checkWithdrawal({ ...withdrawal, amount: 50_000_001, withdrawable: 90_000_000 })).toMatchObject({ code: 'withdraw_above_max', params: { max: 50_000_000 } })
    expect(checkWithdrawal({ ...withdrawal, now: ist('2026-11-23T08:00:00') })).toMatchObject({ code: 'outside_window', params: { from: '09:30', to: '24:00', days: 'weekdays' } })
    expect(checkWithdrawal({ ...withdrawal, amount: 5_000_001 })).toMatchObject({ code: 'insufficient_balance', params: { available: 5_000_000, required: 5_000_001 } })
    // The balance first: after one withdrawal of everything, the next ones are told there is no money.
    expect(checkWithdrawal({ ...withdrawal, amount: 5_000_001, otherPending: true })?.code).toBe('insufficient_balance')
    expect(checkWithdrawal({ ...withdrawal, otherPending: true })?.code).toBe('fund_operation_pending')
  })

  it('may take the whole withdrawable amount, not a paisa more', () => {
    expect(checkWithdrawal({ ...withdrawal, amount: 5_000_000 })).toBeNull()
  })
})

describe('reviews and their ledger entries', () => {
  it('decide once: a second approval is refused, not applied again', () => {
    expect(decideReview('pending', true)).toBe('approved')
    expect(decideReview('pending', false)).toBe('rejected')
    expect(decideReview('approved', true)).toMatchObject({ code: 'review_already_decided', params: { status: 'approved' } })
  })

  it('credit a recharge from the deposits account, with the reviewer named', () => {
    const e = rechargeCreditEntry(7, 3, 500_000, 'op:1')
    expect(e).toMatchObject({ reason: 'recharge', reference: 'recharge:3', operator: 'op:1' })
    expect(e.legs).toEqual([
      { account: HOUSE_DEPOSITS, currency: 'INR', amount: -500_000 },
      { account: userAccount(7, 'available'), currency: 'INR', amount: 500_000 },
    ])
  })

  it('freeze a withdrawal, then pay it out or give it back, each balanced', () => {
    const freeze = withdrawalFreezeEntry(7, 9, 1_000)
    expect(freeze.legs).toEqual([
      { account: userAccount(7, 'available'), currency: 'INR', amount: -1_000 },
      { account: userAccount(7, 'frozen'), currency: 'INR', amount: 1_000 },
    ])
    const paid = withdrawalDecisionEntry(7, 9, 1_000, true, 'op:1')
    expect(paid).toMatchObject({ reason: 'withdrawal_paid', legs: [{ account: userAccount(7, 'frozen'), amount: -1_000 }, { account: HOUSE_PAYOUTS, amount: 1_000 }] })
    const back = withdrawalDecisionEntry(7, 9, 1_000, false, 'op:1')
    expect(back).toMatchObject({ reason: 'withdrawal_unfreeze', legs: [{ account: userAccount(7, 'frozen'), amount: -1_000 }, { account: userAccount(7, 'available'), amount: 1_000 }] })
    for (const e of [freeze, paid, back]) expect([...sumsByCurrency(e.legs).values()]).toEqual([0])
  })
})
