/**
 * Credit loans' SQL (issue 12): loans with their accruals and repayments, the facts the credit
 * score is read from, credit requests, and the review queues' lists and decisions. The rules are
 * rules.ts, the operations service.ts.
 */
import { sql } from 'kysely'
import { type Executor, type Tx } from '../db/executor'
import { type RealNameStatus } from '../db/types'
import { type CreditFacts, type CreditRequestRow, type LoanRow } from './rules'

/** Any constant: the key of the advisory lock under which the day's quota is read and spent. */
const LOAN_QUOTA_LOCK = 1_764_400_000

export async function loanById(db: Executor, id: number): Promise<LoanRow | undefined> {
  return db.selectFrom('loans').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The loan, locked for this transaction: a repayment, a cancellation, the review and the interest job take turns. */
export async function lockLoan(trx: Tx, id: number): Promise<LoanRow | undefined> {
  return trx.selectFrom('loans').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
}

/** The account's pending or borrowing loan (at most one: loans_one_unpaid). */
export async function unpaidLoanOf(db: Executor, userId: number): Promise<LoanRow | undefined> {
  return db.selectFrom('loans').selectAll().where('user_id', '=', userId).where('status', 'in', ['pending', 'borrowing']).orderBy('id', 'desc').executeTakeFirst()
}

/**
 * The principal asked on India day `day` by applications that still count, read under a lock
 * every application takes, so two simultaneous ones cannot both fit in the last of the quota.
 */
export async function lockedAppliedOnDay(trx: Tx, day: string): Promise<number> {
  await sql`select pg_advisory_xact_lock(${LOAN_QUOTA_LOCK})`.execute(trx)
  const { rows } = await sql<{ sum: number | string | null }>`
    select coalesce(sum(amount), 0)::bigint as sum from loans where day = ${day} and status in ('pending', 'borrowing', 'completed')`.execute(trx)
  return Number(rows[0]?.sum ?? 0)
}

export async function insertLoan(
  trx: Tx,
  l: { userId: number; amount: number; dailyRatePerLakh: number; termDays: number; score: number; borrowable: number; day: string; now: number },
): Promise<LoanRow> {
  return trx
    .insertInto('loans')
    .values({
      user_id: l.userId,
      amount: l.amount,
      daily_rate_per_lakh: l.dailyRatePerLakh,
      term_days: l.termDays,
      score: l.score,
      borrowable: l.borrowable,
      day: l.day,
      disbursed_at: null,
      disbursement_entry_id: null,
      due_at: null,
      cooling_off_until: null,
      completed_at: null,
      reason: null,
      decided_by: null,
      decided_at: null,
      created_at: l.now,
      updated_at: l.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** What the credit score is read from, or undefined for no such user. */
export async function creditFactsOf(db: Executor, userId: number, q: { now: number; tradesFrom: number }): Promise<CreditFacts | undefined> {
  const { rows } = await sql<{ real_name_status: RealNameStatus; created_at: number | string; trades: number; on_time: number; late: number }>`
    select u.real_name_status, u.created_at,
      (select count(*)::int from orders o where o.user_id = u.id and o.opened_at is not null and o.opened_at > ${q.tradesFrom} and o.opened_at <= ${q.now}) as trades,
      (select count(*)::int from loans l where l.user_id = u.id and l.status = 'completed' and l.completed_at <= l.due_at) as on_time,
      (select count(*)::int from loans l where l.user_id = u.id
        and ((l.status = 'completed' and l.completed_at > l.due_at) or (l.status = 'borrowing' and l.due_at < ${q.now}))) as late
    from users u where u.id = ${userId}`.execute(db)
  const row = rows[0]
  if (!row) return undefined
  return { realNameStatus: row.real_name_status, createdAt: Number(row.created_at), trades: row.trades, loansRepaidOnTime: row.on_time, lateRepayments: row.late }
}

/** Credit granted on request: the approved requests' sum. */
export async function extraCreditOf(db: Executor, userId: number): Promise<number> {
  const { rows } = await sql<{ sum: number | string }>`
    select coalesce(sum(amount), 0)::bigint as sum from credit_requests where user_id = ${userId} and status = 'approved'`.execute(db)
  return Number(rows[0]?.sum ?? 0)
}

export async function latestCreditRequest(db: Executor, userId: number): Promise<CreditRequestRow | undefined> {
  return db
    .selectFrom('credit_requests')
    .select(['id', 'user_id', 'amount', 'status', 'reason', 'created_at', 'decided_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirst()
}

export async function hasPendingCreditRequest(db: Executor, userId: number): Promise<boolean> {
  const row = await db.selectFrom('credit_requests').select('id').where('user_id', '=', userId).where('status', '=', 'pending').executeTakeFirst()
  return row !== undefined
}

export async function insertCreditRequest(trx: Tx, r: { userId: number; amount: number; now: number }): Promise<CreditRequestRow> {
  return trx
    .insertInto('credit_requests')
    .values({ user_id: r.userId, amount: r.amount, reason: null, decided_by: null, created_at: r.now, decided_at: null })
    .returning(['id', 'user_id', 'amount', 'status', 'reason', 'created_at', 'decided_at'])
    .executeTakeFirstOrThrow()
}

export async function updateLoan(trx: Tx, id: number, set: Partial<Omit<LoanRow, 'id' | 'user_id'>>): Promise<LoanRow> {
  return trx.updateTable('loans').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow()
}

export async function insertAccruals(
  trx: Tx,
  rows: { loanId: number; day: number; principal: number; interest: number; owedAfter: number; entryId: number | null; at: number; now: number }[],
): Promise<number> {
  if (rows.length === 0) return 0
  const inserted = await trx
    .insertInto('loan_accruals')
    .values(
      rows.map((r) => ({ loan_id: r.loanId, day: r.day, principal: r.principal, interest: r.interest, owed_after: r.owedAfter, entry_id: r.entryId, at: r.at, created_at: r.now })),
    )
    .returning('day')
    .execute()
  return inserted.length
}

export async function insertRepayment(
  trx: Tx,
  r: { loanId: number; kind: 'repayment' | 'cancellation'; amount: number; interestPart: number; principalPart: number; owedAfter: number; entryId: number; now: number },
): Promise<void> {
  await trx
    .insertInto('loan_repayments')
    .values({
      loan_id: r.loanId,
      kind: r.kind,
      amount: r.amount,
      interest_part: r.interestPart,
      principal_part: r.principalPart,
      owed_after: r.owedAfter,
      entry_id: r.entryId,
      created_at: r.now,
    })
    .execute()
}

/**
 * Borrowing loans with an interest day fallen by `now` and not yet accrued, oldest first: a range
 * of loans_interest_due_idx on the stored next day (1764800500000_loan_interest_due), so the job's
 * cost follows the loans due, not the loans open.
 */
export async function loansWithInterestDue(db: Executor, now: number): Promise<{ id: number }[]> {
  const rows = await db
    .selectFrom('loans')
    .select('id')
    .where('status', '=', 'borrowing')
    .where('next_interest_at', '<=', now)
    .orderBy('id')
    .execute()
  return rows.map((r) => ({ id: Number(r.id) }))
}

export async function loansPage(db: Executor, q: { userId: number; page: number; size: number }): Promise<{ rows: LoanRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('loans')
      .selectAll()
      .where('user_id', '=', q.userId)
      .orderBy('id', 'desc')
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute(),
    db.selectFrom('loans').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', q.userId).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}

export async function accrualsOf(db: Executor, loanIds: readonly number[]) {
  if (loanIds.length === 0) return []
  return db.selectFrom('loan_accruals').selectAll().where('loan_id', 'in', loanIds).orderBy('loan_id').orderBy('day').execute()
}

export async function repaymentsOf(db: Executor, loanIds: readonly number[]) {
  if (loanIds.length === 0) return []
  return db.selectFrom('loan_repayments').selectAll().where('loan_id', 'in', loanIds).orderBy('id').execute()
}

/** A pending credit request decided, or undefined when it is no longer pending. */
export async function markCreditDecided(trx: Tx, d: { id: number; approve: boolean; reason: string | null; operator: string; now: number }) {
  return trx
    .updateTable('credit_requests')
    .set({ status: d.approve ? 'approved' : 'rejected', reason: d.reason, decided_by: d.operator, decided_at: d.now })
    .where('id', '=', d.id)
    .where('status', '=', 'pending')
    .returning(['id', 'user_id', 'amount'])
    .executeTakeFirst()
}

type ReviewListQuery = { status: 'pending' | 'approved' | 'rejected'; limit: number }

/** The loan queue: pending oldest first; approved (paid out, whatever happened since) and rejected newest first. */
export async function loanReviews(db: Executor, q: ReviewListQuery) {
  let query = db
    .selectFrom('loans as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['l.id', 'l.user_id as userId', 'u.account', 'l.status', 'l.reason', 'l.decided_by as decidedBy', 'l.created_at as createdAt', 'l.decided_at as decidedAt'])
    .select(['l.amount', 'l.daily_rate_per_lakh', 'l.term_days', 'l.score', 'l.borrowable'])
  query = q.status === 'approved' ? query.where('l.disbursed_at', 'is not', null) : query.where('l.status', '=', q.status)
  return query
    .orderBy('l.id', q.status === 'pending' ? 'asc' : 'desc')
    .limit(q.limit)
    .execute()
}

export async function creditReviews(db: Executor, q: ReviewListQuery) {
  return db
    .selectFrom('credit_requests as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.user_id as userId', 'u.account', 'c.status', 'c.reason', 'c.decided_by as decidedBy', 'c.created_at as createdAt', 'c.decided_at as decidedAt', 'c.amount'])
    .select(
      sql<number>`(select coalesce(sum(g.amount), 0)::bigint from credit_requests g where g.user_id = c.user_id and g.status = 'approved' and g.id <> c.id)`.as('granted'),
    )
    .where('c.status', '=', q.status)
    .orderBy('c.id', q.status === 'pending' ? 'asc' : 'desc')
    .limit(q.limit)
    .execute()
}
