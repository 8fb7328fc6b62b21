import { describe, expect, it } from 'vitest'
import { buildEntry, HOUSE_PROMOTIONS, sumsByCurrency, transfer, userAccount, userIdOfAccount } from '../../../server/ledger/rules'

describe('ledger entries', () => {
  it('builds a transfer whose legs sum to zero', () => {
    const entry = transfer({ reason: 'sign_in_reward', reference: 'd', from: HOUSE_PROMOTIONS, to: userAccount(7, 'available'), currency: 'INR', amount: 1000 })
    expect(entry.legs).toEqual([
      { account: 'house:promotions', currency: 'INR', amount: -1000 },
      { account: 'user:7:available', currency: 'INR', amount: 1000 },
    ])
    expect([...sumsByCurrency(entry.legs).values()]).toEqual([0])
  })

  it('refuses an entry that does not balance in some currency', () => {
    const legs = [
      { account: 'user:1:available', currency: 'INR', amount: -500 },
      { account: 'house:promotions', currency: 'INR', amount: 500 },
      { account: 'user:1:available', currency: 'USD', amount: 3 },
      { account: 'house:promotions', currency: 'USD', amount: -2 },
    ]
    expect(() => buildEntry({ reason: 'demo_grant', reference: null, operator: null, legs })).toThrow(/does not balance in USD/)
  })

  it('accepts an entry balanced in each of several currencies', () => {
    const legs = [
      { account: 'user:1:available', currency: 'INR', amount: -500 },
      { account: 'house:promotions', currency: 'INR', amount: 500 },
      { account: 'user:1:available', currency: 'USD', amount: 6 },
      { account: 'house:promotions', currency: 'USD', amount: -6 },
    ]
    expect(buildEntry({ reason: 'demo_grant', reference: null, operator: null, legs }).legs).toHaveLength(4)
  })

  it('refuses fractional, zero, one-legged and unknown-account entries', () => {
    const base = { reason: 'demo_grant' as const, reference: null, operator: null }
    expect(() => buildEntry({ ...base, legs: [{ account: 'house:promotions', currency: 'INR', amount: 0 }] })).toThrow()
    expect(() =>
      buildEntry({ ...base, legs: [{ account: 'user:1:available', currency: 'INR', amount: 0.5 }, { account: 'house:promotions', currency: 'INR', amount: -0.5 }] }),
    ).toThrow(/whole number/)
    expect(() =>
      buildEntry({ ...base, legs: [{ account: 'bank', currency: 'INR', amount: 1 }, { account: 'house:promotions', currency: 'INR', amount: -1 }] }),
    ).toThrow(/unknown ledger account/)
    expect(() => transfer({ ...base, from: HOUSE_PROMOTIONS, to: userAccount(1, 'available'), currency: 'INR', amount: -5 })).toThrow()
  })

  it('knows which user an account code belongs to', () => {
    expect(userIdOfAccount('user:42:frozen')).toBe(42)
    expect(userIdOfAccount('house:promotions')).toBeNull()
  })
})
