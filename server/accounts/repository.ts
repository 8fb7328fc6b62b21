/**
 * Users and their invite codes. `users` holds the account (mobile number), password hashes and
 * real-name state; `invite_codes` holds organisation codes (no owner) and every user's own code.
 */
import { type RealNameStatus, type User } from '../db/types'
import { newInviteCode } from './tokens'
import { SENT_WITH_NEXT, type Executor, type Tx } from '../db/executor'
import { runStatement } from '../db/columns'
import { type UserSummary } from '../../src/contract/admin-replies'

export async function findUserByAccount(db: Executor, account: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('account', '=', account).executeTakeFirst()
}

export async function findUserById(db: Executor, id: number): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
}

/**
 * Locks the user's row until the transaction ends. Every transaction that changes a user's
 * balance takes this lock first, so two debits of one user run one after the other.
 */
export async function lockUsers(trx: Tx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return
  // Sorted, so two transactions locking the same users never wait on each other in a cycle.
  const sorted = [...new Set(ids)].sort((a, b) => a - b)
  await runStatement(trx, LOCK_USERS, [sorted])
}

// Nothing is read from it, so on PostgreSQL it goes with the statement after it (SENT_WITH_NEXT):
// that one starts once the locks are held, with a snapshot that sees what their holders committed.
const LOCK_USERS = `${SENT_WITH_NEXT}select id from users where id = any($1::bigint[]) order by id for update`

export async function inviteCodeExists(db: Executor, code: string): Promise<boolean> {
  const row = await db.selectFrom('invite_codes').select('code').where('code', '=', code).executeTakeFirst()
  return row !== undefined
}

export async function userInviteCode(db: Executor, userId: number): Promise<string | null> {
  const row = await db.selectFrom('invite_codes').select('code').where('owner_user_id', '=', userId).executeTakeFirst()
  return row?.code ?? null
}

export async function insertOrganisationCode(db: Executor, code: string, note: string, now: number): Promise<void> {
  await db
    .insertInto('invite_codes')
    .values({ code, owner_user_id: null, note, created_at: now })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute()
}

export type NewAccount = {
  account: string
  passwordHash: string
  fundPasswordHash?: string | null
  invitedByCode: string
  realName?: { status: RealNameStatus; name: string | null }
  now: number
}

/**
 * Inserts the user and gives them their own invite code. Returns null when the account is
 * taken (the unique constraint decides, so two racing registrations cannot both win).
 */
export async function insertUser(trx: Tx, input: NewAccount): Promise<{ id: number; inviteCode: string } | null> {
  const inserted = await trx
    .insertInto('users')
    .values({
      account: input.account,
      password_hash: input.passwordHash,
      fund_password_hash: input.fundPasswordHash ?? null,
      invited_by_code: input.invitedByCode,
      real_name_status: input.realName?.status ?? 'none',
      real_name: input.realName?.name ?? null,
      real_name_reason: null,
      created_at: input.now,
    })
    .onConflict((oc) => oc.column('account').doNothing())
    .returning('id')
    .executeTakeFirst()
  if (!inserted) return null
  // 32^8 codes: a collision is rare, and the primary key catches it; try again with a new one.
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = newInviteCode()
    const row = await trx
      .insertInto('invite_codes')
      .values({ code, owner_user_id: inserted.id, note: null, created_at: input.now })
      .onConflict((oc) => oc.column('code').doNothing())
      .returning('code')
      .executeTakeFirst()
    if (row) return { id: inserted.id, inviteCode: row.code }
  }
  throw new Error('could not find a free invite code in 10 tries')
}

export async function updatePasswordHash(trx: Tx, userId: number, passwordHash: string): Promise<void> {
  await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute()
}

export async function updateFundPasswordHash(trx: Tx, userId: number, fundPasswordHash: string): Promise<void> {
  await trx.updateTable('users').set({ fund_password_hash: fundPasswordHash }).where('id', '=', userId).execute()
}

export async function countUsers(db: Executor): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  return row.n
}

export type { UserSummary }

/** The back office's user search: by account prefix or by a part of the verified name. */
export async function searchUsers(db: Executor, query: string, limit: number): Promise<UserSummary[]> {
  const like = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return db
    .selectFrom('users')
    .select(['id', 'account', 'real_name as realName', 'real_name_status as realNameStatus', 'created_at as createdAt'])
    .where((eb) => eb.or([eb('account', 'like', `${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`), eb('real_name', 'ilike', like)]))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}
