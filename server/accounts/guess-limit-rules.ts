/**
 * Guess limits, after OWASP's Authentication Cheat Sheet ("Account lockout" and "Protect against
 * automated attacks"): a hard stop must not let anyone who knows a phone number keep its owner
 * out, so sign-in failures are counted three ways within one window:
 * - per account AND address: the hard limit (429), so a guesser stops but the owner elsewhere does not;
 * - per address across accounts: the hard limit for one address spraying many accounts;
 * - per account from any address: never a stop, only a growing, capped delay before the password
 *   is checked, so many addresses together guess slowly while the owner still gets in.
 * Passwords checked inside a session (the old login password, the fund password, an operator's
 * password) and registrations per address have a plain hard limit: there the subject is known.
 */

/** At most `limit` counted events within `windowMs`; the rule is named in the refusal. */
export type AttemptRule = { limit: number; windowMs: number }

/**
 * Which rule refused, sent as the 429's `rule` param so the app can say which limit applies:
 * sign-in per account from one address, sign-in per address, a password checked in a session,
 * new accounts per address, new customer-service guest threads per address.
 */
export const ATTEMPT_RULES = ['account_address', 'address', 'password', 'registration', 'support_guest'] as const
export type AttemptRuleName = (typeof ATTEMPT_RULES)[number]

/** The published sign-in limits (server/config.ts signInLimits). */
export type SignInLimits = {
  /** Failures per account from one address: the hard limit. */
  accountAddress: number
  /** Failures from one address across accounts: the hard limit. */
  address: number
  /** Failures per account from any address after which every attempt on it is delayed. */
  slowAfter: number
  /** The first delay; each further failure doubles it up to delayMaxMs. */
  delayBaseMs: number
  delayMaxMs: number
  windowMs: number
}

export type AttemptDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number }

export type Refused = { allowed: false; retryAfterSeconds: number; rule: AttemptRuleName; limit: number; windowMs: number }

export type SignInDecision = { allowed: true; delayMs: number } | Refused

/**
 * `failures` are the times of recent failures (any order). Blocked when `limit` or more fall in
 * the window; retry once the limit-th newest one has aged out.
 */
export function decideAttempt(failures: readonly number[], rule: AttemptRule, now: number): AttemptDecision {
  const inWindow = failures.filter((at) => at > now - rule.windowMs).sort((a, b) => b - a)
  if (inWindow.length < rule.limit) return { allowed: true }
  const pivot = inWindow[rule.limit - 1] ?? now
  const retryAfterMs = pivot + rule.windowMs - now
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) }
}

/** decideAttempt with the rule's name, for the 429's params. */
export function decideNamed(failures: readonly number[], rule: AttemptRule & { name: AttemptRuleName }, now: number): { allowed: true } | Refused {
  const decision = decideAttempt(failures, rule, now)
  if (decision.allowed) return decision
  return { allowed: false, retryAfterSeconds: decision.retryAfterSeconds, rule: rule.name, limit: rule.limit, windowMs: rule.windowMs }
}

/**
 * The wait before the password of an account with `accountFailures` recent failures (from any
 * address) is checked: none below `slowAfter`, then delayBaseMs doubling per failure, capped.
 */
export function signInDelayMs(accountFailures: number, limits: Pick<SignInLimits, 'slowAfter' | 'delayBaseMs' | 'delayMaxMs'>): number {
  if (accountFailures < limits.slowAfter) return 0
  const doublings = Math.min(accountFailures - limits.slowAfter, 30)
  return Math.min(limits.delayMaxMs, limits.delayBaseMs * 2 ** doublings)
}

/** How many of an account's newest failures signInDelayMs can tell apart: counting more changes nothing. */
export function accountFailuresNeeded(limits: Pick<SignInLimits, 'slowAfter' | 'delayBaseMs' | 'delayMaxMs'>): number {
  let n = limits.slowAfter
  while (signInDelayMs(n, limits) < limits.delayMaxMs && n < limits.slowAfter + 31) n++
  return n + 1
}

/**
 * One sign-in attempt, given the recent failures of its account from this address, of this
 * address on any account, and of the account from anywhere. The hard limits refuse (the longer
 * wait wins); otherwise the account's pressure sets the delay.
 */
export function decideSignIn(
  failures: { accountAddress: readonly number[]; address: readonly number[]; account: readonly number[] },
  limits: SignInLimits,
  now: number,
): SignInDecision {
  const checks = [
    decideNamed(failures.accountAddress, { name: 'account_address', limit: limits.accountAddress, windowMs: limits.windowMs }, now),
    decideNamed(failures.address, { name: 'address', limit: limits.address, windowMs: limits.windowMs }, now),
  ]
  let refused: Refused | null = null
  for (const check of checks) {
    if (!check.allowed && (refused === null || check.retryAfterSeconds > refused.retryAfterSeconds)) refused = check
  }
  if (refused) return refused
  const recent = failures.account.filter((at) => at > now - limits.windowMs).length
  return { allowed: true, delayMs: signInDelayMs(recent, limits) }
}
