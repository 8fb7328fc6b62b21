/**
 * New listings from any process (issue 14): market_listings rows are announced on channel
 * tijori_listings when their transaction commits (migration 1764700001000_listings_notify.sql),
 * and this process's feed takes them in at once (refreshListings) instead of on the market job's
 * next run. The market job still runs: it covers a notification lost while the listener was down.
 */
import { type DatabaseHandle } from '../db/index'
import { type Unlisten } from './listen'

export const LISTINGS_CHANNEL = 'tijori_listings'

export function followListings(database: DatabaseHandle, refresh: () => Promise<void>, onError: (err: Error) => void): Promise<Unlisten> {
  const run = () => {
    refresh().catch((err: unknown) => onError(err as Error))
  }
  return database.listen(LISTINGS_CHANNEL, { onPayload: run, onReconnect: run, onError })
}
