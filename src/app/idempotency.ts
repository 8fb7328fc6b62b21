import { useRef } from 'react'
import { randomUuid } from '../lib/uuid'

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
      if (attempt.current?.body !== fingerprint) attempt.current = { key: randomUuid(), body: fingerprint }
      return attempt.current.key
    },
    done() {
      attempt.current = null
    },
  }
}
