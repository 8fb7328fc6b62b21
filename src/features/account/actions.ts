/** Actions of the account screens, through src/data/. */
import { changeLoginPassword, logout, sendUnsent, setFundPassword, type ChangeLoginPasswordInput, type FundPasswordInput, type LogoutResult } from '../../data/session'
import { refreshUserInfo } from '../../data/sync'
import { refreshBankCards, refreshRealName } from '../../data/identity'
import { refreshUsdtAddresses } from '../../data/usdt'

export { switchLanguage } from '../../app/language'

export function refreshAccount(): void {
  void refreshUserInfo().catch(() => undefined)
}

/** Logs out and forgets the account here; refused (with the count) while requests are unsent, unless discarded. */
export function logOut(opts: { discardUnsent?: boolean } = {}): Promise<LogoutResult> {
  return logout(opts)
}

/** Sends the waiting requests before logging out; how many are still not taken. */
export function sendBeforeLogout(): Promise<number> {
  return sendUnsent()
}

export type LoginPassForm = ChangeLoginPasswordInput

/** The form shows the refusal under its field, so no toast. */
export async function changePassword(form: LoginPassForm, idempotencyKey: string): Promise<void> {
  await changeLoginPassword(form, idempotencyKey)
}

/** Sets or changes the fund password; the form shows the refusal under its field. */
export async function saveFundPassword(form: FundPasswordInput, idempotencyKey: string): Promise<void> {
  await setFundPassword(form, idempotencyKey)
}

/**
 * What the security and profile screens show: the user, the identity and its latest submission,
 * the bank cards and USDT addresses. Offline is fine (the screens show what Dexie has); settles
 * when all have been tried.
 */
export async function refreshSecurity(): Promise<void> {
  const quietly = (work: Promise<unknown>) => work.catch(() => undefined)
  await Promise.all([quietly(refreshUserInfo()), quietly(refreshRealName()), quietly(refreshBankCards()), quietly(refreshUsdtAddresses())])
}
