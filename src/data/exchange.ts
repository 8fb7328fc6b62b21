/**
 * Currency exchange (issue 4). Stored in db.meta:
 * - `wallets:<account>`: the account's balance per currency (/user/wallets), all ten wallets;
 * - `exchange-rates`: the rates against the rupee with the spread and their times
 *   (/user/exchangeRates; the same for everyone, so not per account).
 * An exchange is sent at once and never queued: converting money at a rate the user saw while
 * offline, minutes or days later, is not what they agreed to. Offline it fails with NetworkError
 * and the screen says so; the request also carries the least the user accepts (minAmountOut), so
 * a rate that moved against them while it travelled is refused rather than applied.
 */
import { type CurrencyRate, type ExchangeRates, type ExchangeResult, type Wallet } from '../contract/replies'
import { call } from './api'
import { db, metaKeys, readMeta } from './db'
import { restoreAccountMeta, restoreDeviceMeta } from './metaValues'
import { offlineIsFine, refresh, refreshUserInfo, refreshAccountList } from './sync'

export type { CurrencyRate, ExchangeRates, ExchangeResult, Wallet }

export type RateSource = NonNullable<CurrencyRate['source']>

export type ExchangeInput = { from: string; to: string; amount: number; minAmountOut?: number }

export const EXCHANGE_RATES_KEY = metaKeys.exchangeRates

export const walletsKey = metaKeys.wallets

/** Fetches the account's wallets into db.meta. Quiet offline. */
export async function refreshWallets(opts: { fresh?: boolean } = {}): Promise<Wallet[] | undefined> {
  return refreshAccountList<Wallet[]>(walletsKey, '/user/wallets', opts)
}

/** Fetches the current rates into db.meta. Quiet offline. */
export async function refreshExchangeRates(opts: { fresh?: boolean } = {}): Promise<ExchangeRates | undefined> {
  return offlineIsFine(
    refresh(
      EXCHANGE_RATES_KEY,
      async () => {
        const rates = await call<ExchangeRates>('/user/exchangeRates')
        await db.meta.put({ key: EXCHANGE_RATES_KEY, value: rates, updatedAt: Date.now() })
        return rates
      },
      opts,
    ),
  )
}

/** The stored wallets of `account`; null when never fetched on this device. Live-query friendly. */
export async function storedWallets(account: string): Promise<Wallet[] | null> {
  return readMeta(walletsKey(account), restoreAccountMeta.wallets)
}

/** The stored rates; null when never fetched on this device. Live-query friendly. */
export async function storedExchangeRates(): Promise<ExchangeRates | null> {
  return readMeta(EXCHANGE_RATES_KEY, restoreDeviceMeta.exchangeRates)
}

/**
 * Exchanges now; one `idempotencyKey` per confirmed attempt. Throws ApiRefusal with the rule that
 * refused (silently: the screen shows it), NetworkError offline. Afterwards the wallets, the
 * rupee balance and the rates are fetched again.
 */
export async function exchangeCurrency(input: ExchangeInput, idempotencyKey: string): Promise<ExchangeResult> {
  const result = await call<ExchangeResult>('/user/exchange', input, { idempotencyKey, silent: true })
  // The exchange is done whatever these say: a failed refresh must not read as a failed exchange.
  const quietly = (work: Promise<unknown>) => work.catch(() => undefined)
  await Promise.all([quietly(refreshWallets({ fresh: true })), quietly(refreshUserInfo({ fresh: true })), quietly(refreshExchangeRates({ fresh: true }))])
  return result
}
