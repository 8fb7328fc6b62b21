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

export function requestFingerprint(method: string, path: string, body: unknown): string {
  return sha256Hex(`${method.toUpperCase()} ${path}\n${stableJson(body)}`)
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
