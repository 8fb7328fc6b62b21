/**
 * The back office's people (issue 4): operator accounts, their sessions (only the sha256 of a
 * token is kept) and the audit log every operator action writes in the action's transaction.
 */
import { type Executor } from '../db/executor'

export type Operator = { id: number; username: string }
export type OperatorRecord = Operator & { passwordHash: string }

export async function findOperator(db: Executor, username: string): Promise<OperatorRecord | undefined> {
  return db.selectFrom('operators').select(['id', 'username', 'password_hash as passwordHash']).where('username', '=', username).executeTakeFirst()
}

export async function countOperators(db: Executor): Promise<number> {
  const row = await db.selectFrom('operators').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function listOperators(db: Executor): Promise<{ username: string; createdBy: string | null; createdAt: number }[]> {
  return db.selectFrom('operators').select(['username', 'created_by as createdBy', 'created_at as createdAt']).orderBy('id').execute()
}

/** Null when the username is taken. */
export async function insertOperator(
  db: Executor,
  o: { username: string; passwordHash: string; createdBy: string | null; now: number },
): Promise<Operator | null> {
  const row = await db
    .insertInto('operators')
    .values({ username: o.username, password_hash: o.passwordHash, created_by: o.createdBy, created_at: o.now })
    .onConflict((oc) => oc.column('username').doNothing())
    .returning(['id', 'username'])
    .executeTakeFirst()
  return row ?? null
}

/** A new password ends every other session of the operator: whoever knew the old one is out. */
export async function changeOperatorPassword(db: Executor, c: { operatorId: number; passwordHash: string; keepSessionId: number; now: number }): Promise<void> {
  await db.updateTable('operators').set({ password_hash: c.passwordHash }).where('id', '=', c.operatorId).execute()
  await db
    .updateTable('operator_sessions')
    .set({ revoked_at: c.now })
    .where('operator_id', '=', c.operatorId)
    .where('id', '<>', c.keepSessionId)
    .where('revoked_at', 'is', null)
    .execute()
}

export async function insertOperatorSession(db: Executor, s: { operatorId: number; tokenHash: string; now: number; expiresAt: number }): Promise<void> {
  await db
    .insertInto('operator_sessions')
    .values({ operator_id: s.operatorId, token_hash: s.tokenHash, created_at: s.now, expires_at: s.expiresAt, revoked_at: null })
    .execute()
}

export type OperatorSession = Operator & { sessionId: number }

export async function findLiveOperatorSession(db: Executor, tokenHash: string, now: number): Promise<OperatorSession | undefined> {
  return db
    .selectFrom('operator_sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .select(['s.id as sessionId', 'o.id', 'o.username'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .executeTakeFirst()
}

export async function revokeOperatorSession(db: Executor, sessionId: number, now: number): Promise<void> {
  await db.updateTable('operator_sessions').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute()
}

export type AuditInput = { operator: string; action: string; userId?: number | null; subject?: string | null; detail?: Record<string, unknown>; now: number }

export async function audit(db: Executor, a: AuditInput): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ operator: a.operator, action: a.action, user_id: a.userId ?? null, subject: a.subject ?? null, detail: JSON.stringify(a.detail ?? {}), at: a.now })
    .execute()
}

export type AuditRecord = { id: number; operator: string; action: string; userId: number | null; account: string | null; subject: string | null; detail: unknown; at: number }

/** Newest first; one user's actions when `userId` is given. */
export async function auditPage(db: Executor, q: { userId?: number; page: number; size: number }): Promise<{ data: AuditRecord[]; total: number }> {
  let base = db.selectFrom('audit_log as a')
  if (q.userId !== undefined) base = base.where('a.user_id', '=', q.userId)
  const [rows, count] = await Promise.all([
    base
      .leftJoin('users as u', 'u.id', 'a.user_id')
      .select(['a.id', 'a.operator', 'a.action', 'a.user_id as userId', 'u.account', 'a.subject', 'a.detail', 'a.at'])
      .orderBy('a.id', 'desc')
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { data: rows.map((r) => ({ ...r, detail: JSON.parse(r.detail) as unknown })), total: Number(count.n) }
}
