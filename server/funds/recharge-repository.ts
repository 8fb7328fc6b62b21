/**
 * Deposits (issue 4): `recharges` rows (channel, amount in paise, the receipt upload, review
 * status). No money moves at the request: an approving decision posts the one credit entry
 * (recharge-service.ts decideRecharge), a rejection posts nothing. Every read a user causes
 * is scoped by their user id; the back office's (rechargeReviews) is not, and serves only its
 * review queue (server/reviews/service.ts).
 */
import { sql } from 'kysely'
import { type Executor, type Tx } from '../db/executor'
import { type Recharge } from '../../src/contract/replies'

// The rows as the app receives them (src/contract/replies.ts).
export type { Recharge }

const COLUMNS = [
  'id',
  'channel',
  'amount',
  'receipt_upload_id as receiptUploadId',
  'status',
  'reason',
  'created_at as createdAt',
  'decided_at as decidedAt',
] as const

/** Whether the user has a recharge waiting for its review (read under the user's lock). */
export async function hasPendingRecharge(db: Executor, userId: number): Promise<boolean> {
  const row = await db.selectFrom('recharges').select('id').where('user_id', '=', userId).where('status', '=', 'pending').limit(1).executeTakeFirst()
  return row !== undefined
}

/** Whether the upload is the user's own receipt picture (another user's is not, whatever its id). */
export async function isOwnReceipt(db: Executor, userId: number, uploadId: number): Promise<boolean> {
  const row = await db.selectFrom('uploads').select('id').where('id', '=', uploadId).where('user_id', '=', userId).where('kind', '=', 'receipt').executeTakeFirst()
  return row !== undefined
}

/** Whether a recharge already carries this upload as its receipt. */
export async function receiptInUse(db: Executor, uploadId: number): Promise<boolean> {
  const row = await db.selectFrom('recharges').select('id').where('receipt_upload_id', '=', uploadId).limit(1).executeTakeFirst()
  return row !== undefined
}

/** Records the request for review; the caller holds the user's lock. No money moves yet. */
export async function insertRecharge(trx: Tx, r: { userId: number; channel: string; amount: number; receiptUploadId: number; now: number }): Promise<Recharge> {
  return trx
    .insertInto('recharges')
    .values({ user_id: r.userId, channel: r.channel, amount: r.amount, receipt_upload_id: r.receiptUploadId, created_at: r.now })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow()
}

/** The user's recharges, newest first. */
export async function rechargesOf(db: Executor, userId: number, limit = 50): Promise<Recharge[]> {
  return db.selectFrom('recharges').select(COLUMNS).where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute()
}

/**
 * Marks a pending recharge decided; returns whose it is and its amount, or undefined when it is
 * no longer pending (the status guard makes a second decision change nothing).
 */
export async function markRechargeDecided(
  trx: Tx,
  d: { id: number; approve: boolean; reason: string | null; operator: string; now: number },
): Promise<{ userId: number; amount: number } | undefined> {
  return trx
    .updateTable('recharges')
    .set({ status: d.approve ? 'approved' : 'rejected', reason: d.reason, decided_by: d.operator, decided_at: d.now })
    .where('id', '=', d.id)
    .where('status', '=', 'pending')
    .returning(['user_id as userId', 'amount'])
    .executeTakeFirst()
}

/** One recharge as the back office's reviewer sees it (server/reviews/service.ts). */
export type RechargeReview = Recharge & {
  userId: number
  account: string
  decidedBy: string | null
  /** The verified name the transfer should come from. */
  realName: string | null
  receiptContentType: string
  receiptSize: number
  /** Lets a reviewer spot the same picture sent again as a new upload. */
  receiptSha256: string
  /** Other recharges (any user, any status) whose receipt has the same bytes, oldest first. */
  sameReceiptRechargeIds: number[]
}

/** The back office's list of recharges in one status (pending: oldest first; decided: newest first). */
export async function rechargeReviews(db: Executor, q: { status: Recharge['status']; limit: number }): Promise<RechargeReview[]> {
  const rows = await db
    .selectFrom('recharges as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('uploads as p', 'p.id', 'r.receipt_upload_id')
    .select([
      'r.id',
      'r.channel',
      'r.amount',
      'r.receipt_upload_id as receiptUploadId',
      'r.status',
      'r.reason',
      'r.decided_by as decidedBy',
      'r.created_at as createdAt',
      'r.decided_at as decidedAt',
      'r.user_id as userId',
      'u.account',
      'u.real_name as realName',
      'p.content_type as receiptContentType',
      'p.size as receiptSize',
      'p.sha256 as receiptSha256',
    ])
    .select((eb) =>
      eb
        .selectFrom('recharges as o')
        .innerJoin('uploads as q', 'q.id', 'o.receipt_upload_id')
        .select(sql<string | null>`string_agg(o.id::text, ',' order by o.id)`.as('ids'))
        .whereRef('q.sha256', '=', 'p.sha256')
        .whereRef('o.id', '<>', 'r.id')
        .as('sameReceipt'),
    )
    .where('r.status', '=', q.status)
    .orderBy('r.id', q.status === 'pending' ? 'asc' : 'desc')
    .limit(q.limit)
    .execute()
  return rows.map(({ sameReceipt, ...row }) => ({ ...row, sameReceiptRechargeIds: sameReceipt ? sameReceipt.split(',').map(Number) : [] }))
}

