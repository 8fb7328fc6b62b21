/**
 * The inbox, the user's side (issue 13): the list of what happened to the account, newest first,
 * with the unread count, and marking messages read. The rows are written by the events themselves
 * (addInboxMessage in each event's transaction: reviews, trade fills and rule closes, the IPO draw,
 * the VIP job, failed sign-ins, support replies); nothing here writes one. The SQL is repository.ts.
 */
import { type Effect, type Executor } from '../db/executor'
import { type InboxPage, type InboxUnread } from '../../src/contract/replies'
import { inboxPage, markRead, toInboxMessage, unreadCountOf } from './repository'

export type InboxDeps = { db: Executor; now: () => number }

export async function listInbox(deps: InboxDeps, q: { userId: number; page: number; size: number }): Promise<InboxPage> {
  const { rows, total, unread } = await inboxPage(deps.db, q)
  return { data: rows.map(toInboxMessage), total, unread }
}

/**
 * Marks the caller's messages read: those of `ids` that are his (others' and unknown ids are
 * ignored, so the reply tells nothing of them), or every one when `ids` is empty. Reading twice
 * changes nothing; the reply is what is still unread.
 */
export function readInbox(deps: InboxDeps, q: { userId: number; ids: readonly number[] }): Effect<InboxUnread> {
  const now = deps.now()
  return async (trx) => {
    await markRead(trx, { userId: q.userId, ids: q.ids.length === 0 ? null : [...new Set(q.ids)], now })
    return { unread: await unreadCountOf(trx, q.userId) }
  }
}
