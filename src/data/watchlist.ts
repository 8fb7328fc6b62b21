/**
 * The account's watchlist (/user/Optionallist) in db.watchlist, with its unsent adds and removes
 * applied; its quotes land in db.quotes through putQuotes. Changes are outbox kinds
 * 'watchlist.add' and 'watchlist.remove': the row changes at once and the server learns it when
 * it can. Offline the refresh resolves quietly and the screen keeps what Dexie has.
 */
import { Dexie } from 'dexie'
import type { WatchlistQuote } from '../contract/replies'
import { call } from './api'
import { db, metaKeys, type OutboxItem, type WatchlistRow } from './db'
import { putQuotes } from './market'
import { enqueue, pendingItems } from './outbox'
import { getSession } from './sessionStore'
import { offlineIsFine, refresh } from './sync'

export type { WatchlistQuote }

export const watchlistKey = metaKeys.watchlist

/** The account's watchlist, newest first, for useLiveQuery. */
export function watchlistQuery(account: string) {
  return db.watchlist
    .where('[account+addedAt]')
    .between([account, Dexie.minKey], [account, Dexie.maxKey])
    .reverse()
}

/**
 * Fetches the watchlist and replaces the account's rows with it, then applies the account's
 * changes still in the outbox, in order: the server has not seen them yet, and a refresh must
 * not bring back a symbol the user just removed.
 */
async function fetchWatchlist(opts: { fresh?: boolean } = {}): Promise<void> {
  const session = getSession()
  if (!session) return
  const { account } = session
  await offlineIsFine(
    refresh(
      watchlistKey(account),
      async () => {
        const reply = await call<{ data: WatchlistQuote[] }>('/user/Optionallist', {})
        await db.transaction('rw', db.watchlist, db.quotes, db.outbox, async () => {
          if (getSession()?.account !== account) return
          const rows = new Map<string, WatchlistRow>(reply.data.map((q) => [q.symbol, { account, symbol: q.symbol, addedAt: q.addedAt }]))
          // A refused change counts too until the user discards it: the list shows what they asked for.
          const unsent = await pendingItems(account, ['watchlist.add', 'watchlist.remove'])
          for (const item of unsent) {
            const symbol = String(item.body.symbol)
            if (item.kind === 'watchlist.add') rows.set(symbol, { account, symbol, addedAt: rows.get(symbol)?.addedAt ?? item.createdAt })
            else rows.delete(symbol)
          }
          await watchlistQuery(account).delete()
          await db.watchlist.bulkPut([...rows.values()])
          await putQuotes(reply.data.map(({ addedAt: _addedAt, ...quote }) => quote))
        })
      },
      opts,
    ),
  )
}

/** Fetches the signed-in account's watchlist into db.watchlist (and its quotes into db.quotes). */
export function refreshWatchlist(): Promise<void> {
  return fetchWatchlist()
}

/** Adds `symbol` to the watchlist now on this device and queues it for the server. */
export async function addToWatchlist(symbol: string): Promise<OutboxItem> {
  const account = getSession()?.account
  if (account) {
    const known = await db.watchlist.get([account, symbol])
    if (!known) await db.watchlist.put({ account, symbol, addedAt: Date.now() })
  }
  // Throws 'unauthorized' when signed out (and nothing was written then).
  return enqueue('watchlist.add', { symbol })
}

/** Removes `symbol` from the watchlist now on this device and queues it for the server. */
export async function removeFromWatchlist(symbol: string): Promise<OutboxItem> {
  const account = getSession()?.account
  if (account) await db.watchlist.delete([account, symbol])
  return enqueue('watchlist.remove', { symbol })
}

/**
 * The effect of 'watchlist.add' and 'watchlist.remove' (outboxKinds.ts): once the server has the
 * change, its list (with the server's addedAt) is the truth again.
 */
export async function afterWatchlistChange(): Promise<void> {
  await fetchWatchlist({ fresh: true })
}
