/**
 * Signing in and out. The session itself (token, account) lives in db.meta 'session' and in
 * memory, handled by sessionStore.ts; this module adds the calls that create or end it.
 * These calls come from forms, which show a refusal next to the field it concerns, so they are
 * silent: no refusal toast on top of it.
 */
import type { LoginReply, Registered } from '../contract/replies'
import { call } from './api'
import { accountsOnDevice, forgetAccount, type Session } from './db'
import { PENDING_STATES, countUnsent, replayOutbox } from './outbox'
import { clearSession, getSession, saveSession } from './sessionStore'
import { refreshUserInfo } from './sync'

export { clearSession, getSession, loadSession } from './sessionStore'

export type RegisterInput = {
  account: string
  password: string
  confirmPassword: string
  inviteCode: string
  agree: boolean
}

export type ChangeLoginPasswordInput = { oldPassword: string; password: string; confirmPassword: string }

/** The first fund password is proved by the login password (`password`), a change by the current one. */
export type FundPasswordInput = { password?: string; oldFundPassword?: string; fundPassword: string; confirmFundPassword: string }

/**
 * Refusals: login_failed, account_frozen/login_banned/account_disabled {reason}, account_closed,
 * 429 too_many_attempts {retryAfter}; with two-step sign-in on, totp_required without `totpCode`
 * (the authenticator's code or a recovery code) and totp_invalid for a wrong one.
 */
export async function login(account: string, password: string, totpCode?: string): Promise<Session> {
  const body = totpCode ? { account, password, totpCode } : { account, password }
  const reply = await call<LoginReply>('/user/login', body, { silent: true })
  const session: Session = { token: reply.token, account: reply.account, expiresAt: reply.expiresAt }
  await saveSession(session)
  // Someone else used this phone before (their session ended by a 401, not a logout): nothing of
  // theirs stays for this person, except requests they have not sent, which wait for them.
  for (const other of await accountsOnDevice()) {
    if (other !== session.account) await forgetAccount(other, { keepOutbox: PENDING_STATES })
  }
  // Mutations queued while signed out (or before a 401) belong to this account: send them now.
  void replayOutbox({ ignoreBackoff: true })
  return session
}

/**
 * Creates the account; it does not sign in. `idempotencyKey` is made once per form submission so
 * a second tap or a resend after a timeout cannot create two accounts.
 */
export async function register(input: RegisterInput, idempotencyKey: string): Promise<Registered> {
  return call<Registered>('/user/register', input, { idempotencyKey, silent: true })
}

// How long logout waits for the server to revoke the token before returning anyway.
const LOGOUT_WAIT_MS = 3000

/** Logged out, or not, because `unsent` requests of the account would have been dropped. */
export type LogoutResult = { loggedOut: true } | { loggedOut: false; unsent: number }

/**
 * Ends the session, asks the server to revoke the token and forgets every row of the account on
 * this device (db.ts forgetAccount), so the next person on the phone finds nothing of it. The
 * server call is best effort: offline, the token simply expires on its own (token_ttl_seconds).
 * Requests the server has not taken are never dropped silently: while there are any, nothing
 * happens and their count comes back, unless the user chose to let them go (`discardUnsent`).
 */
export async function logout(opts: { discardUnsent?: boolean } = {}): Promise<LogoutResult> {
  const account = getSession()?.account
  if (account && !opts.discardUnsent) {
    const unsent = await countUnsent(account)
    if (unsent > 0) return { loggedOut: false, unsent }
  }
  const serverCall = account ? call('/user/logout', {}, { silent: true }).catch(() => undefined) : Promise.resolve(undefined)
  await clearSession()
  if (account) await forgetAccount(account)
  let timer: ReturnType<typeof setTimeout> | undefined
  await Promise.race([serverCall, new Promise((resolve) => (timer = setTimeout(resolve, LOGOUT_WAIT_MS)))])
  clearTimeout(timer)
  return { loggedOut: true }
}

/**
 * Sends the account's waiting requests now (the user asked to before logging out); resolves with
 * how many the server has still not taken (offline, refused or held for confirmation).
 */
export async function sendUnsent(): Promise<number> {
  const account = getSession()?.account
  if (!account) return 0
  await replayOutbox({ ignoreBackoff: true })
  return countUnsent(account)
}

/** Refusals: password_wrong, password_length {min, max}, password_mismatch, password_same. Other sessions are revoked; this one stays. */
export async function changeLoginPassword(input: ChangeLoginPasswordInput, idempotencyKey: string): Promise<void> {
  await call<object>('/user/loginPass', input, { idempotencyKey, silent: true })
}

/**
 * Refusals: fund_password_format {digits}, password_mismatch, password_wrong, fund_password_wrong.
 * The stored /user/info then says a fund password is set.
 */
export async function setFundPassword(input: FundPasswordInput, idempotencyKey: string): Promise<void> {
  await call<object>('/user/fundPass', input, { idempotencyKey, silent: true })
  await refreshUserInfo({ fresh: true })
}
