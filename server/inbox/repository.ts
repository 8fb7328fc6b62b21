/**
 * The inbox's SQL (issue 13; migration 1764500000000_inbox.sql). Every event that tells the user
 * something calls addInboxMessage with its own transaction, so the row and the event commit or
 * roll back together. The params are the contract's (InboxKind), stored as JSON text.
 */
import { type Executor } from '../db/executor'
import { type InboxKind, type InboxMessage, type InboxParams } from '../../src/contract/replies'

export type NewInboxMessage = { userId: number; kind: InboxKind; params: InboxParams; link?: string | null; now: number }

export async function addInboxMessage(db: Executor, m: NewInboxMessage): Promise<void> {
  await db.insertInto('inbox_messages').values({ user_id: m.userId, kind: m.kind, params: JSON.stringify(m.params), link: m.link ?? null, created_at: m.now }).execute()
}

export async function addInboxMessages(db: Executor, ms: readonly NewInboxMessage[]): Promise<void> {
  if (ms.length === 0) return
  await db
    .insertInto('inbox_messages')
    .values(ms.map((m) => ({ user_id: m.userId, kind: m.kind, params: JSON.stringify(m.params), link: m.link ?? null, created_at: m.now })))
    .execute()
}

type Row = { id: number; kind: InboxKind; params: string; link: string | null; created_at: number; read_at: number | null }

export function toInboxMessage(r: Row): InboxMessage {
  return { id: r.id, kind: r.kind, params: JSON.parse(r.params) as InboxParams, link: r.link, createdAt: r.created_at, readAt: r.read_at }
}

/** The user's messages, newest first, one page, with how many there are and how many are unread. */
export async function inboxPage(db: Executor, q: { userId: number; page: number; size: number }): Promise<{ rows: Row[]; total: number; unread: number }> {
  const [rows, counts] = await Promise.all([
    db
      .selectFrom('inbox_messages')
      .select(['id', 'kind', 'params', 'link', 'created_at', 'read_at'])
      .where('user_id', '=', q.userId)
      .orderBy('id', 'desc')
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute(),
    db
      .selectFrom('inbox_messages')
      .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.count<number>('id').filterWhere('read_at', 'is', null).as('unread')])
      .where('user_id', '=', q.userId)
      .executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(counts.total), unread: Number(counts.unread) }
}

export async function unreadCountOf(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('inbox_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * Marks the user's unread messages among `ids` read at `now` (every unread one when `ids` is
 * null). Another user's ids, unknown ids and messages already read are left as they are.
 */
export async function markRead(db: Executor, q: { userId: number; ids: readonly number[] | null; now: number }): Promise<number> {
  if (q.ids !== null && q.ids.length === 0) return 0
  let update = db.updateTable('inbox_messages').set({ read_at: q.now }).where('user_id', '=', q.userId).where('read_at', 'is', null)
  if (q.ids !== null) update = update.where('id', 'in', q.ids)
  const result = await update.executeTakeFirst()
  return Number(result.numUpdatedRows)
}
