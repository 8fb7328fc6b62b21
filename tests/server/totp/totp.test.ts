/**
 * The pure TOTP code (server/totp/totp.ts) against RFC 6238 Appendix B's test vectors (8 digits,
 * the RFC's ASCII seeds for SHA1, SHA256 and SHA512), RFC 4226 Appendix D's HOTP values, base32
 * round trips, the one-step window and recovery-code handling.
 */
import { describe, expect, it } from 'vitest'
import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  parseTypedCode,
  recoveryCodeHash,
  stepAt,
  totpAt,
  type TotpAlgorithm,
} from '../../../server/totp/totp'

const seeds: Record<TotpAlgorithm, Uint8Array> = {
  sha1: Buffer.from('12345678901234567890', 'ascii'),
  sha256: Buffer.from('12345678901234567890123456789012', 'ascii'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234', 'ascii'),
}

// RFC 6238 Appendix B: time (seconds), mode, TOTP.
const vectors: [number, TotpAlgorithm, string][] = [
  [59, 'sha1', '94287082'],
  [59, 'sha256', '46119246'],
  [59, 'sha512', '90693936'],
  [1111111109, 'sha1', '07081804'],
  [1111111109, 'sha256', '68084774'],
  [1111111109, 'sha512', '25091201'],
  [1111111111, 'sha1', '14050471'],
  [1111111111, 'sha256', '67062674'],
  [1111111111, 'sha512', '99943326'],
  [1234567890, 'sha1', '89005924'],
  [1234567890, 'sha256', '91819424'],
  [1234567890, 'sha512', '93441116'],
  [2000000000, 'sha1', '69279037'],
  [2000000000, 'sha256', '90698825'],
  [2000000000, 'sha512', '38618901'],
  [20000000000, 'sha1', '65353130'],
  [20000000000, 'sha256', '77737706'],
  [20000000000, 'sha512', '47863826'],
]

describe('RFC 6238 Appendix B', () => {
  it.each(vectors)('at %i s with %s the code is %s', (seconds, algorithm, code) => {
    expect(totpAt(seeds[algorithm], seconds * 1000, { digits: 8, algorithm })).toBe(code)
  })

  it('matches the SHA1 vectors through the base32 secret the server stores', () => {
    const secret = base32Encode(seeds.sha1)
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ')
    for (const [seconds, algorithm, code] of vectors.filter((v) => v[1] === 'sha1')) {
      expect(matchTotp(secret, code, seconds * 1000, { digits: 8, algorithm })).toBe(stepAt(seconds * 1000))
    }
  })
})

describe('RFC 4226 Appendix D (HOTP)', () => {
  const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489']
  it.each(expected.map((code, counter) => [counter, code] as const))('counter %i gives %s', (counter, code) => {
    expect(hotp(seeds.sha1, counter)).toBe(code)
  })
})

describe('base32', () => {
  it('round-trips any bytes and reads lower case, spaces and padding', () => {
    for (let n = 0; n < 25; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + n) & 255)
      expect(base32Decode(base32Encode(bytes))).toEqual(bytes)
    }
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI')
    expect(Buffer.from(base32Decode('mzxw 6ytb oi======')).toString()).toBe('foobar')
    expect(() => base32Decode('ABC1')).toThrow()
  })

  it('a new secret is 20 bytes, 32 characters', () => {
    const secret = newTotpSecret()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(base32Decode(secret)).toHaveLength(20)
    expect(newTotpSecret()).not.toBe(secret)
  })
})

describe('matching a typed code', () => {
  const secret = base32Encode(seeds.sha1)
  const now = 1_700_000_000_000
  const code = (ms: number) => totpAt(base32Decode(secret), ms)

  it('accepts the step before, now and after, and no further', () => {
    const step = stepAt(now)
    expect(matchTotp(secret, code(now), now)).toBe(step)
    expect(matchTotp(secret, code(now - 30_000), now)).toBe(step - 1)
    expect(matchTotp(secret, code(now + 30_000), now)).toBe(step + 1)
    expect(matchTotp(secret, code(now - 60_000), now)).toBeNull()
    expect(matchTotp(secret, code(now + 60_000), now)).toBeNull()
  })

  it('refuses anything but six digits', () => {
    expect(matchTotp(secret, '', now)).toBeNull()
    expect(matchTotp(secret, `${code(now)}0`, now)).toBeNull()
    expect(matchTotp(secret, 'abcdef', now)).toBeNull()
  })

  it('tells an authenticator code from a recovery code', () => {
    expect(parseTypedCode(' 123 456 ')).toEqual({ kind: 'totp', code: '123456' })
    expect(parseTypedCode('ABCDE-FGHIJ')).toEqual({ kind: 'recovery', normalised: 'abcdefghij' })
  })

  it('the key URI names the issuer, the account and the parameters', () => {
    const url = new URL(otpauthUrl('9000000001', secret))
    expect(url.protocol).toBe('otpauth:')
    expect(url.host).toBe('totp')
    expect(decodeURIComponent(url.pathname)).toBe('/Tijori:9000000001')
    expect(Object.fromEntries(url.searchParams)).toEqual({ secret, issuer: 'Tijori', algorithm: 'SHA1', digits: '6', period: '30' })
  })
})

describe('recovery codes', () => {
  it('ten distinct codes xxxxx-xxxxx, hashed the same however they are typed', () => {
    const codes = newRecoveryCodes()
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const c of codes) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/)
    const first = codes[0]!
    expect(recoveryCodeHash(first.toUpperCase().replace('-', ' '))).toBe(recoveryCodeHash(first))
    expect(recoveryCodeHash(first)).toMatch(/^[0-9a-f]{64}$/)
  })
})
