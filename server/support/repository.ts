/**
 * Customer service's SQL (issue 13; migration 1764500001000_support.sql): threads, their messages,
 * the verified identity a password-reset request is compared with, and the count of new guest
 * threads per address.
 */
import { sql } from 'kysely'
import { type Executor, type Tx } from '../db/executor'
import { type SupportStatus, type SupportTopic } from '../../src/contract/replies'
import { type LastMessage, type MessageRow, type ThreadRow } from './rules'

export async function threadById(db: Executor, id: number): Promise<ThreadRow | undefined> {
  return db.selectFrom('support_threads').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The thread, locked until the transaction ends: messages, reads and grants on it take turns. */
export async function lockThread(trx: Tx, id: number): Promise<ThreadRow | undefined> {
  return trx.selectFrom('support_threads').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
}

/** The user's own thread; undefined for another's, a guest's or none. */
export async function ownThread(db: Executor, userId: number, id: number): Promise<ThreadRow | undefined> {
  return db.selectFrom('support_threads').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()
}

/** The guest thread whose key hashes to `keyHash`; undefined otherwise. */
export async function guestThread(db: Executor, id: number, keyHash: string): Promise<ThreadRow | undefined> {
  return db.selectFrom('support_threads').selectAll().where('id', '=', id).where('user_id', 'is', null).where('guest_key_hash', '=', keyHash).executeTakeFirst()
}

export type NewThread = {
  userId: number | null
  guestAccount: string | null
  guestKeyHash: string | null
  topic: SupportTopic
  identityMatched: boolean | null
  now: number
}

export async function insertThread(trx: Tx, t: NewThread): Promise<ThreadRow> {
  return trx
    .insertInto('support_threads')
    .values({
      user_id: t.userId,
      guest_account: t.guestAccount,
      guest_key_hash: t.guestKeyHash,
      topic: t.topic,
      identity_matched: t.identityMatched,
      created_at: t.now,
      updated_at: t.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export type NewMessage = { threadId: number; author: 'user' | 'operator'; operator: string | null; body: string; uploadIds: readonly number[]; now: number }

export async function insertMessage(trx: Tx, m: NewMessage): Promise<MessageRow> {
  return trx
    .insertInto('support_messages')
    .values({ thread_id: m.threadId, author: m.author, operator: m.operator, body: m.body, upload_ids: JSON.stringify(m.uploadIds), created_at: m.now })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** A user's message: the thread waits for an operator again. */
export async function noteUserMessage(trx: Tx, id: number, now: number): Promise<ThreadRow> {
  return trx
    .updateTable('support_threads')
    .set((eb) => ({ status: 'open', operator_unread: eb('operator_unread', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** An operator's reply: answered, one more the user has not read. */
export async function noteOperatorReply(trx: Tx, id: number, now: number): Promise<ThreadRow> {
  return trx
    .updateTable('support_threads')
    .set((eb) => ({ status: 'answered', user_unread: eb('user_unread', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function updateThread(
  trx: Executor,
  id: number,
  set: Partial<{ status: SupportStatus; user_unread: number; operator_unread: number; reset_granted_until: number; reset_used_at: number; updated_at: number }>,
): Promise<ThreadRow> {
  return trx.updateTable('support_threads').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow()
}

export async function messagesOf(db: Executor, threadId: number): Promise<MessageRow[]> {
  return db.selectFrom('support_messages').selectAll().where('thread_id', '=', threadId).orderBy('id').execute()
}

/** Each thread's newest message, by thread id. */
export async function lastMessagesOf(db: Executor, threadIds: readonly number[]): Promise<Map<number, LastMessage>> {
  const out = new Map<number, LastMessage>()
  if (threadIds.length === 0) return out
  const rows = await db
    .selectFrom('support_messages')
    .distinctOn('thread_id')
    .select(['thread_id', 'author', 'body', 'created_at'])
    .where('thread_id', 'in', threadIds)
    .orderBy('thread_id')
    .orderBy('id', 'desc')
    .execute()
  for (const r of rows) out.set(r.thread_id, { author: r.author, body: r.body, createdAt: r.created_at })
  return out
}

/** The user's threads, latest activity first. */
export async function threadsOf(db: Executor, userId: number): Promise<ThreadRow[]> {
  return db.selectFrom('support_threads').selectAll().where('user_id', '=', userId).orderBy('updated_at', 'desc').orderBy('id', 'desc').execute()
}

/** Operator replies the user has not read, over all the user's threads. */
export async function unreadOf(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('support_threads')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('user_unread'), sql<number>`0`).as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Which of `ids` are the user's own pictures of kind 'support'. */
export async function ownSupportUploads(db: Executor, userId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await db.selectFrom('uploads').select('id').where('user_id', '=', userId).where('kind', '=', 'support').where('id', 'in', ids).execute()
  return new Set(rows.map((r) => r.id))
}

/** The verified identity of the account, for comparing a password-reset request; undefined when unverified or unknown. */
export async function verifiedIdentityOf(db: Executor, account: string): Promise<{ userId: number; name: string; pan: string } | undefined> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('real_name_submissions as s', 's.user_id', 'u.id')
    .select(['u.id', 'u.real_name', 's.pan'])
    .where('u.account', '=', account)
    .where('u.real_name_status', '=', 'verified')
    .where('s.status', '=', 'approved')
    .orderBy('s.id', 'desc')
    .executeTakeFirst()
  return row && row.real_name !== null ? { userId: row.id, name: row.real_name, pan: row.pan } : undefined
}

/** The back office's page of threads, latest activity first (unread user messages first among them). */
export async function threadsPage(db: Executor, q: { status?: SupportStatus; page: number; size: number }): Promise<{ rows: (ThreadRow & { account: string | null })[]; total: number }> {
  let base = db.selectFrom('support_threads as t')
  if (q.status !== undefined) base = base.where('t.status', '=', q.status)
  const [rows, count] = await Promise.all([
    base
      .leftJoin('users as u', 'u.id', 't.user_id')
      .selectAll('t')
      .select('u.account')
      .orderBy(sql`t.operator_unread > 0`, 'desc')
      .orderBy('t.updated_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}

export async function accountOfUser(db: Executor, userId: number | null): Promise<string | null> {
  if (userId === null) return null
  const row = await db.selectFrom('users').select('account').where('id', '=', userId).executeTakeFirst()
  return row?.account ?? null
}
