/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP), pure: no database, no clock of
 * its own. Authenticator apps use HMAC-SHA1, a 30-second step and 6 digits; a code is accepted
 * one step either side of now (clocks drift), and the step it matched is returned so the caller
 * can refuse it a second time. Secrets are 20 random bytes, written in base32 (RFC 4648) without
 * padding, as otpauth:// URLs carry them. Recovery codes are 10 lower-case base32 characters
 * ("xxxxx-xxxxx"), stored only as sha256 of the normalised text.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

export type TotpAlgorithm = 'sha1' | 'sha256' | 'sha512'
export type TotpOptions = { stepSeconds?: number; digits?: number; algorithm?: TotpAlgorithm }

export const TOTP_STEP_SECONDS = 30
export const TOTP_DIGITS = 6
/** Steps either side of now a code may come from. */
export const TOTP_WINDOW = 1
export const RECOVERY_CODE_COUNT = 10
export const TOTP_ISSUER = 'Tijori'

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

export function base32Encode(bytes: Uint8Array): string {
  let out = ''
  let bits = 0
  let value = 0
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
    value &= (1 << bits) - 1
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31]
  return out
}

/** Decodes base32 (either case, spaces and padding ignored); throws on any other character. */
export function base32Decode(text: string): Uint8Array {
  const clean = text.toUpperCase().replace(/[\s=]/g, '')
  const out: number[] = []
  let bits = 0
  let value = 0
  for (const ch of clean) {
    const index = BASE32.indexOf(ch)
    if (index < 0) throw new Error(`not base32: "${ch}"`)
    value = (value << 5) | index
    bits += 5
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255)
      bits -= 8
    }
    value &= (1 << bits) - 1
  }
  return Uint8Array.from(out)
}

/** RFC 4226 HOTP: the code of one counter value, zero-padded to `digits`. */
export function hotp(secret: Uint8Array, counter: number, digits = TOTP_DIGITS, algorithm: TotpAlgorithm = 'sha1'): string {
  const message = Buffer.alloc(8)
  message.writeBigUInt64BE(BigInt(counter))
  const mac = createHmac(algorithm, secret).update(message).digest()
  const offset = mac[mac.length - 1]! & 0x0f
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!
  return String(binary % 10 ** digits).padStart(digits, '0')
}

/** The step a moment falls in: whole steps since the Unix epoch. */
export function stepAt(nowMs: number, stepSeconds = TOTP_STEP_SECONDS): number {
  return Math.floor(nowMs / 1000 / stepSeconds)
}

/** RFC 6238 TOTP: the code shown at `nowMs`. */
export function totpAt(secret: Uint8Array, nowMs: number, options: TotpOptions = {}): string {
  return hotp(secret, stepAt(nowMs, options.stepSeconds), options.digits ?? TOTP_DIGITS, options.algorithm ?? 'sha1')
}

/**
 * The step `code` belongs to, within TOTP_WINDOW steps of now, or null. Every candidate is
 * compared in constant time, so the answer's timing does not say which step was close.
 */
export function matchTotp(secretBase32: string, code: string, nowMs: number, options: TotpOptions = {}): number | null {
  const digits = options.digits ?? TOTP_DIGITS
  if (!new RegExp(`^[0-9]{${digits}}$`).test(code)) return null
  const secret = base32Decode(secretBase32)
  const now = stepAt(nowMs, options.stepSeconds)
  let found: number | null = null
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    const expected = hotp(secret, step, digits, options.algorithm ?? 'sha1')
    if (timingSafeEqual(Buffer.from(expected), Buffer.from(code)) && found === null) found = step
  }
  return found
}

/** A new secret: 20 random bytes (HMAC-SHA1's key size, RFC 4226 section 4), base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20))
}

/** The URL an authenticator app reads from the QR code (Google Authenticator's key URI format). */
export function otpauthUrl(account: string, secretBase32: string, issuer = TOTP_ISSUER): string {
  const label = encodeURIComponent(`${issuer}:${account}`)
  const query = new URLSearchParams({ secret: secretBase32, issuer, algorithm: 'SHA1', digits: String(TOTP_DIGITS), period: String(TOTP_STEP_SECONDS) })
  return `otpauth://totp/${label}?${query.toString()}`
}

/** What the user typed: 6 digits are an authenticator code, anything else is tried as a recovery code. */
export type TypedCode = { kind: 'totp'; code: string } | { kind: 'recovery'; normalised: string }

export function parseTypedCode(typed: string): TypedCode {
  const compact = typed.replace(/[\s-]/g, '')
  if (/^[0-9]{6}$/.test(compact)) return { kind: 'totp', code: compact }
  return { kind: 'recovery', normalised: compact.toLowerCase() }
}

/** RECOVERY_CODE_COUNT new codes, each 10 lower-case base32 characters (50 bits), shown as xxxxx-xxxxx. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const text = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase()
    return `${text.slice(0, 5)}-${text.slice(5)}`
  })
}

/** How a recovery code is stored: sha256 hex of its normalised text (no dash or spaces, lower case). */
export function recoveryCodeHash(code: string): string {
  const normalised = code.replace(/[\s-]/g, '').toLowerCase()
  return createHash('sha256').update(normalised).digest('hex')
}
