/**
 * Two-step sign-in (issue 13): set up a secret (proved by the login password), turn it on with a
 * first code (then 10 recovery codes, shown once, stored hashed), turn it off (password and a
 * code), and the check that sign-in and withdrawals make. A code works once: its step is taken
 * (totp.last_used_step), a recovery code is marked used.
 *
 * Guessing: at sign-in a wrong code keeps the sign-in attempt as a failure, so the sign-in
 * limiter counts it (server/accounts/service.ts). Inside a session (withdrawal, enable, disable)
 * wrong codes count under the key 'totp:<user id>' like the fund password (passwordCheckLimit in
 * the login window), verified first so right requests in a burst are never taken for guessing.
 */
import { passwordCheckRule, type ServerConfig } from '../config'
import { type Executor, type Tx } from '../db/executor'
import { type RouteDeps } from '../http/deps'
import { unauthorized } from '../plugins/envelope'
import { findUserById } from '../accounts/repository'
import { verifyPassword } from '../accounts/password-hash'
import { passwordWrong } from '../accounts/rules'
import { revokeSession } from '../accounts/session-repository'
import { beginGuess, checkSessionPassword, tooManyAttemptsFor } from '../accounts/guess-guard'
import { decideNamed } from '../accounts/guess-limit-rules'
import { clearAccountFailures, forgetAttempt, recentFailures } from '../accounts/guess-limit-repository'
import { type SessionRef } from '../accounts/service'
import { matchTotp, newRecoveryCodes, newTotpSecret, otpauthUrl, parseTypedCode, recoveryCodeHash } from './totp'
import { disableTotp, enableTotp, putPendingSecret, takeRecoveryCode, takeStep, totpOf, type TotpRow } from './repository'
import { totpAlreadyEnabled, totpInvalid, totpNotEnabled, totpNotSetUp, totpRequired } from './rules'

type TotpDeps = Pick<RouteDeps, 'db' | 'config' | 'sleep'>

/** A right code, not yet used up: `consume` takes it (in the caller's transaction), false if a racing request took it first. */
export type VerifiedCode = { consume: (db: Executor | Tx) => Promise<boolean> }

/**
 * Whether `typed` is a right, unused code of this user now: 6 digits from the authenticator
 * (a step after the last one used), or an unused recovery code. Nothing is used up yet.
 */
export async function verifyTypedCode(db: Executor, userId: number, totp: TotpRow, typed: string, now: number): Promise<VerifiedCode | null> {
  const parsed = parseTypedCode(typed)
  if (parsed.kind === 'totp') {
    const step = matchTotp(totp.secret, parsed.code, now)
    if (step === null || (totp.lastUsedStep !== null && step <= totp.lastUsedStep)) return null
    return { consume: (exec) => takeStep(exec, userId, step) }
  }
  if (parsed.normalised.length === 0) return null
  const hash = recoveryCodeHash(parsed.normalised)
  const row = await db.selectFrom('totp_recovery_codes').select('id').where('user_id', '=', userId).where('code_hash', '=', hash).where('used_at', 'is', null).executeTakeFirst()
  if (!row) return null
  return { consume: (exec) => takeRecoveryCode(exec, userId, hash, now) }
}

/**
 * A code checked inside a session, guarded under 'totp:<user id>': a right one is refused too
 * while the limit is reached (429); a wrong one is counted.
 */
export async function checkSessionCode(
  db: Executor,
  config: ServerConfig,
  c: { userId: number; totp: TotpRow; typed: string; clientIp: string; now: number },
): Promise<VerifiedCode | null> {
  const key = `totp:${c.userId}`
  const rule = passwordCheckRule(config)
  const verified = await verifyTypedCode(db, c.userId, c.totp, c.typed, c.now)
  if (verified) {
    const failures = await recentFailures(db, { account: key }, c.now - rule.windowMs, rule.limit, Number.MAX_SAFE_INTEGER)
    const decision = decideNamed(failures, rule, c.now)
    if (!decision.allowed) throw tooManyAttemptsFor(decision)
    if (failures.length > 0) await clearAccountFailures(db, key)
    return verified
  }
  const { attemptId, decision } = await beginGuess(db, { key, clientIp: `totp:${c.clientIp}`, now: c.now, rule })
  if (!decision.allowed) {
    await forgetAttempt(db, attemptId)
    throw tooManyAttemptsFor(decision)
  }
  return null
}

/**
 * The withdrawal's second factor: null when two-step sign-in is off; otherwise the right code's
 * consume, to run in the withdrawal's own transaction (a refused withdrawal does not use the code up).
 */
export async function withdrawalCode(
  db: Executor,
  config: ServerConfig,
  w: { userId: number; totpCode: string | undefined; clientIp: string; now: number },
): Promise<VerifiedCode | null> {
  const totp = await totpOf(db, w.userId)
  if (totp?.enabledAt == null) return null
  if (w.totpCode === undefined || w.totpCode.trim() === '') throw totpRequired()
  const verified = await checkSessionCode(db, config, { userId: w.userId, totp, typed: w.totpCode, clientIp: w.clientIp, now: w.now })
  if (!verified) throw totpInvalid()
  return verified
}

async function checkPassword(deps: TotpDeps, session: SessionRef, hash: string, c: { password: string; clientIp: string; now: number }): Promise<void> {
  const right = await checkSessionPassword(deps, {
    key: `password:${session.userId}`,
    clientIp: c.clientIp,
    now: c.now,
    verify: () => verifyPassword(hash, c.password),
    endSession: () => revokeSession(deps.db, session.sessionId, c.now),
  })
  if (!right) throw passwordWrong()
}

/** A new secret for the authenticator app, proved by the login password; not on until a code confirms it. */
export async function setUpTotp(deps: TotpDeps, session: SessionRef, s: { password: string; clientIp: string; now: number }) {
  const user = await findUserById(deps.db, session.userId)
  if (!user) throw unauthorized()
  await checkPassword(deps, session, user.password_hash, s)
  const secret = newTotpSecret()
  const stored = await deps.db.transaction().execute((trx) => putPendingSecret(trx, user.id, secret, s.now))
  if (!stored) throw totpAlreadyEnabled()
  return { secret, otpauthUrl: otpauthUrl(user.account, secret) }
}

/** Turns the set-up secret on with a code from it; the recovery codes are in this reply only. */
export async function turnOnTotp(deps: TotpDeps, session: SessionRef, e: { code: string; clientIp: string; now: number }) {
  const totp = await totpOf(deps.db, session.userId)
  if (!totp) throw totpNotSetUp()
  if (totp.enabledAt !== null) throw totpAlreadyEnabled()
  // Only an authenticator code proves the app has the secret (there are no recovery codes yet).
  const parsed = parseTypedCode(e.code)
  if (parsed.kind !== 'totp') throw totpInvalid()
  const verified = await checkSessionCode(deps.db, deps.config, { userId: session.userId, totp, typed: parsed.code, clientIp: e.clientIp, now: e.now })
  if (!verified) throw totpInvalid()
  const step = matchTotp(totp.secret, parsed.code, e.now)!
  const recoveryCodes = newRecoveryCodes()
  const on = await deps.db.transaction().execute((trx) => enableTotp(trx, session.userId, step, recoveryCodes.map(recoveryCodeHash), e.now))
  if (!on) throw totpAlreadyEnabled()
  return { recoveryCodes }
}

/** Turns two-step sign-in off: the login password and a code (or a recovery code). */
export async function turnOffTotp(deps: TotpDeps, session: SessionRef, d: { password: string; code: string; clientIp: string; now: number }) {
  const user = await findUserById(deps.db, session.userId)
  if (!user) throw unauthorized()
  const totp = await totpOf(deps.db, user.id)
  if (totp?.enabledAt == null) throw totpNotEnabled()
  await checkPassword(deps, session, user.password_hash, d)
  const verified = await checkSessionCode(deps.db, deps.config, { userId: user.id, totp, typed: d.code, clientIp: d.clientIp, now: d.now })
  if (!verified) throw totpInvalid()
  await deps.db.transaction().execute(async (trx) => {
    if (!(await verified.consume(trx))) throw totpInvalid()
    await disableTotp(trx, user.id)
  })
  return {}
}

/**
 * Sign-in's second factor, after the right password: nothing when two-step sign-in is off;
 * totp_required without a code; totp_invalid for a wrong or used one (the caller keeps the
 * sign-in attempt as a failure then, so the sign-in limiter counts it). A right code is used up.
 */
export async function signInCode(db: Executor, s: { userId: number; totpCode: string | undefined; now: number }): Promise<'off' | 'ok' | 'required' | 'invalid'> {
  const totp = await totpOf(db, s.userId)
  if (totp?.enabledAt == null) return 'off'
  if (s.totpCode === undefined || s.totpCode.trim() === '') return 'required'
  const verified = await verifyTypedCode(db, s.userId, totp, s.totpCode, s.now)
  if (!verified || !(await verified.consume(db))) return 'invalid'
  return 'ok'
}
