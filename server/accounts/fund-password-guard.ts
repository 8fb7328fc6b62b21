/**
 * The fund password is six digits, so a stolen session could otherwise try all of them: wrong
 * guesses count per user like the other passwords checked in a session (the same table, the
 * passwordCheckLimit in the login window), under keys of their own so they never block a sign-in. Unlike sign-in, the hash is checked first and only
 * wrong guesses are counted, so many right requests at once (a double tap, a retry) are never
 * taken for guessing; a right guess is still refused while 5 wrong ones are counted, and the
 * hashing pool's few threads keep a burst of guesses from outrunning the count by more than a few.
 */
import { passwordCheckRule, type ServerConfig } from '../config'
import { verifyPassword } from './password-hash'
import { decideNamed } from './guess-limit-rules'
import { type Executor } from '../db/executor'
import { clearAccountFailures, forgetAttempt, recentFailures } from './guess-limit-repository'
import { beginGuess, tooManyAttemptsFor } from './guess-guard'

/** True when `password` opens `hash`; throws too_many_attempts while too many wrong ones count. */
export async function checkFundPassword(
  db: Executor,
  config: ServerConfig,
  g: { userId: number; clientIp: string; hash: string; password: string; now: number },
): Promise<boolean> {
  const key = `fund:${g.userId}`
  const rule = passwordCheckRule(config)
  if (await verifyPassword(g.hash, g.password)) {
    const failures = await recentFailures(db, { account: key }, g.now - rule.windowMs, rule.limit, Number.MAX_SAFE_INTEGER)
    const decision = decideNamed(failures, rule, g.now)
    if (!decision.allowed) throw tooManyAttemptsFor(decision)
    // A right guess starts the count again.
    if (failures.length > 0) await clearAccountFailures(db, key)
    return true
  }
  const { attemptId, decision } = await beginGuess(db, { key, clientIp: `fund:${g.clientIp}`, now: g.now, rule })
  if (!decision.allowed) {
    // Blocked: the answer is not given, and this guess does not lengthen the block.
    await forgetAttempt(db, attemptId)
    throw tooManyAttemptsFor(decision)
  }
  return false
}
