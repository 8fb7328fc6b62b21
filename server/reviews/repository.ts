/**
 * The review queues' SQL (the queues themselves: service.ts). Every table a queue reviews has id,
 * user_id, status and created_at; the lists join what the operator needs to decide.
 */
import { type Executor } from '../db/executor'

export type ReviewStatus = 'pending' | 'approved' | 'rejected'

export type ReviewTable = 'real_name_submissions' | 'withdrawals' | 'recharges' | 'dividend_applications' | 'loans' | 'credit_requests' | 'deletion_requests'

export type ReviewListQuery = { status: ReviewStatus; limit: number }

/** Pending oldest first, decided newest first. */
const order = (status: ReviewStatus) => (status === 'pending' ? 'asc' : 'desc')

export async function realNameReviews(db: Executor, q: ReviewListQuery) {
  return db
    .selectFrom('real_name_submissions as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.user_id as userId', 'u.account', 'r.status', 'r.reason', 'r.decided_by as decidedBy', 'r.created_at as createdAt', 'r.decided_at as decidedAt'])
    .select(['r.name', 'r.id_number', 'r.pan', 'r.front_upload_id', 'r.back_upload_id'])
    .where('r.status', '=', q.status)
    .orderBy('r.id', order(q.status))
    .limit(q.limit)
    .execute()
}

export async function withdrawalReviews(db: Executor, q: ReviewListQuery) {
  return db
    .selectFrom('withdrawals as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .innerJoin('bank_cards as c', 'c.id', 'w.card_id')
    .select(['w.id', 'w.user_id as userId', 'u.account', 'w.status', 'w.reason', 'w.decided_by as decidedBy', 'w.created_at as createdAt', 'w.decided_at as decidedAt'])
    .select(['w.amount', 'u.real_name', 'c.holder', 'c.account_number', 'c.ifsc', 'c.bank', 'c.branch'])
    .where('w.status', '=', q.status)
    .orderBy('w.id', order(q.status))
    .limit(q.limit)
    .execute()
}

/** Requests in `table` pending since at or before `sentBy`, oldest first. */
export async function pendingSince(db: Executor, table: ReviewTable, sentBy: number): Promise<{ id: number }[]> {
  return db.selectFrom(table).select('id').where('status', '=', 'pending').where('created_at', '<=', sentBy).orderBy('id').execute()
}

/** How many requests in `table` wait for a decision. */
export async function countPending(db: Executor, table: ReviewTable): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow()
  return Number(row.n)
}

/** The user a request belongs to, or undefined when there is no such request. */
export async function ownerOf(db: Executor, table: ReviewTable, id: number): Promise<number | undefined> {
  return (await db.selectFrom(table).select('user_id').where('id', '=', id).executeTakeFirst())?.user_id
}
