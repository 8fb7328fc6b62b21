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
