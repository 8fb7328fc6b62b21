/** Actions of the watchlist and search: through src/data/market.ts (the watchlist via the outbox). */
import {
  addToWatchlist,
  clearSearchHistory,
  recordSearchVisit,
  refreshWatchlist,
  removeFromWatchlist,
  searchInstruments,
} from '../../data/market'

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
