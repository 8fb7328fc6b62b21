/**
 * Account flags (frozen, login banned, disabled, no trade, no withdrawal): one row per flag that
 * is on, with the reason the user is shown. The back office sets and clears them (admin-service.ts).
 */
import { type AccountFlag, type FlagReasons } from './rules'
import { type Executor } from '../db/executor'

export async function flagsOf(db: Executor, userId: number): Promise<FlagReasons> {
  const rows = await db.selectFrom('account_flags').select(['flag', 'reason']).where('user_id', '=', userId).execute()
  const flags: FlagReasons = {}
  for (const row of rows) flags[row.flag] = row.reason
  return flags
}

export async function setFlag(
  db: Executor,
  input: { userId: number; flag: AccountFlag; reason: string; setBy: string | null; now: number },
): Promise<void> {
  await db
    .insertInto('account_flags')
    .values({ user_id: input.userId, flag: input.flag, reason: input.reason, set_by: input.setBy, set_at: input.now })
    .onConflict((oc) =>
      oc.columns(['user_id', 'flag']).doUpdateSet({ reason: input.reason, set_by: input.setBy, set_at: input.now }),
    )
    .execute()
}

/** False when the flag was not on. */
export async function clearFlag(db: Executor, userId: number, flag: AccountFlag): Promise<boolean> {
  const result = await db.deleteFrom('account_flags').where('user_id', '=', userId).where('flag', '=', flag).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
