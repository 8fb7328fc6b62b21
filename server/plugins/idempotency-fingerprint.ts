/**
 * Idempotency rules: a mutation's key is claimed by its first request; what a later request with
 * the same key gets depends on the stored claim (RFC draft "The Idempotency-Key HTTP Header").
 */
import { sha256Hex } from '../accounts/tokens'

/** Any field named like a password (password, confirmPassword, oldPassword, fundPassword...). */
const SECRET_FIELD = /password/i
const SECRET = JSON.stringify('<secret>')

/**
 * The canonical text of a JSON value: keys sorted, undefined members left out. Written with an
 * explicit stack instead of recursion, so no body the JSON parser accepts (10,000 brackets deep
 * fit in a kilobyte) can reach the call-stack limit: the cost is linear in the body's size,
 * which the body limit bounds. With `hideSecrets`, see requestFingerprint.
 */
function canonicalJson(root: unknown, hideSecrets: boolean): string {
  const out: string[] = []
  // Work in last-in-first-out order: a string is written as is, a box is a value still to write.
  const todo: (string | { value: unknown })[] = [{ value: root }]
  while (todo.length > 0) {
    const item = todo.pop()!
    if (typeof item === 'string') {
      out.push(item)
      continue
    }
    const { value } = item
    if (Array.isArray(value)) {
      const parts: (string | { value: unknown })[] = ['[']
      value.forEach((element: unknown, i) => {
        if (i > 0) parts.push(',')
        parts.push({ value: element })
      })
      parts.push(']')
      for (let i = parts.length - 1; i >= 0; i--) todo.push(parts[i]!)
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([k, v]) => v !== undefined || (hideSecrets && SECRET_FIELD.test(k)))
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      const parts: (string | { value: unknown })[] = ['{']
      entries.forEach(([k, v], i) => {
        parts.push(`${i > 0 ? ',' : ''}${JSON.stringify(k)}:`)
        parts.push(hideSecrets && SECRET_FIELD.test(k) ? SECRET : { value: v })
      })
      parts.push('}')
      for (let i = parts.length - 1; i >= 0; i--) todo.push(parts[i]!)
    } else {
      out.push(JSON.stringify(value) ?? 'null')
    }
  }
  return out.join('')
}

/** Same JSON whatever the key order, so a re-sent body hashes the same. */
export function stableJson(value: unknown): string {
  return canonicalJson(value, false)
}

/**
 * The fingerprint of a request: its method, path and canonical body with every secret field's
 * value left out. The fingerprint is a fast unsalted hash kept for days; with a password in it,
 * whoever reads the table could guess the password quickly and undo the slow password hash. So
 * two requests that differ only in a password count as the same request: the client makes one
 * key per form submission, so that never happens.
 */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return sha256Hex(`${method.toUpperCase()} ${path}\n${canonicalJson(body, true)}`)
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
