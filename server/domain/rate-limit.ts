/**
 * Login throttling: too many failed attempts for one account or from one address within a
 * window blocks further tries until the oldest counted failure leaves the window.
 */
export type AttemptRule = { limit: number; windowMs: number }

/** The published limits of a sign-in: failures per account and per address within one window. */
export type AttemptLimits = { account: number; clientIp: number; windowMs: number }

export type AttemptDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number }

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

/** Both the account rule and the address rule must allow; the longer wait wins. */
export function decideLogin(
  checks: readonly { failures: readonly number[]; rule: AttemptRule }[],
  now: number,
): AttemptDecision {
  let wait = 0
  for (const { failures, rule } of checks) {
    const decision = decideAttempt(failures, rule, now)
    if (!decision.allowed) wait = Math.max(wait, decision.retryAfterSeconds)
  }
  return wait === 0 ? { allowed: true } : { allowed: false, retryAfterSeconds: wait }
}
