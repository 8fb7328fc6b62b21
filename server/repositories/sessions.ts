/**
 * Sign-in sessions. A row holds the sha256 of the token (never the token), its expiry and its
 * revocation time; a session is live when not revoked and not expired.
 */
import { type Executor } from './executor'

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

/** The session the token opens, only if it belongs to `account` and is still live at `now`. */
export async function findLiveSession(
  db: Executor,
  tokenHash: string,
  account: string,
  now: number,
): Promise<LiveSession | undefined> {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id as sessionId', 'u.id as userId', 'u.account as account', 's.expires_at as expiresAt'])
    .where('s.token_hash', '=', tokenHash)
    .where('u.account', '=', account)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .executeTakeFirst()
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
