/** Actions of the login area: sessions through src/data/session.ts, refreshes through src/data/sync.ts. */
import { login, register, type RegisterInput } from '../../data/session'
import { refreshUserInfo } from '../../data/sync'
import { loadConfig } from '../../data/config'

export type RegisterForm = RegisterInput

/** `totpCode`: the second step, once the server answered totp_required (two-step sign-in is on). */
export async function logIn(account: string, password: string, totpCode?: string): Promise<void> {
  await login(account, password, totpCode)
}

/** Create the account (once per idempotency key), then open a session with it. */
export async function registerAndLogIn(form: RegisterForm, idempotencyKey: string): Promise<void> {
  await register(form, idempotencyKey)
  await login(form.account, form.password)
}

/** After a login: the user's balances and flags, and the rules as they are now. Failures are
 *  not fatal here: the screens show what Dexie has and refresh again. */
export async function refreshAfterLogin(): Promise<void> {
  await Promise.allSettled([refreshUserInfo(), loadConfig()])
}
