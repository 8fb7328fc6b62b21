/**
 * What an operator does to the operator accounts, each write with its audit row in one
 * transaction: sign in and out, give another person an account, change their own password. The
 * password checks go through the same guess limits as users' (accounts/guess-guard.ts), under
 * key spaces of their own.
 */
import { burnPasswordCheck, hashPassword, verifyPassword } from '../accounts/password-hash'
import { checkSessionPassword, signInSucceeded, startSignIn } from '../accounts/guess-guard'
import { newSessionToken } from '../accounts/tokens'
import { type RouteDeps } from '../http/deps'
import { DomainRefusal } from '../http/refusal'
import { audit } from './audit-repository'
import { changeOperatorPassword, findOperator, insertOperator, insertOperatorSession, revokeOperatorSession, type OperatorSession } from './operator-repository'
import { isValidOperatorName, operatorPasswordRefusal } from './operator-rules'
import { OPERATOR_SESSION_MS } from './operator-session'

type OperatorDeps = Pick<RouteDeps, 'db' | 'config' | 'sleep'>

/** A new operator session for the right name and password; refuses login_failed (or 429 past the limits). */
export async function signInOperator(
  deps: OperatorDeps,
  s: { username: string; password: string; clientIp: string; now: number },
): Promise<{ token: string; username: string; expiresAt: number; mustChangePassword: boolean }> {
  const { db } = deps
  // Operators share the sign-in limits and the failure table, under their own key space.
  const key = `operator:${s.username}`
  await startSignIn(deps, { key, clientIp: s.clientIp, now: s.now })
  const operator = await findOperator(db, s.username)
  const passwordOk = operator ? await verifyPassword(operator.passwordHash, s.password) : (await burnPasswordCheck(s.password), false)
  if (!operator || !passwordOk) throw new DomainRefusal('login_failed', {}, 'The username or password is wrong.')
  await signInSucceeded(deps, { key, clientIp: s.clientIp })
  const { token, tokenHash } = newSessionToken()
  const expiresAt = s.now + OPERATOR_SESSION_MS
  await db.transaction().execute(async (trx) => {
    await insertOperatorSession(trx, { operatorId: operator.id, tokenHash, now: s.now, expiresAt })
    await audit(trx, { operator: operator.username, action: 'signed_in', detail: { ip: s.clientIp }, now: s.now })
  })
  return { token, username: operator.username, expiresAt, mustChangePassword: operator.mustChangePassword }
}

/** Ends the operator's session; `reason` is recorded when it was not their own choice. */
export async function signOutOperator(deps: Pick<RouteDeps, 'db'>, operator: OperatorSession, now: number, reason?: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await revokeOperatorSession(trx, operator.sessionId, now)
    await audit(trx, { operator: operator.username, action: 'signed_out', ...(reason === undefined ? {} : { detail: { reason } }), now })
  })
}

/** Another person's own operator account; refuses operator_name_invalid, password_length, operator_exists. */
export async function createOperator(deps: Pick<RouteDeps, 'db'>, c: { creator: string; username: string; password: string; now: number }): Promise<{ username: string }> {
  if (!isValidOperatorName(c.username)) throw new DomainRefusal('operator_name_invalid', {}, 'Use 3 to 32 lower-case letters, digits, dot, dash or underscore.')
  const weak = operatorPasswordRefusal(c.password)
  if (weak) throw weak
  const passwordHash = await hashPassword(c.password)
  const made = await deps.db.transaction().execute(async (trx) => {
    const operator = await insertOperator(trx, { username: c.username, passwordHash, createdBy: c.creator, now: c.now })
    if (operator) await audit(trx, { operator: c.creator, action: 'operator_created', subject: `operator:${c.username}`, now: c.now })
    return operator
  })
  if (!made) throw new DomainRefusal('operator_exists', {}, 'That username is taken.')
  return { username: made.username }
}

/**
 * The signed-in operator's new password; their other sessions end, and a first operator's
 * must-change flag is lifted. Refuses password_wrong, password_length, password_same (or 429 past
 * the limit, and the session whose wrong guess reaches it is ended).
 */
export async function changeOwnPassword(
  deps: OperatorDeps,
  operator: OperatorSession,
  c: { oldPassword: string; password: string; clientIp: string; now: () => number },
): Promise<void> {
  const { db } = deps
  const { now } = c
  const record = await findOperator(db, operator.username)
  // Guarded like a user's password change (server/accounts/guess-guard.ts), under a key of its own.
  const right =
    record !== undefined &&
    (await checkSessionPassword(deps, {
      key: `operator-password:${operator.id}`,
      clientIp: c.clientIp,
      now: now(),
      verify: () => verifyPassword(record.passwordHash, c.oldPassword),
      endSession: () => signOutOperator(deps, operator, now(), 'password_guesses'),
    }))
  if (!right) throw new DomainRefusal('password_wrong', {}, 'The current password is wrong.')
  const weak = operatorPasswordRefusal(c.password)
  if (weak) throw weak
  // The old one was just verified, so an equal new one is the default kept under another name.
  if (c.password === c.oldPassword) throw new DomainRefusal('password_same', {}, 'The new password must differ from the current one.')
  const passwordHash = await hashPassword(c.password)
  await db.transaction().execute(async (trx) => {
    await changeOperatorPassword(trx, { operatorId: operator.id, passwordHash, keepSessionId: operator.sessionId, now: now() })
    await audit(trx, { operator: operator.username, action: 'password_changed', ...(record.mustChangePassword ? { detail: { required: true } } : {}), now: now() })
  })
}
