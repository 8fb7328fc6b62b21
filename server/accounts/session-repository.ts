/**
 * Sign-in sessions. A row holds the sha256 of the token (never the token), its expiry and its
 * revocation time; a session is live when not revoked and not expired.
 */
import { sql } from 'kysely'
import { type Executor } from '../db/executor'

export type LiveSession = { sessionId: number; userId: number; account: string; expiresAt: number }

export async function insertSession(
  db: Executor,
  input: { userId: number; tokenHash: string; clientIp: string | null; now: number; expiresAt: number },
): Promise<number> {
  const row = await db
    .insertInto('sessions')
    .values({
      user_id: input.userId,
      token_hash: input.tokenHash,
      client_ip: input.clientIp,
      created_at: input.now,
      expires_at: input.expiresAt,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export type SessionLookup = { tokenHash: string; account: string; now: number }

/**
 * The session each token opens, only if it belongs to its `account` and is still live at its
 * `now`: several requests in one statement, answered in the order asked.
 */
export async function findLiveSessions(db: Executor, lookups: readonly SessionLookup[]): Promise<(LiveSession | undefined)[]> {
  if (lookups.length === 0) return []
  const wanted = lookups.map((l, n) => sql`(${n}::int, ${l.tokenHash}::text, ${l.account}::text, ${l.now}::bigint)`)
  const { rows } = await sql<LiveSession & { n: number }>`
    select w.n, s.id as "sessionId", u.id as "userId", u.account, s.expires_at as "expiresAt"
    from (values ${sql.join(wanted)}) as w (n, token_hash, account, now)
    join sessions s on s.token_hash = w.token_hash
    join users u on u.id = s.user_id and u.account = w.account
    where s.revoked_at is null and s.expires_at > w.now`.execute(db)
  const found = new Map(rows.map(({ n, ...session }) => [n, session]))
  return lookups.map((_, n) => found.get(n))
}

export async function revokeSession(db: Executor, sessionId: number, now: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute()
}

/** After a password change only the session that made it stays open. */
export async function revokeOtherSessions(db: Executor, userId: number, keepSessionId: number, now: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('id', '<>', keepSessionId)
    .where('revoked_at', 'is', null)
    .execute()
}

/** Sessions dead for longer than `keepMs` are of no further use. */
export async function purgeDeadSessions(db: Executor, now: number, keepMs: number): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', now - keepMs), eb('revoked_at', '<', now - keepMs)]))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** A flag that keeps the user out (frozen, banned, disabled) ends every session at once. */
export async function revokeAllSessions(db: Executor, userId: number, now: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute()
}
