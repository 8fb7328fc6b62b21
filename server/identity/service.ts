/**
 * What a user does to their identity: upload a private picture, send the real-name submission,
 * add a bank card, and read them back. Each checks all it can before its transaction, and returns
 * its write as an effect for the caller's commit() (the routes are idempotent, plugins/idempotency.ts).
 * Every read is scoped to the user: another user's picture is "not found".
 */
import { createHash } from 'node:crypto'
import { cardDuplicate, checkBankCard, checkRealName, type BankCardInput, type RealNameInput } from './rules'
import { DomainRefusal } from '../http/refusal'
import { storedPicture } from './uploads'
import {
  bankCardsOf,
  insertBankCard,
  insertRealNameSubmission,
  insertUpload,
  latestRealNameSubmission,
  markRealNamePending,
  ownUpload,
  type BankCard,
  type RealNameSubmission,
  type UploadKind,
  type UploadMeta,
} from './repository'
import { findUserById, lockUsers } from '../accounts/repository'
import { type Effect, type Executor } from '../db/executor'
import { type RealNameStatus } from '../db/types'

const uploadNotFound = (id: number) => new DomainRefusal('upload_not_found', { id }, 'That picture is not among your uploads.')

async function userOf(db: Executor, userId: number) {
  const user = await findUserById(db, userId)
  if (!user) throw new Error(`session user ${userId} is gone`)
  return user
}

/**
 * Judges the file by its bytes and re-encodes it (uploads.ts), before the transaction opens: CPU
 * work holds no database lock. Returns the insert of what is stored.
 */
export async function storeUpload(u: { userId: number; kind: UploadKind; bytes: Uint8Array; now: number }): Promise<Effect<UploadMeta>> {
  const picture = await storedPicture(u.bytes)
  if (picture instanceof DomainRefusal) throw picture
  const { contentType, bytes } = picture
  // The hash of what is stored: the same receipt sent twice matches even if its metadata or trailing bytes differ.
  const sha256 = createHash('sha256').update(bytes).digest('hex')
  return (trx) => insertUpload(trx, { userId: u.userId, kind: u.kind, contentType, bytes, sha256, now: u.now })
}

/** The user's own picture with its bytes; refuses upload_not_found for another user's or none. */
export async function uploadOf(db: Executor, userId: number, id: number): Promise<UploadMeta & { bytes: Uint8Array }> {
  const found = await ownUpload(db, userId, id)
  if (!found) throw uploadNotFound(id)
  return found
}

/**
 * Checks that both ID photos are the user's own, of the right kind; the write then checks the
 * submission under the user's lock, so two submissions at once cannot both pass the status
 * check, records it and marks the identity pending.
 */
export async function submitRealName(
  db: Executor,
  s: RealNameInput & { userId: number; frontId: number; backId: number; now: number },
): Promise<Effect<RealNameSubmission>> {
  const { userId, frontId, backId } = s
  for (const [id, kind] of [[frontId, 'id_front'], [backId, 'id_back']] as const) {
    const upload = await ownUpload(db, userId, id)
    if (!upload || upload.kind !== kind) throw uploadNotFound(id)
  }
  return async (trx) => {
    await lockUsers(trx, [userId])
    const user = await userOf(trx, userId)
    const checked = checkRealName(s, user.real_name_status)
    if (checked instanceof DomainRefusal) throw checked
    const submission = await insertRealNameSubmission(trx, { userId, ...checked, frontUploadId: frontId, backUploadId: backId, now: s.now })
    await markRealNamePending(trx, userId)
    return submission
  }
}

/** The identity's status with the reviewer's reason, and the latest submission. */
export async function realNameInfo(
  db: Executor,
  userId: number,
): Promise<{ status: RealNameStatus; name: string | null; reason: string | null; submission: RealNameSubmission | null }> {
  const user = await userOf(db, userId)
  const submission = (await latestRealNameSubmission(db, userId)) ?? null
  return { status: user.real_name_status, name: user.real_name, reason: user.real_name_reason, submission }
}

/** Checks the card against the verified name and the cards the user has; the insert refuses a duplicate that raced in. */
export async function addBankCard(db: Executor, c: BankCardInput & { userId: number; now: number }): Promise<Effect<BankCard>> {
  const user = await userOf(db, c.userId)
  const cards = await bankCardsOf(db, c.userId)
  const checked = checkBankCard(c, { status: user.real_name_status, verifiedName: user.real_name, cards })
  if (checked instanceof DomainRefusal) throw checked
  return async (trx) => {
    const card = await insertBankCard(trx, { userId: c.userId, ...checked, now: c.now })
    // The same card added twice at once: the unique key lets one in.
    if (!card) throw cardDuplicate()
    return card
  }
}
