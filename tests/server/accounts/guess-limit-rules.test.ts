import { describe, expect, it } from 'vitest'
import { accountFailuresNeeded, decideAttempt, decideNamed, decideSignIn, signInDelayMs, type SignInLimits } from '../../../server/accounts/guess-limit-rules'

const rule = { limit: 3, windowMs: 900_000 }
const now = 10_000_000
const limits: SignInLimits = { accountAddress: 5, address: 20, slowAfter: 5, delayBaseMs: 1000, delayMaxMs: 8000, windowMs: 900_000 }
const times = (n: number, ago = 1000) => Array.from({ length: n }, (_, i) => now - ago - i)

describe('guess limit', () => {
  it('allows while fewer failures than the limit fall in the window', () => {
    expect(decideAttempt([now - 1000, now - 2000], rule, now)).toEqual({ allowed: true })
    expect(decideAttempt([now - 1000, now - 2000, now - 900_000], rule, now)).toEqual({ allowed: true })
  })

  it('blocks at the limit until the limit-th newest failure leaves the window', () => {
    const failures = [now - 100_000, now - 1000, now - 50_000, now - 800_000]
    // Newest three: -1000, -50000, -100000; the third ages out 800 s from now.
    expect(decideAttempt(failures, rule, now)).toEqual({ allowed: false, retryAfterSeconds: 800 })
  })

  it('never asks to wait less than a second', () => {
    expect(decideAttempt([now - 899_999, now - 899_999, now - 899_999], rule, now)).toEqual({ allowed: false, retryAfterSeconds: 1 })
  })

  it('names the rule, its limit and its window in a refusal', () => {
    expect(decideNamed(times(3), { ...rule, name: 'registration' }, now)).toEqual({
      allowed: false,
      retryAfterSeconds: 899,
      rule: 'registration',
      limit: 3,
      windowMs: 900_000,
    })
  })
})

describe('sign-in rule (OWASP: hard limit per account and address, the account only slows down)', () => {
  it('refuses an account from one address after 5 failures from that address', () => {
    expect(decideSignIn({ accountAddress: times(4), address: times(4), account: times(4) }, limits, now)).toEqual({ allowed: true, delayMs: 0 })
    expect(decideSignIn({ accountAddress: times(5), address: times(5), account: times(5) }, limits, now)).toMatchObject({
      allowed: false,
      rule: 'account_address',
      limit: 5,
      retryAfterSeconds: 899,
    })
  })

  it('refuses an address after 20 failures across accounts', () => {
    expect(decideSignIn({ accountAddress: [], address: times(20), account: [] }, limits, now)).toMatchObject({ allowed: false, rule: 'address', limit: 20 })
  })

  it('takes the longer wait when both hard limits refuse', () => {
    const decision = decideSignIn({ accountAddress: times(5, 500_000), address: times(20, 1000), account: times(5) }, limits, now)
    expect(decision).toMatchObject({ allowed: false, rule: 'address', retryAfterSeconds: 899 })
  })

  it('never refuses for failures on the account from other addresses: it delays instead', () => {
    expect(decideSignIn({ accountAddress: [], address: [], account: times(100) }, limits, now)).toEqual({ allowed: true, delayMs: 8000 })
  })

  it('delays 1 s after 5 failures on the account, doubling to at most 8 s', () => {
    expect([0, 4, 5, 6, 7, 8, 9, 1000].map((n) => signInDelayMs(n, limits))).toEqual([0, 0, 1000, 2000, 4000, 8000, 8000, 8000])
    // Failures that left the window do not count.
    expect(decideSignIn({ accountAddress: [], address: [], account: [...times(5, 900_000), ...times(5)] }, limits, now)).toEqual({ allowed: true, delayMs: 1000 })
  })

  it('needs only the newest failures that can still change the delay', () => {
    expect(accountFailuresNeeded(limits)).toBe(9)
    expect(signInDelayMs(accountFailuresNeeded(limits) - 1, limits)).toBe(limits.delayMaxMs)
  })
})
