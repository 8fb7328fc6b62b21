import { describe, expect, it } from 'vitest'
import { decideClaim, isValidIdempotencyKey, requestFingerprint, stableJson } from '../../../server/plugins/idempotency-fingerprint'
import { sha256Hex } from '../../../server/accounts/tokens'

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

  it('fingerprints a body of any depth the JSON parser accepts, without running out of stack', () => {
    const depth = 200_000
    const deep = JSON.parse(`{"account":"6123456789","x":${'['.repeat(depth)}{"password":"p"}${']'.repeat(depth)}}`) as unknown
    expect(requestFingerprint('POST', '/r', deep)).toMatch(/^[0-9a-f]{64}$/)
    const deepObject = JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`) as unknown
    expect(stableJson(deepObject)).toBe(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`)
    // A secret is hidden at any depth too.
    const nested = (password: string) => JSON.parse(`{"x":${'['.repeat(depth)}{"password":"${password}"}${']'.repeat(depth)}}`) as unknown
    expect(requestFingerprint('POST', '/r', nested('one'))).toBe(requestFingerprint('POST', '/r', nested('two')))
  })

  it('writes the same canonical text as before, so keys claimed before an upgrade still match', () => {
    // The text the recursive version wrote for these bodies, character for character.
    expect(stableJson({ z: [1, 'two', null, true, { y: undefined, x: [] }], a: {}, m: -1.5e-7 })).toBe('{"a":{},"m":-1.5e-7,"z":[1,"two",null,true,{"x":[]}]}')
    expect(stableJson([undefined])).toBe('[null]')
    expect(stableJson('\u0000\ud800')).toBe('"\\u0000\\ud800"')
    expect(requestFingerprint('POST', '/api/vue/user/signIn', {})).toBe('70c7e76f6169cf656d628025609b60ba49adc0db14d84085d3d87b7e6c529e82')
    expect(requestFingerprint('POST', '/p', { password: 'x', nested: [{ fundPassword: 'b', k: 1 }] })).toBe(
      sha256Hex('POST /p\n{"nested":[{"fundPassword":"<secret>","k":1}],"password":"<secret>"}'),
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
