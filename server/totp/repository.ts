/**
 * Two-step sign-in's SQL: the secret (table totp) and the recovery codes (totp_recovery_codes).
 * The rules are totp.ts (pure); the steps that check and count guesses are service.ts.
 */
import { type Executor, type Tx } from '../db/executor'

export type TotpRow = { secret: string; enabledAt: number | null; lastUsedStep: number | null }

export async function totpOf(db: Executor, userId: number): Promise<TotpRow | undefined> {
  return db
    .selectFrom('totp')
    .select(['secret', 'enabled_at as enabledAt', 'last_used_step as lastUsedStep'])
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

/** Whether the user's two-step sign-in is on. */
export async function totpEnabled(db: Executor, userId: number): Promise<boolean> {
  const row = await db.selectFrom('totp').select('enabled_at').where('user_id', '=', userId).executeTakeFirst()
  return row?.enabled_at != null
}

/** A new secret, not on yet; replaces one that was never confirmed. False when one is on already. */
export async function putPendingSecret(trx: Tx, userId: number, secret: string, now: number): Promise<boolean> {
  const row = await trx
    .insertInto('totp')
    .values({ user_id: userId, secret, created_at: now, enabled_at: null, last_used_step: null })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret, created_at: now, last_used_step: null }).where('totp.enabled_at', 'is', null))
    .returning('user_id')
    .executeTakeFirst()
  return row !== undefined
}

/** Turns the pending secret on, with the step of the code that proved it, and stores the recovery codes' hashes. */
export async function enableTotp(trx: Tx, userId: number, step: number, codeHashes: readonly string[], now: number): Promise<boolean> {
  const row = await trx
    .updateTable('totp')
    .set({ enabled_at: now, last_used_step: step })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst()
  if (!row) return false
  await trx.deleteFrom('totp_recovery_codes').where('user_id', '=', userId).execute()
  await trx
    .insertInto('totp_recovery_codes')
    .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now, used_at: null })))
    .execute()
  return true
}

export async function disableTotp(trx: Tx, userId: number): Promise<void> {
  await trx.deleteFrom('totp_recovery_codes').where('user_id', '=', userId).execute()
  await trx.deleteFrom('totp').where('user_id', '=', userId).execute()
}

/**
 * Takes the code's step, once: false when a code of this step or a later one was already used
 * (a replayed code, or two racing requests with one code: the row decides).
 */
export async function takeStep(db: Executor, userId: number, step: number): Promise<boolean> {
  const row = await db
    .updateTable('totp')
    .set({ last_used_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .returning('user_id')
    .executeTakeFirst()
  return row !== undefined
}

/** Uses an unused recovery code with this hash, once; false when there is none. */
export async function takeRecoveryCode(db: Executor, userId: number, codeHash: string, now: number): Promise<boolean> {
  const row = await db
    .updateTable('totp_recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst()
  return row !== undefined
}
