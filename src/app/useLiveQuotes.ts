/** Live quotes for what a screen shows: the one hook every screen uses (the stream writes db.quotes). */
import { useEffect } from 'react'
import { watchQuotes } from '../data/stream'

/** Streams `symbols` while the calling screen is shown; the same set in another order is the same watch. */
export function useLiveQuotes(symbols: readonly string[]): void {
  const key = [...new Set(symbols)].sort().join(',')
  useEffect(() => {
    if (!key) return undefined
    return watchQuotes(key.split(','))
  }, [key])
}
