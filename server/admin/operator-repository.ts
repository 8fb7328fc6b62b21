/**
 * The back office's people (issue 4): operator accounts and their sessions (only the sha256 of a
 * token is kept). The audit log is audit-repository.ts.
 */
import { type Executor } from '../db/executor'

/** `mustChangePassword`: the password came from a setting, and only changing it is allowed until then. */
export type Operator = { id: number; username: string; mustChangePassword: boolean }
export type OperatorRecord = Operator & { passwordHash: string }

export async function findOperator(db: Executor, username: string): Promise<OperatorRecord | undefined> {
  return db
    .selectFrom('operators')
    .select(['id', 'username', 'must_change_password as mustChangePassword', 'password_hash as passwordHash'])
    .where('username', '=', username)
    .executeTakeFirst()
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
  o: { username: string; passwordHash: string; createdBy: string | null; now: number; mustChangePassword?: boolean },
): Promise<Operator | null> {
  const row = await db
    .insertInto('operators')
    .values({ username: o.username, password_hash: o.passwordHash, created_by: o.createdBy, created_at: o.now, must_change_password: o.mustChangePassword ?? false })
    .onConflict((oc) => oc.column('username').doNothing())
    .returning(['id', 'username', 'must_change_password as mustChangePassword'])
    .executeTakeFirst()
  return row ?? null
}

/** A new password ends every other session of the operator: whoever knew the old one is out. It lifts the must-change flag. */
export async function changeOperatorPassword(db: Executor, c: { operatorId: number; passwordHash: string; keepSessionId: number; now: number }): Promise<void> {
  await db.updateTable('operators').set({ password_hash: c.passwordHash, must_change_password: false }).where('id', '=', c.operatorId).execute()
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
    .select(['s.id as sessionId', 'o.id', 'o.username', 'o.must_change_password as mustChangePassword'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .executeTakeFirst()
}

export async function revokeOperatorSession(db: Executor, sessionId: number, now: number): Promise<void> {
  await db.updateTable('operator_sessions').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute()
}
