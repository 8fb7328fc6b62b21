/**
 * Account deletion's SQL: the requests (deletion_requests), the facts that block one, and the
 * closure that ends the account and erases what the law does not keep. Data export's queries are
 * export-repository.ts.
 */
import { sql } from 'kysely'
import { type Executor, type Tx } from '../db/executor'
import { type DeletionRequest, type DeletionStatus } from '../../src/contract/replies'
import { userAccount } from '../ledger/rules'
import { type BlockerFacts } from './rules'

const requestColumns = ['id', 'status', 'reason', 'created_at as createdAt', 'decided_at as decidedAt'] as const

/** The user's latest request, or undefined when none was made. */
export async function latestDeletionRequest(db: Executor, userId: number): Promise<DeletionRequest | undefined> {
  return db.selectFrom('deletion_requests').select(requestColumns).where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst()
}

/** A new pending request; null when one is pending already (the partial unique index decides a race). */
export async function insertDeletionRequest(
  trx: Tx,
  r: { userId: number; financialYears: number; investmentYears: number; now: number },
): Promise<DeletionRequest | null> {
  const row = await trx
    .insertInto('deletion_requests')
    .values({ user_id: r.userId, status: 'pending', financial_years: r.financialYears, investment_years: r.investmentYears, reason: null, created_at: r.now, decided_at: null, decided_by: null })
    .onConflict((oc) => oc.column('user_id').where('status', '=', sql.lit('pending')).doNothing()) // a literal, so PostgreSQL infers the partial index
    .returning(requestColumns)
    .executeTakeFirst()
  return row ?? null
}

/** Cancels the user's pending request; false when none is pending. */
export async function cancelDeletionRequest(trx: Tx, userId: number, now: number): Promise<boolean> {
  const row = await trx
    .updateTable('deletion_requests')
    .set({ status: 'cancelled', decided_at: now })
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst()
  return row !== undefined
}

/** Decides a pending request; undefined when it is no longer pending. */
export async function markDeletionDecided(
  trx: Tx,
  d: { id: number; approve: boolean; reason: string | null; operator: string; now: number },
): Promise<{ userId: number; financialYears: number; investmentYears: number } | undefined> {
  const status: DeletionStatus = d.approve ? 'approved' : 'rejected'
  return trx
    .updateTable('deletion_requests')
    .set({ status, reason: d.reason, decided_by: d.operator, decided_at: d.now })
    .where('id', '=', d.id)
    .where('status', '=', 'pending')
    .returning(['user_id as userId', 'financial_years as financialYears', 'investment_years as investmentYears'])
    .executeTakeFirst()
}

/** Money left in each wallet currency, available and frozen together (the ledger's legs). */
export async function walletTotals(db: Executor, userId: number): Promise<{ currency: string; available: number; frozen: number }[]> {
  const available = userAccount(userId, 'available')
  const frozen = userAccount(userId, 'frozen')
  const { rows } = await sql<{ currency: string; available: string | number; frozen: string | number }>`
    select currency,
      coalesce(sum(amount) filter (where account = ${available}), 0)::bigint as available,
      coalesce(sum(amount) filter (where account = ${frozen}), 0)::bigint as frozen
    from ledger_legs where account in (${available}, ${frozen})
    group by currency order by currency`.execute(db)
  return rows.map((r) => ({ currency: r.currency, available: Number(r.available), frozen: Number(r.frozen) }))
}

async function count(db: Executor, query: ReturnType<typeof sql<{ n: string | number }>>): Promise<number> {
  const { rows } = await query.execute(db)
  return Number(rows[0]?.n ?? 0)
}

/** What stops the account from being deleted now. */
export async function blockerFacts(db: Executor, userId: number): Promise<BlockerFacts> {
  const [openPositions, runningInvestments, pendingOrders, wallets, unpaidLoans, pending] = await Promise.all([
    count(db, sql`select count(*) as n from orders where user_id = ${userId} and status in ('locked', 'holding', 'preparing_to_close')`),
    count(db, sql`select count(*) as n from follow_investments where user_id = ${userId} and status = 'in_progress'`),
    count(db, sql`select count(*) as n from orders where user_id = ${userId} and status = 'pending'`),
    walletTotals(db, userId),
    count(db, sql`select count(*) as n from loans where user_id = ${userId} and status = 'borrowing'`),
    count(
      db,
      sql`select
        (select count(*) from withdrawals where user_id = ${userId} and status = 'pending')
        + (select count(*) from recharges where user_id = ${userId} and status = 'pending')
        + (select count(*) from loans where user_id = ${userId} and status = 'pending')
        + (select count(*) from credit_requests where user_id = ${userId} and status = 'pending')
        + (select count(*) from dividend_applications where user_id = ${userId} and status = 'pending')
        + (select count(*) from ipo_applications where user_id = ${userId} and status in ('applied', 'won', 'pending_payment'))
        + (select count(*) from block_applications where user_id = ${userId} and status = 'applied') as n`,
    ),
  ])
  return {
    openPositions: openPositions + runningInvestments,
    pendingOrders,
    walletsWithMoney: wallets.filter((w) => w.available !== 0 || w.frozen !== 0).map((w) => w.currency),
    unpaidLoans,
    pendingFundOperations: pending,
  }
}

/**
 * Closes the account for good and erases what no law keeps: the watchlist, the second factor,
 * the inbox, the USDT addresses and their payment QR pictures, the fund password and the
 * unfinished set-ups. Records the law keeps (ledger, orders, applications, loans, identity and
 * receipts, sign-ins, audit) stay, with their keep-until on the user's row. Every session ends.
 */
export async function closeAccount(trx: Tx, c: { userId: number; keepFinancialUntil: number; keepInvestmentUntil: number; now: number }): Promise<void> {
  const { userId, now } = c
  await trx
    .updateTable('users')
    .set({ closed_at: now, keep_financial_until: c.keepFinancialUntil, keep_investment_until: c.keepInvestmentUntil, fund_password_hash: null })
    .where('id', '=', userId)
    .execute()
  await trx.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute()
  await trx.deleteFrom('watchlist').where('user_id', '=', userId).execute()
  await trx.deleteFrom('totp_recovery_codes').where('user_id', '=', userId).execute()
  await trx.deleteFrom('totp').where('user_id', '=', userId).execute()
  await trx.deleteFrom('inbox_messages').where('user_id', '=', userId).execute()
  await trx.deleteFrom('usdt_addresses').where('user_id', '=', userId).execute()
  await trx.deleteFrom('uploads').where('user_id', '=', userId).where('kind', '=', 'payment_qr').execute()
  // Support pictures' bytes (the support area's upload kind, after the merge): the thread and its
  // messages stay as a complaint record, the pictures go. A no-op where no such upload exists.
  await sql`update uploads set bytes = ''::bytea where user_id = ${userId} and kind = 'support'`.execute(trx)
}

/** The deletion queue for the back office: who asked, when, and the retention years they were shown. */
export async function deletionReviews(db: Executor, q: { status: 'pending' | 'approved' | 'rejected'; limit: number }) {
  return db
    .selectFrom('deletion_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.user_id as userId', 'u.account', 'r.status', 'r.reason', 'r.decided_by as decidedBy', 'r.created_at as createdAt', 'r.decided_at as decidedAt'])
    .select(['r.financial_years', 'r.investment_years', 'u.closed_at', 'u.keep_financial_until', 'u.keep_investment_until'])
    .where('r.status', '=', q.status)
    .orderBy('r.id', q.status === 'pending' ? 'asc' : 'desc')
    .limit(q.limit)
    .execute()
}
