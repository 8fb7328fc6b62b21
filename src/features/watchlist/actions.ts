/** Actions of the watchlist and search: through src/data/watchlist.ts (via the outbox) and market.ts. */
import { clearSearchHistory, recordSearchVisit, searchInstruments } from '../../data/market'
import { addToWatchlist, refreshWatchlist, removeFromWatchlist } from '../../data/watchlist'

/** Adds or removes; the row changes on this device at once and reaches the server when it can. */
export async function toggleWatch(symbol: string, watched: boolean): Promise<void> {
  if (watched) await removeFromWatchlist(symbol)
  else await addToWatchlist(symbol)
}

/** Offline is fine: the screen keeps the saved list. */
export function loadWatchlist(): Promise<boolean> {
  return refreshWatchlist().then(
    () => true,
    () => false,
  )
}

export { clearSearchHistory, recordSearchVisit, searchInstruments }
