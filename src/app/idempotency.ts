import { useRef } from 'react'

/**
 * One Idempotency-Key per form attempt, kept until success: resending the same input (after a
 * network error, a double tap) reuses the key so the server applies it once; changed input is a
 * new attempt with a new key (the server refuses a key reused with another body).
 */
export function useAttemptKey(): { keyFor: (body: unknown) => string; done: () => void } {
  const attempt = useRef<{ key: string; body: string } | null>(null)
  return {
    keyFor(body) {
      const fingerprint = JSON.stringify(body)
      if (attempt.current?.body !== fingerprint) attempt.current = { key: newKey(), body: fingerprint }
      return attempt.current.key
    },
    done() {
      attempt.current = null
    },
  }
}

/** A v4 UUID; crypto.randomUUID exists only on secure origins (not on a LAN address over http). */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
