import { describe, expect, it } from 'vitest'
import { decideClaim, isValidIdempotencyKey, requestFingerprint, stableJson } from '../../../server/domain/idempotency'

describe('idempotency rules', () => {
  it('hashes the same body the same whatever the key order', () => {
    expect(stableJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe('{"a":[{"c":3,"d":2}],"b":1}')
    expect(requestFingerprint('post', '/x', { a: 1, b: 2 })).toBe(requestFingerprint('POST', '/x', { b: 2, a: 1 }))
    expect(requestFingerprint('POST', '/x', { a: 1 })).not.toBe(requestFingerprint('POST', '/y', { a: 1 }))
    expect(requestFingerprint('POST', '/x', { a: 1 })).not.toBe(requestFingerprint('POST', '/x', { a: 2 }))
  })

  it('keeps no trace of a password in the fingerprint', () => {
    const register = (password: string) => ({ account: '9876543210', password, confirmPassword: password, inviteCode: 'TIJORI' })
    // A stored hash from which a password could be guessed offline would undo the slow password hash.
    expect(requestFingerprint('POST', '/r', register('first-secret'))).toBe(requestFingerprint('POST', '/r', register('other-secret')))
    expect(requestFingerprint('POST', '/p', { oldPassword: 'a', nested: [{ fundPassword: 'b' }] })).toBe(
      requestFingerprint('POST', '/p', { oldPassword: 'c', nested: [{ fundPassword: 'd' }] }),
    )
    // Everything else still tells two requests apart.
    expect(requestFingerprint('POST', '/r', register('same'))).not.toBe(
      requestFingerprint('POST', '/r', { ...register('same'), account: '9876543211' }),
    )
  })

  const now = 1_000_000
  const claim = { requestHash: 'h', state: 'in_flight' as const, leaseUntil: now + 1, expiresAt: now + 10_000 }

  it('decides what a request with a known key gets', () => {
    expect(decideClaim(null, 'h', now)).toBe('claim')
    expect(decideClaim(claim, 'h', now)).toBe('in_flight')
    expect(decideClaim(claim, 'other', now)).toBe('reused')
    expect(decideClaim({ ...claim, state: 'done', leaseUntil: null }, 'h', now)).toBe('replay')
    expect(decideClaim({ ...claim, state: 'done', leaseUntil: null }, 'other', now)).toBe('reused')
    expect(decideClaim({ ...claim, leaseUntil: now }, 'h', now)).toBe('take_over')
    expect(decideClaim({ ...claim, expiresAt: now }, 'other', now)).toBe('claim')
  })

  it('accepts UUIDs and refuses blank or overlong keys', () => {
    expect(isValidIdempotencyKey('0b7e2a8c-55a4-4b8e-9d4a-6a1c0b9f2f11')).toBe(true)
    expect(isValidIdempotencyKey('')).toBe(false)
    expect(isValidIdempotencyKey('has space')).toBe(false)
    expect(isValidIdempotencyKey('k'.repeat(129))).toBe(false)
  })
})
