/** The daily sign-in: an outbox mutation, so a tap made offline counts once it can be sent. */
import { type OutboxItem } from './db'
import { enqueue } from './outbox'
import { refreshUserInfo } from './sync'

/**
 * The effect of outbox kind 'signIn' (outboxKinds.ts). The reply's count and reward are shown
 * from the row; the balance and sign-in flags come from /user/info, the one source of truth for them.
 */
export async function afterSignIn(): Promise<void> {
  await refreshUserInfo({ fresh: true })
}

/** Queues today's sign-in. A second one the same India day fails with already_signed_in {day}. */
export function signInToday(): Promise<OutboxItem> {
  return enqueue('signIn', {})
}
