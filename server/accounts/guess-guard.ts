/**
 * The guess limits as the routes apply them (rules: server/accounts/guess-limit-rules.ts; counts:
 * server/accounts/guess-limit-repository.ts). Every kind of guess has a key space of its own in
 * login_failures, so no guess anywhere counts against a sign-in:
 *   'user:<account>' and 'operator:<name>'   sign-in, per account and address, slowed per account;
 *   'password:<user id>'                      the login password checked in a session (loginPass, first fundPass);
 *   'operator-password:<operator id>'         an operator's password checked in a session;
 *   'fund:<user id>'                          the fund password (fund-password-guard.ts).
 * The user's key is prefixed too, so an account typed as 'password:7' cannot spend user 7's budget.
 * Guesses made in a session are recorded under the address 'guess:<ip>', so they never count
 * towards the address's sign-in limit.
 */
import { passwordCheckRule, signInLimits } from '../config'
import { type AttemptRuleName, type Refused } from './guess-limit-rules'
import { HttpError } from '../plugins/envelope'
import { beginGuess, beginSignIn, clearAccountAddressFailures, clearAccountFailures, forgetAttempt } from './guess-limit-repository'
import { type RouteDeps } from '../http/deps'

const RULE_TEXT: Record<AttemptRuleName, string> = {
  account_address: 'wrong passwords for this account from this address',
  address: 'wrong passwords from this address',
  password: 'wrong passwords for this account',
  registration: 'new accounts from this address',
}

/** HTTP 429 that names the rule: `{retryAfter, rule, limit, windowSeconds}` and Retry-After. */
export function tooManyAttemptsFor(refused: Refused): HttpError {
  const windowSeconds = Math.round(refused.windowMs / 1000)
  const { retryAfterSeconds: retryAfter, rule, limit } = refused
  return new HttpError(
    429,
    'too_many_attempts',
    { retryAfter, rule, limit, windowSeconds },
    `Too many attempts: at most ${limit} ${RULE_TEXT[rule]} in ${windowSeconds} seconds. Try again in ${retryAfter} seconds.`,
    { 'retry-after': String(retryAfter) },
  )
}

type GuardDeps = Pick<RouteDeps, 'db' | 'config' | 'sleep'>

/**
 * Starts a sign-in attempt under `key` from `clientIp`: refuses with 429 past a hard limit (the
 * attempt is then forgotten, so asking does not lengthen the wait), otherwise waits the account's
 * slow-down before the caller checks the password. Returns the attempt, which counts as a failure
 * unless signInSucceeded clears it.
 */
export async function startSignIn(deps: GuardDeps, a: { key: string; clientIp: string; now: number }): Promise<number> {
  const { attemptId, decision } = await beginSignIn(deps.db, { account: a.key, clientIp: a.clientIp, now: a.now, limits: signInLimits(deps.config) })
  if (!decision.allowed) {
    await forgetAttempt(deps.db, attemptId)
    throw tooManyAttemptsFor(decision)
  }
  // Before the password check, and for the right password too: a guesser cannot tell them apart.
  if (decision.delayMs > 0) await deps.sleep(decision.delayMs)
  return attemptId
}

/** The right password: this attempt and the owner's own earlier typos from this address are cleared. */
export async function signInSucceeded(deps: GuardDeps, a: { key: string; clientIp: string }): Promise<void> {
  await clearAccountAddressFailures(deps.db, a.key, a.clientIp)
}

/**
 * A password checked inside a session, under `key`: at most passwordCheckLimit wrong ones in the
 * login window, then 429 for everyone asking under that key, right password or not, until the
 * oldest counted one leaves the window. The attempt is counted before `verify` runs, so a burst
 * cannot outrun the count; a right password clears the key's count.
 *
 * The session whose wrong guess reaches the limit is ended (`endSession`), not its siblings: the
 * guesser is whoever holds this session (perhaps a stolen token), and ending it caps a stolen
 * token at `limit` guesses in all instead of `limit` every window; ending the siblings instead
 * would sign the owner out everywhere and leave the guesser in. An owner who only mistyped signs
 * in again, which these guesses cannot block. Only a checked wrong guess ends it: a refused
 * attempt ends nothing, so whether the session survives never tells a right guess from a wrong one.
 */
export async function checkSessionPassword(
  deps: GuardDeps,
  g: { key: string; clientIp: string; now: number; verify: () => Promise<boolean>; endSession: () => Promise<void> },
): Promise<boolean> {
  const rule = passwordCheckRule(deps.config)
  const { attemptId, failuresBefore, decision } = await beginGuess(deps.db, { key: g.key, clientIp: `guess:${g.clientIp}`, now: g.now, rule })
  if (!decision.allowed) {
    await forgetAttempt(deps.db, attemptId)
    throw tooManyAttemptsFor(decision)
  }
  if (await g.verify()) {
    await clearAccountFailures(deps.db, g.key)
    return true
  }
  // The attempt's row stays as a failure.
  if (failuresBefore + 1 >= rule.limit) await g.endSession()
  return false
}
