/**
 * Idempotency rules: a mutation's key is claimed by its first request; what a later request with
 * the same key gets depends on the stored claim (RFC draft "The Idempotency-Key HTTP Header").
 */
import { sha256Hex } from './tokens'

/** Same JSON whatever the key order, so a re-sent body hashes the same. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** Any field named like a password (password, confirmPassword, oldPassword, fundPassword...). */
const SECRET_FIELD = /password/i

/**
 * The body with every secret field's value left out. The fingerprint is a fast unsalted hash
 * kept for days; with a password in it, whoever reads the table could guess the password
 * quickly and undo the slow password hash. So two requests that differ only in a password count
 * as the same request: the client makes one key per form submission, so that never happens.
 */
function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets)
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SECRET_FIELD.test(k) ? '<secret>' : withoutSecrets(v)]),
    )
  }
  return value
}

export function requestFingerprint(method: string, path: string, body: unknown): string {
  return sha256Hex(`${method.toUpperCase()} ${path}\n${stableJson(withoutSecrets(body))}`)
}

export type StoredClaim = {
  requestHash: string
  state: 'in_flight' | 'done'
  leaseUntil: number | null
  expiresAt: number
}

export type ClaimDecision =
  | 'claim' // nobody holds the key (or it expired): this request does the work
  | 'take_over' // the holder's lease ran out (it crashed): this request does the work
  | 'replay' // done before: send the stored reply
  | 'in_flight' // another request with this key is still working: 409
  | 'reused' // the key was used for another request: 422

export function decideClaim(existing: StoredClaim | null, requestHash: string, now: number): ClaimDecision {
  if (existing === null || existing.expiresAt <= now) return 'claim'
  if (existing.requestHash !== requestHash) return 'reused'
  if (existing.state === 'done') return 'replay'
  if (existing.leaseUntil !== null && existing.leaseUntil > now) return 'in_flight'
  return 'take_over'
}

/** Keys are client UUIDs; anything printable up to 128 characters is accepted. */
export function isValidIdempotencyKey(key: string): boolean {
  return /^[\x21-\x7e]{1,128}$/.test(key)
}
