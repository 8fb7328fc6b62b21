/** Reads of the inbox screen from Dexie, one useLiveQuery each. */
import { useLiveQuery } from 'dexie-react-hooks'
import { db } from '../../data/db'
import { type InboxPage, inboxKey, storedInbox } from '../../data/inbox'
import { useLastSynced } from '../../app/queries'

/** The account's stored inbox page, newest first; null when never fetched here. */
export function useInbox(account: string | null | undefined): InboxPage | null | undefined {
  return useLiveQuery(async () => (account ? storedInbox(account) : null), [account])
}

export function useInboxSynced(account: string | null | undefined): number | null | undefined {
  return useLastSynced(account ? inboxKey(account) : null)
}

/** The price scale of each symbol seen on this device (quotes), to word an order's price; stocks are 100. */
export function usePriceScales(symbols: readonly string[]): ReadonlyMap<string, number> | undefined {
  const wanted = [...new Set(symbols)].sort().join(',')
  return useLiveQuery(async () => {
    const names = wanted ? wanted.split(',') : []
    const quotes = await db.quotes.bulkGet(names)
    return new Map(quotes.flatMap((q) => (q ? [[q.symbol, q.priceScale] as const] : [])))
  }, [wanted])
}
