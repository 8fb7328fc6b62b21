import { describe, expect, it } from 'vitest'
import { decideAttempt, decideLogin } from '../../../server/domain/rate-limit'

const rule = { limit: 3, windowMs: 900_000 }
const now = 10_000_000

describe('login rate limit', () => {
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

  it('takes the longer wait of the account and address rules', () => {
    const decision = decideLogin(
      [
        { failures: [now - 1000, now - 1000, now - 1000], rule },
        { failures: [now - 10, now - 10, now - 10], rule },
      ],
      now,
    )
    expect(decision).toEqual({ allowed: false, retryAfterSeconds: 900 })
    expect(decideLogin([{ failures: [], rule }], now)).toEqual({ allowed: true })
  })
})
