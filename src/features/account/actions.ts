/** Actions of the account screens, through src/data/. */
import { changeLoginPassword, logout, setFundPassword, type ChangeLoginPasswordInput, type FundPasswordInput } from '../../data/session'
import { refreshUserInfo } from '../../data/sync'

export { switchLanguage } from '../../app/language'

export function refreshAccount(): void {
  void refreshUserInfo().catch(() => undefined)
}

export async function logOut(): Promise<void> {
  await logout()
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
