/**
 * The account's assets as the home screen and the account tab both show them: one hook over the
 * one definition (src/lib/assets.ts), so "Total assets" is the same number in both places. Reads
 * Dexie (balances, orders, last quotes, wallets, rates) and streams the open positions' prices
 * while shown; `refreshAssets` fetches what it is worked out from.
 */
import { useMemo } from 'react'
import { useLiveQuery } from 'dexie-react-hooks'
import { db, type OrderRow, type UserInfo } from '../data/db'
import { type ExchangeRates, type Wallet, refreshExchangeRates, refreshWallets, storedExchangeRates, storedWallets } from '../data/exchange'
import { refreshUserInfo } from '../data/sync'
import { refreshOrders } from '../data/trade'
import { assetsOf, type Assets } from '../lib/assets'
import { useLiveQuotes } from './useLiveQuotes'

const OPEN = new Set<OrderRow['status']>(['locked', 'holding', 'preparing_to_close'])

/**
 * What the assets are worked out from: balances, orders, wallets and rates. Offline is fine (the
 * figures are what Dexie has); settles when all have been tried.
 */
export async function refreshAssets(): Promise<void> {
  const quietly = (work: Promise<unknown>) => work.catch(() => undefined)
  await Promise.all([quietly(refreshUserInfo()), quietly(refreshOrders()), quietly(refreshWallets()), quietly(refreshExchangeRates())])
}

/**
 * The assets of `account` from its `user` row: undefined while Dexie is being read (or with no
 * user), with `total` undefined when a price or rate it needs is not on this device.
 */
export function useAssets(account: string | null | undefined, user: UserInfo | null | undefined): Assets | undefined {
  const orders = useAccountOrders(account)
  const wallets = useAccountWallets(account)
  const rates = useStoredRates()
  const symbols = useMemo(() => [...new Set((orders ?? []).filter((o) => OPEN.has(o.status)).map((o) => o.symbol))], [orders])
  useLiveQuotes(symbols)
  const prices = useLastPrices(symbols)
  return useMemo(() => {
    if (!user || orders === undefined || prices === undefined || wallets === undefined || rates === undefined) return undefined
    const mids = rates ? Object.fromEntries(rates.rates.map((r) => [r.currency, r.mid])) : null
    return assetsOf({ balances: user.balances, orders, prices, wallets, rates: mids })
  }, [user, orders, prices, wallets, rates])
}

/** Every order of `account` on this device (open, closed and the rest). */
function useAccountOrders(account: string | null | undefined): OrderRow[] | undefined {
  return useLiveQuery(async () => (account ? db.orders.where('account').equals(account).toArray() : []), [account])
}

/** The last price of each of `symbols` this device has. */
function useLastPrices(symbols: readonly string[]): Map<string, number> | undefined {
  const key = [...symbols].sort().join(',')
  return useLiveQuery(async () => {
    const rows = await db.quotes.bulkGet(key ? key.split(',') : [])
    return new Map(rows.flatMap((row) => (row ? [[row.symbol, row.price] as const] : [])))
  }, [key])
}

/** The account's wallets as last fetched; null when never fetched here. */
function useAccountWallets(account: string | null | undefined): Wallet[] | null | undefined {
  return useLiveQuery(async () => (account ? storedWallets(account) : null), [account])
}

/** The exchange rates as last fetched; null when never fetched here. */
function useStoredRates(): ExchangeRates | null | undefined {
  return useLiveQuery(() => storedExchangeRates())
}
