/**
 * What a user does to their own account, each step in the order that keeps guessing costly:
 * register, sign in (a session), read their summary, change the login password, set or change
 * the fund password. Guess limits come first (guess-guard.ts, fund-password-guard.ts), and commit
 * on their own, so a refused guess still counts. A write that the idempotent routes must store
 * with their reply comes back as an effect for the caller's commit() (plugins/idempotency.ts):
 * everything that can refuse, and the slow hashing, runs before that transaction opens.
 * The daily sign-in with its reward is sign-in-service.ts.
 */
import {
  accountExists,
  flagSummary,
  fundPasswordRefusal,
  fundPasswordWrong,
  accountClosed,
  inviteCodeInvalid,
  loginFailed,
  loginFlagRefusal,
  normaliseInviteCode,
  passwordChangeRefusal,
  passwordSameRefusal,
  passwordWrong,
  registrationRefusal,
  restrictionsOf,
  type PasswordChange,
  type Registration,
} from './rules'
import { CURRENCY } from '../ledger/money'
import { burnPasswordCheck, hashPassword, verifyPassword } from './password-hash'
import { signInStatus } from './sign-in-rules'
import { newSessionToken } from './tokens'
import { unauthorized } from '../plugins/envelope'
import { flagsOf } from './flag-repository'
import { balancesOf } from '../ledger/repository'
import { noteFailedSignIn, rollFailedSignIns } from './guess-limit-repository'
import { addInboxMessage } from '../inbox/repository'
import { SIGN_IN_FAILED_LINK } from '../inbox/links'
import { insertSession, revokeOtherSessions, revokeSession } from './session-repository'
import { signInSummary } from './sign-in-repository'
import { findUserByAccount, findUserById, insertUser, inviteCodeExists, updateFundPasswordHash, updatePasswordHash, userInviteCode } from './repository'
import { type RouteDeps } from '../http/deps'
import { type Effect } from '../db/executor'
import { type User } from '../db/types'
import { checkFundPassword } from './fund-password-guard'
import { checkSessionPassword, signInSucceeded, startRegistration, startSignIn } from './guess-guard'
import { totpEnabled } from '../totp/repository'
import { signInCode } from '../totp/service'
import { totpInvalid, totpRequired } from '../totp/rules'

type AccountDeps = Pick<RouteDeps, 'db' | 'config' | 'sleep'>

/** The request's signed-in session, as the auth hook found it. */
export type SessionRef = { userId: number; sessionId: number }

/**
 * Checks a registration (rules, the address's registration limit, the invite code, a free account)
 * and hashes the password; returns the insert, which refuses account_exists if a racing
 * registration took the account first (the unique key decides).
 */
export async function register(deps: AccountDeps, r: Registration & { clientIp: string; now: number }): Promise<Effect<{ account: string }>> {
  const { db, config } = deps
  const refusal = registrationRefusal(r, config)
  if (refusal) throw refusal
  // Every registration that reaches the database counts, refused or not: it also caps how
  // fast one address can learn which numbers have accounts (account_exists).
  await startRegistration(deps, { clientIp: r.clientIp, now: r.now })
  const inviteCode = normaliseInviteCode(r.inviteCode)
  if (!(await inviteCodeExists(db, inviteCode))) throw inviteCodeInvalid()
  if (await findUserByAccount(db, r.account)) throw accountExists()
  const passwordHash = await hashPassword(r.password)
  return async (trx) => {
    const created = await insertUser(trx, { account: r.account, passwordHash, invitedByCode: inviteCode, now: r.now })
    if (!created) throw accountExists()
    return { account: r.account }
  }
}

/** The failure counted and the owner's inbox row (sign_in_failed {count}), in one transaction. */
async function noteFailedSignInAndTell(db: AccountDeps['db'], userId: number, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const count = await noteFailedSignIn(trx, userId, now)
    await addInboxMessage(trx, { userId, kind: 'sign_in_failed', params: { count }, link: SIGN_IN_FAILED_LINK, now })
  })
}

/**
 * A new session for the right account and password. The guess limits run before the password is
 * checked (a blocked guesser learns nothing and costs no hashing), and the flags that keep a user
 * out only after it, so they never tell a guesser that an account exists.
 */
export async function logIn(
  deps: AccountDeps,
  s: { account: string; password: string; totpCode?: string | undefined; clientIp: string; now: number },
): Promise<{ token: string; account: string; expiresAt: number }> {
  const { db, config } = deps
  const key = `user:${s.account}`
  await startSignIn(deps, { key, clientIp: s.clientIp, now: s.now })

  const user = await findUserByAccount(db, s.account)
  const passwordOk = user ? await verifyPassword(user.password_hash, s.password) : (await burnPasswordCheck(s.password), false)
  // A wrong password keeps the attempt's row as a failure, and the owner is told.
  if (!user || !passwordOk) {
    if (user) await noteFailedSignInAndTell(db, user.id, s.now)
    throw loginFailed()
  }
  // Two-step sign-in (server/totp/service.ts): a wrong or used code keeps the attempt as a
  // failure, so the sign-in limiter counts code guesses like password guesses.
  const second = await signInCode(db, { userId: user.id, totpCode: s.totpCode, now: s.now })
  if (second === 'invalid') throw totpInvalid()
  await signInSucceeded(deps, { key, clientIp: s.clientIp })
  // A closed account (an approved deletion request) never signs in again.
  if (user.closed_at !== null) throw accountClosed()
  if (second === 'required') throw totpRequired()
  const flagRefusal = loginFlagRefusal(await flagsOf(db, user.id))
  if (flagRefusal) throw flagRefusal
  await rollFailedSignIns(db, user.id)

  const { token, tokenHash } = newSessionToken()
  const expiresAt = s.now + config.tokenTtlSeconds * 1000
  await insertSession(db, { userId: user.id, tokenHash, clientIp: s.clientIp, now: s.now, expiresAt })
  return { token, account: user.account, expiresAt }
}

/** The signed-in user's summary: balances, flags and their reasons, real-name and sign-in state. */
export async function userInfo(deps: Pick<RouteDeps, 'db'>, userId: number, now: number) {
  const { db } = deps
  const user = await findUserById(db, userId)
  if (!user) throw unauthorized()
  const [inviteCode, balances, flags, signIns, totpOn] = await Promise.all([
    userInviteCode(db, user.id),
    balancesOf(db, user.id),
    flagsOf(db, user.id),
    signInSummary(db, user.id),
    totpEnabled(db, user.id),
  ])
  return {
    account: user.account,
    inviteCode: inviteCode ?? '',
    createdAt: user.created_at,
    currency: CURRENCY,
    balances,
    flags: flagSummary(flags, user.margin_trading),
    fundPasswordSet: user.fund_password_hash !== null,
    restrictions: restrictionsOf(flags),
    realName: { status: user.real_name_status, name: user.real_name, reason: user.real_name_reason },
    signIn: signInStatus(signIns.count, signIns.lastDay, now),
    failedSignIns: {
      count: user.failed_sign_ins + user.failed_sign_ins_before,
      lastAt: user.last_failed_sign_in_at ?? user.last_failed_sign_in_before_at,
    },
    totpEnabled: totpOn,
  }
}

/**
 * The login password checked inside a session, guarded under the user's 'password:' key (the
 * first fund password is proved by it too, so both share one budget); the session whose wrong
 * guess reaches the limit is ended (guess-guard.ts).
 */
async function checkLoginPassword(deps: AccountDeps, user: User, session: SessionRef, c: { password: string; clientIp: string; now: number }): Promise<void> {
  const right = await checkSessionPassword(deps, {
    key: `password:${user.id}`,
    clientIp: c.clientIp,
    now: c.now,
    verify: () => verifyPassword(user.password_hash, c.password),
    endSession: () => revokeSession(deps.db, session.sessionId, c.now),
  })
  if (!right) throw passwordWrong()
}

/** Checks the old password and hashes the new one; the write also signs out every other session. */
export async function changeLoginPassword(
  deps: AccountDeps,
  session: SessionRef,
  c: PasswordChange & { clientIp: string; now: number },
): Promise<Effect<Record<string, never>>> {
  const refusal = passwordChangeRefusal(c, deps.config)
  if (refusal) throw refusal
  const user = await findUserById(deps.db, session.userId)
  if (!user) throw unauthorized()
  await checkLoginPassword(deps, user, session, { password: c.oldPassword, clientIp: c.clientIp, now: c.now })
  const same = passwordSameRefusal(c)
  if (same) throw same
  const passwordHash = await hashPassword(c.password)
  return async (trx) => {
    await updatePasswordHash(trx, user.id, passwordHash)
    await revokeOtherSessions(trx, user.id, session.sessionId, c.now)
    return {}
  }
}

/**
 * The first fund password is proved by the login password (guarded like a login password change,
 * under the same key); a change by the fund password it replaces (fund-password-guard.ts).
 */
export async function setFundPassword(
  deps: AccountDeps,
  session: SessionRef,
  f: { password?: string; oldFundPassword?: string; fundPassword: string; confirmFundPassword: string; clientIp: string; now: number },
): Promise<Effect<Record<string, never>>> {
  const refusal = fundPasswordRefusal(f)
  if (refusal) throw refusal
  const user = await findUserById(deps.db, session.userId)
  if (!user) throw unauthorized()
  if (user.fund_password_hash === null) {
    await checkLoginPassword(deps, user, session, { password: f.password ?? '', clientIp: f.clientIp, now: f.now })
  } else if (
    !(await checkFundPassword(deps.db, deps.config, { userId: user.id, clientIp: f.clientIp, hash: user.fund_password_hash, password: f.oldFundPassword ?? '', now: f.now }))
  ) {
    throw fundPasswordWrong()
  }
  const fundPasswordHash = await hashPassword(f.fundPassword)
  return async (trx) => {
    await updateFundPasswordHash(trx, user.id, fundPasswordHash)
    return {}
  }
}
