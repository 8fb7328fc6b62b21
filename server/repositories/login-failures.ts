/**
 * Sign-in attempts by account and by client address, the input of the login rate limit: a row
 * is written when an attempt starts, kept when the password was wrong, and removed when the
 * attempt was blocked or succeeded. Counting the rows written before one's own therefore counts
 * attempts still in flight too, so a burst of simultaneous guesses cannot pass the limit.
 * In the database, not in memory, so every API process counts the same tries (DESIGN.md 7).
 */
import { sql } from 'kysely'
import { type AttemptDecision, type AttemptLimits, decideLogin } from '../domain/rate-limit'
import { type Executor } from './executor'

export type FailureKey = { column: 'account' | 'client_ip'; value: string }

/**
 * The newest `limit` attempt times for the key since `since` that started before attempt
 * `beforeId` (failed or still in flight): all the rate limit needs.
 */
export async function recentFailures(db: Executor, key: FailureKey, since: number, limit: number, beforeId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('login_failures')
    .select('at')
    .where(key.column, '=', key.value)
    .where('at', '>', since)
    .where('id', '<', beforeId)
    .orderBy('at', 'desc')
    .limit(limit)
    .execute()
  return rows.map((r) => r.at)
}

/**
 * Starts an attempt; it counts as a failure until forgetAttempt or clearAccountFailures removes it.
 * Run it and the counts in one transaction: the locks make attempts on one account or address take
 * turns, because ids come from a sequence before commit, so an attempt with a lower id could
 * otherwise still be invisible when a later one counts.
 */
export async function recordAttempt(db: Executor, account: string, clientIp: string, now: number): Promise<number> {
  // Always account before address, so two attempts never wait for each other in opposite orders.
  await sql`select pg_advisory_xact_lock(${ATTEMPT_LOCK_ACCOUNT}, hashtext(${account}))`.execute(db)
  await sql`select pg_advisory_xact_lock(${ATTEMPT_LOCK_ADDRESS}, hashtext(${clientIp}))`.execute(db)
  const row = await db.insertInto('login_failures').values({ account, client_ip: clientIp, at: now }).returning('id').executeTakeFirstOrThrow()
  return Number(row.id)
}

/** The first key of the two-key advisory locks above; any constants distinct from each other. */
const ATTEMPT_LOCK_ACCOUNT = 7301
const ATTEMPT_LOCK_ADDRESS = 7302

/** A blocked attempt never reached the password check: it does not lengthen the block. */
export async function forgetAttempt(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('login_failures').where('id', '=', id).execute()
}

/** A correct password proves the owner is back: their account's count starts again. */
export async function clearAccountFailures(db: Executor, account: string): Promise<void> {
  await db.deleteFrom('login_failures').where('account', '=', account).execute()
}

export async function purgeOldFailures(db: Executor, before: number): Promise<number> {
  const result = await db.deleteFrom('login_failures').where('at', '<', before).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/**
 * Starts an attempt and judges it against the failures before it, in one transaction (see
 * recordAttempt). A blocked attempt must then be forgotten; a failed one is kept.
 */
export async function beginAttempt(
  db: Executor,
  a: { account: string; clientIp: string; now: number; limits: AttemptLimits },
): Promise<{ attemptId: number; decision: AttemptDecision }> {
  const since = a.now - a.limits.windowMs
  return db.transaction().execute(async (trx) => {
    const attemptId = await recordAttempt(trx, a.account, a.clientIp, a.now)
    const [byAccount, byAddress] = await Promise.all([
      recentFailures(trx, { column: 'account', value: a.account }, since, a.limits.account, attemptId),
      recentFailures(trx, { column: 'client_ip', value: a.clientIp }, since, a.limits.clientIp, attemptId),
    ])
    const decision = decideLogin(
      [
        { failures: byAccount, rule: { limit: a.limits.account, windowMs: a.limits.windowMs } },
        { failures: byAddress, rule: { limit: a.limits.clientIp, windowMs: a.limits.windowMs } },
      ],
      a.now,
    )
    return { attemptId, decision }
  })
}
