/**
 * Identity (issue 4): `uploads` (private pictures, bytes in the database), `real_name_submissions`
 * (what was sent, and its decision; users.real_name_status follows the newest) and `bank_cards`.
 * Every read that a user can cause is scoped by their user id: a row of another user is "not found".
 */
import { type UploadsTable } from '../db/types'
import { type Executor, type Tx } from '../db/executor'
import { type BankCard } from '../../src/contract/replies'

// The rows as the app receives them (src/contract/replies.ts).
export type { BankCard }

export type UploadKind = UploadsTable['kind']
export type UploadMeta = { id: number; kind: UploadKind; contentType: UploadsTable['content_type']; size: number; createdAt: number }

export async function insertUpload(
  db: Executor,
  row: { userId: number; kind: UploadKind; contentType: UploadsTable['content_type']; bytes: Uint8Array; sha256: string; now: number },
): Promise<UploadMeta> {
  return db
    .insertInto('uploads')
    .values({ user_id: row.userId, kind: row.kind, content_type: row.contentType, size: row.bytes.length, sha256: row.sha256, bytes: row.bytes, created_at: row.now })
    .returning(['id', 'kind', 'content_type as contentType', 'size', 'created_at as createdAt'])
    .executeTakeFirstOrThrow()
}

/** The user's own upload with its bytes; undefined for another user's or none. */
export async function ownUpload(db: Executor, userId: number, id: number): Promise<(UploadMeta & { bytes: Uint8Array }) | undefined> {
  return db
    .selectFrom('uploads')
    .select(['id', 'kind', 'content_type as contentType', 'size', 'created_at as createdAt', 'bytes'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

/** Any user's upload with its bytes, for the back office's evidence viewer. */
export async function uploadById(db: Executor, id: number): Promise<{ id: number; userId: number; kind: UploadKind; contentType: UploadsTable['content_type']; bytes: Uint8Array } | undefined> {
  return db.selectFrom('uploads').select(['id', 'user_id as userId', 'kind', 'content_type as contentType', 'bytes']).where('id', '=', id).executeTakeFirst()
}

export type RealNameSubmission = {
  id: number
  name: string
  idNumber: string
  pan: string
  frontUploadId: number
  backUploadId: number
  status: 'pending' | 'approved' | 'rejected'
  reason: string | null
  createdAt: number
  decidedAt: number | null
}

const SUBMISSION_COLUMNS = [
  'id',
  'name',
  'id_number as idNumber',
  'pan',
  'front_upload_id as frontUploadId',
  'back_upload_id as backUploadId',
  'status',
  'reason',
  'created_at as createdAt',
  'decided_at as decidedAt',
] as const

/** Records a submission; the service then marks the identity pending (markRealNamePending). */
export async function insertRealNameSubmission(
  trx: Tx,
  s: { userId: number; name: string; idNumber: string; pan: string; frontUploadId: number; backUploadId: number; now: number },
): Promise<RealNameSubmission> {
  return trx
    .insertInto('real_name_submissions')
    .values({ user_id: s.userId, name: s.name, id_number: s.idNumber, pan: s.pan, front_upload_id: s.frontUploadId, back_upload_id: s.backUploadId, created_at: s.now })
    .returning(SUBMISSION_COLUMNS)
    .executeTakeFirstOrThrow()
}

/** users.real_name_status follows the newest submission: a new one is under review, with no reason yet. */
export async function markRealNamePending(trx: Tx, userId: number): Promise<void> {
  await trx.updateTable('users').set({ real_name_status: 'pending', real_name_reason: null }).where('id', '=', userId).execute()
}

/** The user's newest submission, if any. */
export async function latestRealNameSubmission(db: Executor, userId: number): Promise<RealNameSubmission | undefined> {
  return db.selectFrom('real_name_submissions').select(SUBMISSION_COLUMNS).where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst()
}

const CARD_COLUMNS = ['id', 'holder', 'account_number as accountNumber', 'ifsc', 'bank', 'branch', 'created_at as createdAt'] as const

export async function bankCardsOf(db: Executor, userId: number): Promise<BankCard[]> {
  return db.selectFrom('bank_cards').select(CARD_COLUMNS).where('user_id', '=', userId).orderBy('id').execute()
}

/** Adds the card; undefined when the user already has it (the unique key decides, also in a race). */
export async function insertBankCard(
  db: Executor,
  c: { userId: number; holder: string; accountNumber: string; ifsc: string; bank: string; branch: string; now: number },
): Promise<BankCard | undefined> {
  return db
    .insertInto('bank_cards')
    .values({ user_id: c.userId, holder: c.holder, account_number: c.accountNumber, ifsc: c.ifsc, bank: c.bank, branch: c.branch, created_at: c.now })
    .onConflict((oc) => oc.columns(['user_id', 'account_number', 'ifsc']).doNothing())
    .returning(CARD_COLUMNS)
    .executeTakeFirst()
}

/**
 * Decides a pending submission and moves the user's identity with it (verified, with the name;
 * or failed, with the reason the user sees). False when it is no longer pending: decided once.
 */
export async function decideRealNameSubmission(
  trx: Tx,
  d: { submissionId: number; approve: boolean; reason: string | null; operator: string; now: number },
): Promise<boolean> {
  const row = await trx
    .updateTable('real_name_submissions')
    .set({ status: d.approve ? 'approved' : 'rejected', reason: d.reason, decided_by: d.operator, decided_at: d.now })
    .where('id', '=', d.submissionId)
    .where('status', '=', 'pending')
    .returning(['user_id', 'name'])
    .executeTakeFirst()
  if (!row) return false
  await trx
    .updateTable('users')
    .set(d.approve ? { real_name_status: 'verified', real_name: row.name, real_name_reason: d.reason } : { real_name_status: 'failed', real_name_reason: d.reason })
    .where('id', '=', row.user_id)
    .execute()
  return true
}
