/** Reads of the account tab's assets summary from Dexie, one useLiveQuery each. */
import { useLiveQuery } from 'dexie-react-hooks'
import { db, type OrderRow } from '../../data/db'
import { type ExchangeRates, type Wallet, storedExchangeRates, storedWallets } from '../../data/exchange'

/** Every order of `account` on this device (open, closed and the rest). */
export function useAccountOrders(account: string | null | undefined): OrderRow[] | undefined {
  return useLiveQuery(async () => (account ? db.orders.where('account').equals(account).toArray() : []), [account])
}

/** The last price of each of `symbols` this device has. */
export function useLastPrices(symbols: readonly string[]): Map<string, number> | undefined {
  const key = [...symbols].sort().join(',')
  return useLiveQuery(async () => {
    const rows = await db.quotes.bulkGet(key ? key.split(',') : [])
    return new Map(rows.flatMap((row) => (row ? [[row.symbol, row.price] as const] : [])))
  }, [key])
}

/** The account's wallets as last fetched; null when never fetched here. */
export function useAccountWallets(account: string | null | undefined): Wallet[] | null | undefined {
  return useLiveQuery(async () => (account ? storedWallets(account) : null), [account])
}

/** The exchange rates as last fetched; null when never fetched here. */
export function useStoredRates(): ExchangeRates | null | undefined {
  return useLiveQuery(() => storedExchangeRates())
}
