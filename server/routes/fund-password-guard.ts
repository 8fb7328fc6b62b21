/**
 * The fund password is six digits, so a stolen session could otherwise try all of them: wrong
 * guesses count per user like sign-in failures (the same table, limits and window), under keys of
 * their own so they never block a sign-in. Unlike sign-in, the hash is checked first and only
 * wrong guesses are counted, so many right requests at once (a double tap, a retry) are never
 * taken for guessing; a right guess is still refused while 5 wrong ones are counted, and the
 * hashing pool's few threads keep a burst of guesses from outrunning the count by more than a few.
 */
import { loginLimits, type ServerConfig } from '../config'
import { verifyPassword } from '../domain/password-hash'
import { decideAttempt } from '../domain/rate-limit'
import { tooManyAttempts } from '../plugins/envelope'
import { type Executor } from '../repositories/executor'
import { beginAttempt, clearAccountFailures, forgetAttempt, recentFailures } from '../repositories/login-failures'

/** True when `password` opens `hash`; throws too_many_attempts while too many wrong ones count. */
export async function checkFundPassword(
  db: Executor,
  config: ServerConfig,
  g: { userId: number; clientIp: string; hash: string; password: string; now: number },
): Promise<boolean> {
  const key = `fund:${g.userId}`
  const limits = loginLimits(config)
  if (await verifyPassword(g.hash, g.password)) {
    const failures = await recentFailures(db, { column: 'account', value: key }, g.now - limits.windowMs, limits.account, Number.MAX_SAFE_INTEGER)
    const decision = decideAttempt(failures, { limit: limits.account, windowMs: limits.windowMs }, g.now)
    if (!decision.allowed) throw tooManyAttempts(decision.retryAfterSeconds)
    // A right guess starts the count again.
    if (failures.length > 0) await clearAccountFailures(db, key)
    return true
  }
  const { attemptId, decision } = await beginAttempt(db, { account: key, clientIp: `fund:${g.clientIp}`, now: g.now, limits })
  if (!decision.allowed) {
    // Blocked: the answer is not given, and this guess does not lengthen the block.
    await forgetAttempt(db, attemptId)
    throw tooManyAttempts(decision.retryAfterSeconds)
  }
  return false
}
