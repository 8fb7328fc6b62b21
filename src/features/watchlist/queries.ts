/** Reads of the watchlist and search screens from Dexie, one useLiveQuery each. */
import { useLiveQuery } from 'dexie-react-hooks'
import { db, type QuoteRow } from '../../data/db'
import { searchHistoryQuery } from '../../data/market'
import { watchlistQuery } from '../../data/watchlist'

export type WatchedQuote = { symbol: string; addedAt: number; quote: QuoteRow | null }

/** The account's watchlist, newest first, each with its live quote (null until one is known). */
export async function readWatchlist(account: string | null | undefined): Promise<WatchedQuote[]> {
  if (!account) return []
  const rows = await watchlistQuery(account).toArray()
  const quotes = await db.quotes.bulkGet(rows.map((r) => r.symbol))
  return rows.map((r, i) => ({ symbol: r.symbol, addedAt: r.addedAt, quote: quotes[i] ?? null }))
}

export function useWatchlist(account: string | null | undefined, initial?: WatchedQuote[]): WatchedQuote[] | undefined {
  return useLiveQuery(() => readWatchlist(account), [account], initial)
}

/** The symbols in the account's watchlist, for star toggles. */
export function useWatchedSet(account: string | null | undefined): ReadonlySet<string> | undefined {
  return useLiveQuery(async () => {
    if (!account) return new Set<string>()
    return new Set((await watchlistQuery(account).toArray()).map((r) => r.symbol))
  }, [account])
}

/** Whether `symbol` is in the account's watchlist. */
export function useWatched(account: string | null | undefined, symbol: string): boolean | undefined {
  return useLiveQuery(async () => (account ? (await db.watchlist.get([account, symbol])) !== undefined : false), [account, symbol])
}

/** Symbols opened from search, newest first, with what this device knows of them. */
export function useSearchHistory(account: string | null | undefined): { symbol: string; at: number; quote: QuoteRow | null }[] | undefined {
  return useLiveQuery(async () => {
    const rows = await searchHistoryQuery(account ?? '').limit(20).toArray()
    const quotes = await db.quotes.bulkGet(rows.map((r) => r.symbol))
    return rows.map((r, i) => ({ symbol: r.symbol, at: r.at, quote: quotes[i] ?? null }))
  }, [account])
}
