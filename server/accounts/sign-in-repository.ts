/**
 * Daily sign-ins: one row per user per India day with the reward paid and its ledger entry.
 * The (user_id, day) primary key is what makes "once a day" hold under concurrent requests.
 */
import { sql } from 'kysely'
import { type Executor, type Tx } from '../db/executor'

/** Returns false when the user already has a row for that day. */
export async function insertSignIn(
  trx: Tx,
  input: { userId: number; day: string; reward: number; entryId: number; now: number },
): Promise<boolean> {
  const row = await trx
    .insertInto('sign_ins')
    .values({ user_id: input.userId, day: input.day, reward: input.reward, entry_id: input.entryId, created_at: input.now })
    .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
    .returning('day')
    .executeTakeFirst()
  return row !== undefined
}

export async function hasSignedIn(db: Executor, userId: number, day: string): Promise<boolean> {
  const row = await db.selectFrom('sign_ins').select('day').where('user_id', '=', userId).where('day', '=', day).executeTakeFirst()
  return row !== undefined
}

export async function signInSummary(db: Executor, userId: number): Promise<{ count: number; lastDay: string | null }> {
  const row = await db
    .selectFrom('sign_ins')
    .select([sql<number>`count(*)`.as('count'), sql<string | null>`max(day)`.as('lastDay')])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return { count: row.count, lastDay: row.lastDay }
}
