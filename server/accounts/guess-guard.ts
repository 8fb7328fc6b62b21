/**
 * The guess limits as the services apply them (rules: server/accounts/guess-limit-rules.ts; counts:
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
import { passwordCheckRule, registrationRule, signInLimits } from '../config'
import { type AttemptRule, type AttemptRuleName, type Refused, type SignInDecision, type SignInLimits, accountFailuresNeeded, decideNamed, decideSignIn } from './guess-limit-rules'
import { HttpError } from '../plugins/envelope'
import {
  clearAccountAddressFailures,
  clearAccountFailures,
  forgetAttempt,
  type AddressCountTable,
  insertFromAddress,
  lockAddressCount,
  recentFailures,
  recentFromAddress,
  recordAttempt,
} from './guess-limit-repository'
import { type Executor } from '../db/executor'
import { type RouteDeps } from '../http/deps'

const RULE_TEXT: Record<AttemptRuleName, string> = {
  account_address: 'wrong passwords for this account from this address',
  address: 'wrong passwords from this address',
  password: 'wrong passwords for this account',
  registration: 'new accounts from this address',
  support_guest: 'new customer-service threads from this address',
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
 * Starts a sign-in attempt and judges it against the failures before it, in one transaction (see
 * recordAttempt). A refused attempt must then be forgotten; a failed one is kept.
 */
async function beginSignIn(db: Executor, a: { account: string; clientIp: string; now: number; limits: SignInLimits }): Promise<{ attemptId: number; decision: SignInDecision }> {
  const since = a.now - a.limits.windowMs
  return db.transaction().execute(async (trx) => {
    const attemptId = await recordAttempt(trx, a.account, a.clientIp, a.now)
    const [accountAddress, address, account] = await Promise.all([
      recentFailures(trx, { account: a.account, clientIp: a.clientIp }, since, a.limits.accountAddress, attemptId),
      recentFailures(trx, { clientIp: a.clientIp }, since, a.limits.address, attemptId),
      recentFailures(trx, { account: a.account }, since, accountFailuresNeeded(a.limits), attemptId),
    ])
    return { attemptId, decision: decideSignIn({ accountAddress, address, account }, a.limits, a.now) }
  })
}

/**
 * Starts a guess under one key (a password checked in a session) and judges it against the
 * key's failures before it. The address is recorded for the record only.
 */
export async function beginGuess(
  db: Executor,
  a: { key: string; clientIp: string; now: number; rule: AttemptRule & { name: 'password' } },
): Promise<{ attemptId: number; failuresBefore: number; decision: { allowed: true } | Refused }> {
  return db.transaction().execute(async (trx) => {
    const attemptId = await recordAttempt(trx, a.key, a.clientIp, a.now)
    const failures = await recentFailures(trx, { account: a.key }, a.now - a.rule.windowMs, a.rule.limit, attemptId)
    return { attemptId, failuresBefore: failures.length, decision: decideNamed(failures, a.rule, a.now) }
  })
}

/**
 * Counts a request from `clientIp` in `table` against the ones before it within the rule's
 * window, under the address's lock; 429 past the limit. A refused one is not counted, so asking
 * does not lengthen the wait.
 */
export async function countFromAddress(
  db: Executor,
  r: { table: AddressCountTable; rule: AttemptRule & { name: AttemptRuleName }; clientIp: string; now: number },
): Promise<void> {
  const decision = await db.transaction().execute(async (trx) => {
    await lockAddressCount(trx, r.table, r.clientIp)
    const judged = decideNamed(await recentFromAddress(trx, r.table, r.clientIp, r.now - r.rule.windowMs, r.rule.limit), r.rule, r.now)
    if (judged.allowed) await insertFromAddress(trx, r.table, r.clientIp, r.now)
    return judged
  })
  if (!decision.allowed) throw tooManyAttemptsFor(decision)
}

/** A registration from `clientIp`, under the published registration limit per address. */
export async function startRegistration(deps: Pick<GuardDeps, 'db' | 'config'>, r: { clientIp: string; now: number }): Promise<void> {
  await countFromAddress(deps.db, { table: 'registration_attempts', rule: registrationRule(deps.config), ...r })
}

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
