/**
 * The watchlist: `watchlist` rows (user, symbol, when added), one per symbol a user follows. Adding
 * twice and removing what is not there are no-ops, so replays and offline retries are harmless.
 */
import { type Executor } from '../db/executor'

export type WatchlistEntry = { symbol: string; addedAt: number }

export async function addToWatchlist(db: Executor, userId: number, symbol: string, now: number): Promise<void> {
  await db
    .insertInto('watchlist')
    .values({ user_id: userId, symbol, added_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'symbol']).doNothing())
    .execute()
}

export async function removeFromWatchlist(db: Executor, userId: number, symbol: string): Promise<void> {
  await db.deleteFrom('watchlist').where('user_id', '=', userId).where('symbol', '=', symbol).execute()
}

/** The user's symbols, newest first. */
export async function watchlistOf(db: Executor, userId: number): Promise<WatchlistEntry[]> {
  return db
    .selectFrom('watchlist')
    .select(['symbol', 'added_at as addedAt'])
    .where('user_id', '=', userId)
    .orderBy('added_at', 'desc')
    .orderBy('symbol')
    .execute()
}
