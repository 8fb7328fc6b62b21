/**
 * Password guesses and registrations by key and by client address, the input of the guess limits
 * (server/accounts/guess-limit-rules.ts), plus what an account's owner is told of failed sign-ins.
 *
 * login_failures: a row is written when an attempt starts, kept when the password was wrong, and
 * removed when the attempt was blocked or succeeded. Counting the rows written before one's own
 * therefore counts attempts still in flight too, so a burst of simultaneous guesses cannot pass
 * the limit. `account` is the key: a user's phone number for sign-in, or a key space of its own
 * ('operator:<name>', 'password:<user id>', 'fund:<user id>', ...) so a guess elsewhere never
 * blocks a sign-in. registration_attempts and support_guest_creations: one row per registration
 * (or new guest support thread) that reached the database checks, by address. All are purged
 * once older than their window (plugins/cleanup.ts).
 * users.failed_sign_ins*: counters, not rows, so a flood of guesses cannot grow the table.
 * All in the database, not in memory, so every API process counts the same tries (DESIGN.md 7).
 */
import { sql } from 'kysely'
import { type Executor, type Tx } from '../db/executor'

/** Failures of one key, of one address, or of one key from one address. */
export type FailureFilter = { account?: string; clientIp?: string }

/**
 * The newest `limit` attempt times matching `filter` since `since` that started before attempt
 * `beforeId` (failed or still in flight): all a rate limit needs.
 */
export async function recentFailures(db: Executor, filter: FailureFilter, since: number, limit: number, beforeId: number): Promise<number[]> {
  let query = db.selectFrom('login_failures').select('at').where('at', '>', since).where('id', '<', beforeId)
  if (filter.account !== undefined) query = query.where('account', '=', filter.account)
  if (filter.clientIp !== undefined) query = query.where('client_ip', '=', filter.clientIp)
  const rows = await query.orderBy('at', 'desc').limit(limit).execute()
  return rows.map((r) => r.at)
}

/**
 * Starts an attempt; it counts as a failure until forgetAttempt or a clear removes it.
 * Run it and the counts in one transaction: the locks make attempts on one account or address take
 * turns, because ids come from a sequence before commit, so an attempt with a lower id could
 * otherwise still be invisible when a later one counts.
 */
export async function recordAttempt(db: Tx, account: string, clientIp: string, now: number): Promise<number> {
  // Always account before address, so two attempts never wait for each other in opposite orders.
  await sql`select pg_advisory_xact_lock(${ATTEMPT_LOCK_ACCOUNT}, hashtext(${account}))`.execute(db)
  await sql`select pg_advisory_xact_lock(${ATTEMPT_LOCK_ADDRESS}, hashtext(${clientIp}))`.execute(db)
  const row = await db.insertInto('login_failures').values({ account, client_ip: clientIp, at: now }).returning('id').executeTakeFirstOrThrow()
  return Number(row.id)
}

/** The first key of the two-key advisory locks; any constants distinct from each other. */
const ATTEMPT_LOCK_ACCOUNT = 7301
const ATTEMPT_LOCK_ADDRESS = 7302

/** A blocked attempt never reached the password check: it does not lengthen the block. */
export async function forgetAttempt(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('login_failures').where('id', '=', id).execute()
}

/** A right guess proves the owner: the key's count starts again (fund and session passwords). */
export async function clearAccountFailures(db: Executor, account: string): Promise<void> {
  await db.deleteFrom('login_failures').where('account', '=', account).execute()
}

/**
 * A sign-in that succeeded clears only its own account-and-address count (the owner's typos):
 * guesses from other addresses keep slowing the account down until they leave the window, or an
 * attacker could have the owner reset his budget simply by signing in.
 */
export async function clearAccountAddressFailures(db: Executor, account: string, clientIp: string): Promise<void> {
  await db.deleteFrom('login_failures').where('account', '=', account).where('client_ip', '=', clientIp).execute()
}

export async function purgeOldFailures(db: Executor, before: number): Promise<number> {
  const result = await db.deleteFrom('login_failures').where('at', '<', before).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/**
 * Tables that count one row per request from an address, for a plain limit per address:
 * registrations, and new customer-service threads opened without a session (issue 13).
 */
export type AddressCountTable = 'registration_attempts' | 'support_guest_creations'

/** Requests from one address take turns until the transaction ends (see recordAttempt). */
export async function lockAddressCount(trx: Tx, table: AddressCountTable, clientIp: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${table}), hashtext(${clientIp}))`.execute(trx)
}

/** The newest `limit` request times from `clientIp` since `since`. */
export async function recentFromAddress(db: Executor, table: AddressCountTable, clientIp: string, since: number, limit: number): Promise<number[]> {
  const rows = await db.selectFrom(table).select('at').where('client_ip', '=', clientIp).where('at', '>', since).orderBy('at', 'desc').limit(limit).execute()
  return rows.map((r) => r.at)
}

export async function insertFromAddress(db: Executor, table: AddressCountTable, clientIp: string, now: number): Promise<void> {
  await db.insertInto(table).values({ client_ip: clientIp, at: now }).execute()
}

export async function purgeOldFromAddress(db: Executor, table: AddressCountTable, before: number): Promise<number> {
  const result = await db.deleteFrom(table).where('at', '<', before).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** A wrong password for an existing account: its owner is told at the next look (failedSignInsOf). The count since the last sign-in, this one included. */
export async function noteFailedSignIn(db: Executor, userId: number, now: number): Promise<number> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ failed_sign_ins: eb('failed_sign_ins', '+', 1), last_failed_sign_in_at: now }))
    .where('id', '=', userId)
    .returning('failed_sign_ins')
    .executeTakeFirst()
  return row?.failed_sign_ins ?? 0
}

/**
 * A successful sign-in: the failures counted since the one before become "before this sign-in",
 * and a new count starts. The owner is shown both (failedSignInsOf), so what happened before he
 * signed in stays on the screen until his next sign-in.
 */
export async function rollFailedSignIns(db: Executor, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      failed_sign_ins_before: eb.ref('failed_sign_ins'),
      last_failed_sign_in_before_at: eb.ref('last_failed_sign_in_at'),
      failed_sign_ins: 0,
      last_failed_sign_in_at: null,
    }))
    .where('id', '=', userId)
    .execute()
}
