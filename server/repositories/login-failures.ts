/**
 * Failed sign-in attempts by account and by client address, the input of the login rate limit.
 * In the database, not in memory, so every API process counts the same tries (DESIGN.md 7).
 */
import { type Executor } from './executor'

export type FailureKey = { column: 'account' | 'client_ip'; value: string }

/** The newest `limit` failure times for the key since `since`: all the rate limit needs. */
export async function recentFailures(db: Executor, key: FailureKey, since: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('login_failures')
    .select('at')
    .where(key.column, '=', key.value)
    .where('at', '>', since)
    .orderBy('at', 'desc')
    .limit(limit)
    .execute()
  return rows.map((r) => r.at)
}

export async function recordFailure(db: Executor, account: string, clientIp: string, now: number): Promise<void> {
  await db.insertInto('login_failures').values({ account, client_ip: clientIp, at: now }).execute()
}

/** A correct password proves the owner is back: their account's count starts again. */
export async function clearAccountFailures(db: Executor, account: string): Promise<void> {
  await db.deleteFrom('login_failures').where('account', '=', account).execute()
}

export async function purgeOldFailures(db: Executor, before: number): Promise<number> {
  const result = await db.deleteFrom('login_failures').where('at', '<', before).executeTakeFirst()
  return Number(result.numDeletedRows)
}
