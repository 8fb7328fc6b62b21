/** Actions of the account screens, through src/data/. */
import { useEffect } from 'react'
import { changeLoginPassword, logout, setFundPassword, type ChangeLoginPasswordInput, type FundPasswordInput } from '../../data/session'
import { refreshUserInfo } from '../../data/sync'
import { refreshBankCards, refreshRealName } from '../../data/identity'
import { refreshUsdtAddresses } from '../../data/usdt'
import { refreshExchangeRates, refreshWallets } from '../../data/exchange'
import { refreshOrders } from '../../data/trading'
import { watchQuotes } from '../../data/stream'

export { switchLanguage } from '../../app/language'

/**
 * What the assets summary is worked out from: balances, orders, wallets and rates. Offline is
 * fine (the summary shows what Dexie has); settles when all have been tried.
 */
export async function refreshAssets(): Promise<void> {
  const quietly = (work: Promise<unknown>) => work.catch(() => undefined)
  await Promise.all([quietly(refreshUserInfo()), quietly(refreshOrders()), quietly(refreshWallets()), quietly(refreshExchangeRates())])
}

/** Live prices of the open positions' `symbols` while the summary shows (the stream writes db.quotes). */
export function useLivePrices(symbols: readonly string[]): void {
  const key = [...new Set(symbols)].sort().join(',')
  useEffect(() => {
    if (!key) return undefined
    return watchQuotes(key.split(','))
  }, [key])
}

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

/**
 * What the security and profile screens show: the user, the identity and its latest submission,
 * the bank cards and USDT addresses. Offline is fine (the screens show what Dexie has); settles
 * when all have been tried.
 */
export async function refreshSecurity(): Promise<void> {
  const quietly = (work: Promise<unknown>) => work.catch(() => undefined)
  await Promise.all([quietly(refreshUserInfo()), quietly(refreshRealName()), quietly(refreshBankCards()), quietly(refreshUsdtAddresses())])
}
