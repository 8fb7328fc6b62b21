/**
 * Customer service (issue 13): a user's threads with the back office, a guest's thread for someone
 * who cannot sign in, and the password reset an operator allows on a guest's request whose name
 * and PAN matched the verified record. Each change is one transaction under the thread's lock; an
 * operator's reply writes the user's inbox row and the audit row in that same transaction. The
 * rules are rules.ts, the SQL repository.ts.
 */
import { createHash, randomBytes } from 'node:crypto'
import { type ServerConfig } from '../config'
import { type Effect, type Executor, type Tx } from '../db/executor'
import { DomainRefusal } from '../http/refusal'
import { HttpError } from '../plugins/envelope'
import { audit } from '../admin/audit-repository'
import { addInboxMessage } from '../inbox/repository'
import { findUserByAccount, updatePasswordHash } from '../accounts/repository'
import { revokeAllSessions } from '../accounts/session-repository'
import { hashPassword } from '../accounts/password-hash'
import { isValidAccount, passwordChangeRefusal } from '../accounts/rules'
import { beginGuess, countFromAddress } from '../accounts/guess-guard'
import { forgetAttempt } from '../accounts/guess-limit-repository'
import { passwordCheckRule } from '../config'
import {
  type SupportGuestCreated,
  type SupportMessage,
  type SupportStatus,
  type SupportThread,
  type SupportThreadDetail,
  type SupportThreads,
} from '../../src/contract/replies'
import { type SupportAdminPage, type SupportAdminThread, type SupportAdminThreadDetail } from '../../src/contract/admin-replies'
import {
  accountOfUser,
  guestThread,
  insertMessage,
  insertThread,
  lastMessagesOf,
  lockThread,
  messagesOf,
  noteOperatorReply,
  noteUserMessage,
  ownSupportUploads,
  ownThread,
  threadsOf,
  threadsPage,
  unreadOf,
  updateThread,
  verifiedIdentityOf,
} from './repository'
import {
  type MessageRow,
  type ThreadRow,
  adminMessageView,
  adminThreadView,
  checkBody,
  checkGrant,
  checkOpen,
  checkResetUsable,
  GUEST_WINDOW_MS,
  identityMatches,
  messageView,
  threadLink,
  threadNotFound,
  threadView,
} from './rules'

export type SupportDeps = { db: Executor; config: ServerConfig; now: () => number }

const lastOf = (messages: readonly MessageRow[]) => {
  const m = messages.at(-1)
  return m ? { author: m.author, body: m.body, createdAt: m.created_at } : null
}

async function detail(db: Executor, thread: ThreadRow): Promise<SupportThreadDetail> {
  const messages = await messagesOf(db, thread.id)
  return { thread: threadView(thread, lastOf(messages)), messages: messages.map(messageView) }
}

/** Every upload id must be the caller's own 'support' picture (upload_not_found {id} otherwise). */
async function checkUploads(db: Executor, userId: number, ids: readonly number[]): Promise<void> {
  const own = await ownSupportUploads(db, userId, ids)
  const missing = ids.find((id) => !own.has(id))
  if (missing !== undefined) throw new DomainRefusal('upload_not_found', { id: missing }, 'That picture is not among your uploads.')
}

// --- The signed-in user ---------------------------------------------------------------------------

export async function threadsOfUser(deps: SupportDeps, userId: number): Promise<SupportThreads> {
  const rows = await threadsOf(deps.db, userId)
  const last = await lastMessagesOf(
    deps.db,
    rows.map((r) => r.id),
  )
  return { data: rows.map((r) => threadView(r, last.get(r.id) ?? null)), unread: rows.reduce((n, r) => n + r.user_unread, 0) }
}

export async function threadOfUser(deps: SupportDeps, userId: number, id: number): Promise<SupportThreadDetail> {
  const thread = await ownThread(deps.db, userId, id)
  if (!thread) throw threadNotFound(id)
  return detail(deps.db, thread)
}

export async function createThread(
  deps: SupportDeps,
  c: { userId: number; topic: 'general' | 'complaint'; body: string; uploadIds: readonly number[]; now: number },
): Promise<Effect<SupportThread>> {
  const body = checkBody(c.body)
  await checkUploads(deps.db, c.userId, c.uploadIds)
  return async (trx) => {
    const created = await insertThread(trx, { userId: c.userId, guestAccount: null, guestKeyHash: null, topic: c.topic, identityMatched: null, now: c.now })
    const message = await insertMessage(trx, { threadId: created.id, author: 'user', operator: null, body, uploadIds: c.uploadIds, now: c.now })
    const thread = await noteUserMessage(trx, created.id, c.now)
    return threadView(thread, { author: 'user', body: message.body, createdAt: message.created_at })
  }
}

/** A message on an open thread of the user's (or a guest's, `userId` null, already proved by its key). */
async function addUserMessage(trx: Tx, s: { id: number; userId: number | null; body: string; uploadIds: readonly number[]; now: number }): Promise<SupportMessage> {
  const thread = await lockThread(trx, s.id)
  if (!thread || thread.user_id !== s.userId) throw threadNotFound(s.id)
  checkOpen(thread)
  const message = await insertMessage(trx, { threadId: s.id, author: 'user', operator: null, body: s.body, uploadIds: s.uploadIds, now: s.now })
  await noteUserMessage(trx, s.id, s.now)
  return messageView(message)
}

export async function sendMessage(
  deps: SupportDeps,
  s: { userId: number; threadId: number; body: string; uploadIds: readonly number[]; now: number },
): Promise<Effect<SupportMessage>> {
  const body = checkBody(s.body)
  if (!(await ownThread(deps.db, s.userId, s.threadId))) throw threadNotFound(s.threadId)
  await checkUploads(deps.db, s.userId, s.uploadIds)
  return (trx) => addUserMessage(trx, { id: s.threadId, userId: s.userId, body, uploadIds: s.uploadIds, now: s.now })
}

export async function readThread(deps: SupportDeps, r: { userId: number; threadId: number }): Promise<Effect<{ unread: number }>> {
  if (!(await ownThread(deps.db, r.userId, r.threadId))) throw threadNotFound(r.threadId)
  return async (trx) => {
    const thread = await lockThread(trx, r.threadId)
    if (thread && thread.user_unread > 0) await updateThread(trx, r.threadId, { user_unread: 0 })
    return { unread: await unreadOf(trx, r.userId) }
  }
}

export async function closeThread(deps: SupportDeps, c: { userId: number; threadId: number; now: number }): Promise<Effect<SupportThread>> {
  if (!(await ownThread(deps.db, c.userId, c.threadId))) throw threadNotFound(c.threadId)
  return async (trx) => {
    let thread = await lockThread(trx, c.threadId)
    if (!thread) throw threadNotFound(c.threadId)
    if (thread.status !== 'closed') thread = await updateThread(trx, c.threadId, { status: 'closed', updated_at: c.now })
    return threadView(thread, lastOf(await messagesOf(trx, c.threadId)))
  }
}

// --- Guests: someone who cannot sign in ---------------------------------------------------------

const keyHash = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex')

function tooMany(retryAfter: number, limit: number, windowMs: number): HttpError {
  const windowSeconds = Math.round(windowMs / 1000)
  return new HttpError(
    429,
    'too_many_attempts',
    { retryAfter, limit, windowSeconds },
    `Too many attempts: at most ${limit} in ${windowSeconds} seconds. Try again in ${retryAfter} seconds.`,
    { 'retry-after': String(retryAfter) },
  )
}

export type GuestRequest = {
  account: string
  topic: 'login_banned' | 'password_reset'
  body: string
  name?: string
  pan?: string
  clientIp: string
  now: number
}

/**
 * A guest's thread about an account number. The reply is the same whether the account exists and
 * whether the name and PAN matched: only the back office sees identity_matched.
 */
export async function createGuestThread(deps: SupportDeps, g: GuestRequest): Promise<SupportGuestCreated> {
  const body = checkBody(g.body)
  if (!isValidAccount(g.account)) throw new DomainRefusal('account_invalid', {}, 'The account must be a 10-digit Indian mobile number.')
  if (g.topic === 'password_reset') {
    if (!g.name?.trim()) throw new HttpError(400, 'bad_request', { field: 'name' }, 'Invalid request: name (the verified name, for a password reset).')
    if (!g.pan?.trim()) throw new HttpError(400, 'bad_request', { field: 'pan' }, 'Invalid request: pan (the verified PAN, for a password reset).')
  }
  const identityMatched = g.topic === 'password_reset' ? identityMatches({ name: g.name ?? '', pan: g.pan ?? '' }, await verifiedIdentityOf(deps.db, g.account)) : null
  const guestKey = randomBytes(32).toString('base64url')
  const rule = { name: 'support_guest', limit: deps.config.support.guestPerHour, windowMs: GUEST_WINDOW_MS } as const
  await countFromAddress(deps.db, { table: 'support_guest_creations', rule, clientIp: g.clientIp, now: g.now })
  return deps.db.transaction().execute(async (trx) => {
    const thread = await insertThread(trx, { userId: null, guestAccount: g.account, guestKeyHash: keyHash(guestKey), topic: g.topic, identityMatched, now: g.now })
    await insertMessage(trx, { threadId: thread.id, author: 'user', operator: null, body, uploadIds: [], now: g.now })
    await noteUserMessage(trx, thread.id, g.now)
    return { threadId: thread.id, guestKey }
  })
}

/**
 * The guest thread `id` if `guestKey` is its key. Each wrong key counts against the address
 * (the login window's password-check limit), then 429 for every key from there; a right one is not
 * counted, so a guest reading the thread again never runs out.
 */
async function provenGuestThread(deps: SupportDeps, g: { id: number; guestKey: string; clientIp: string; now: number }): Promise<ThreadRow> {
  const rule = passwordCheckRule(deps.config)
  const { attemptId, decision } = await beginGuess(deps.db, { key: `support-guest:${g.clientIp}`, clientIp: `guess:${g.clientIp}`, now: g.now, rule })
  if (!decision.allowed) {
    await forgetAttempt(deps.db, attemptId)
    throw tooMany(decision.retryAfterSeconds, decision.limit, decision.windowMs)
  }
  const thread = await guestThread(deps.db, g.id, keyHash(g.guestKey))
  if (!thread) throw threadNotFound(g.id)
  await forgetAttempt(deps.db, attemptId)
  return thread
}

export type GuestProof = { threadId: number; guestKey: string; clientIp: string; now: number }

/** The guest's thread; reading it clears its unread replies. */
export async function guestThreadDetail(deps: SupportDeps, g: GuestProof): Promise<SupportThreadDetail> {
  let thread = await provenGuestThread(deps, { id: g.threadId, guestKey: g.guestKey, clientIp: g.clientIp, now: g.now })
  if (thread.user_unread > 0) thread = await updateThread(deps.db, thread.id, { user_unread: 0 })
  return detail(deps.db, thread)
}

export async function guestSend(deps: SupportDeps, g: GuestProof & { body: string }): Promise<Effect<SupportMessage>> {
  const body = checkBody(g.body)
  await provenGuestThread(deps, { id: g.threadId, guestKey: g.guestKey, clientIp: g.clientIp, now: g.now })
  return (trx) => addUserMessage(trx, { id: g.threadId, userId: null, body, uploadIds: [], now: g.now })
}

/**
 * The new password of the account a granted reset thread names: once, while the grant lasts. Every
 * session of the account ends, the thread closes, and the audit log records it (operator 'system').
 */
export async function guestResetPassword(deps: SupportDeps, g: GuestProof & { password: string; confirmPassword: string }): Promise<Effect<SupportThread>> {
  const proven = await provenGuestThread(deps, { id: g.threadId, guestKey: g.guestKey, clientIp: g.clientIp, now: g.now })
  checkResetUsable(proven, g.now)
  const refusal = passwordChangeRefusal({ oldPassword: '', password: g.password, confirmPassword: g.confirmPassword }, deps.config)
  if (refusal) throw refusal
  const user = proven.guest_account === null ? undefined : await findUserByAccount(deps.db, proven.guest_account)
  // A grant needs a matched identity, so the account exists; a deleted one cannot be reset.
  if (!user) throw new DomainRefusal('support_reset_not_granted', {}, 'No password reset has been allowed on this conversation.')
  const passwordHash = await hashPassword(g.password)
  return async (trx) => {
    const thread = await lockThread(trx, g.threadId)
    if (!thread) throw threadNotFound(g.threadId)
    checkResetUsable(thread, g.now)
    await updatePasswordHash(trx, user.id, passwordHash)
    await revokeAllSessions(trx, user.id, g.now)
    const closed = await updateThread(trx, thread.id, { reset_used_at: g.now, status: 'closed', updated_at: g.now })
    await audit(trx, { operator: 'system', action: 'support_password_reset', userId: user.id, subject: `support:${thread.id}`, detail: { threadId: thread.id }, now: g.now })
    return threadView(closed, lastOf(await messagesOf(trx, thread.id)))
  }
}

// --- The back office ----------------------------------------------------------------------------

async function adminView(db: Executor, thread: ThreadRow, messages?: readonly MessageRow[]): Promise<SupportAdminThread> {
  const last = messages ? lastOf(messages) : ((await lastMessagesOf(db, [thread.id])).get(thread.id) ?? null)
  return adminThreadView(thread, last, await accountOfUser(db, thread.user_id))
}

const auditOf = (thread: ThreadRow) => ({ userId: thread.user_id, subject: `support:${thread.id}` })

export async function listForAdmin(deps: SupportDeps, q: { status?: SupportStatus; page: number; size: number; operator: string; now: number }): Promise<SupportAdminPage> {
  const { rows, total } = await threadsPage(deps.db, q)
  const last = await lastMessagesOf(
    deps.db,
    rows.map((r) => r.id),
  )
  await audit(deps.db, { operator: q.operator, action: 'support_listed', detail: { status: q.status ?? null, page: q.page, size: q.size }, now: q.now })
  return { data: rows.map((r) => adminThreadView(r, last.get(r.id) ?? null, r.account)), total }
}

/** A thread and its messages; the operator side has now read it. */
export async function threadForAdmin(deps: SupportDeps, a: { id: number; operator: string; now: number }): Promise<SupportAdminThreadDetail> {
  return deps.db.transaction().execute(async (trx) => {
    let thread = await lockThread(trx, a.id)
    if (!thread) throw threadNotFound(a.id)
    if (thread.operator_unread > 0) thread = await updateThread(trx, a.id, { operator_unread: 0 })
    const messages = await messagesOf(trx, a.id)
    await audit(trx, { operator: a.operator, action: 'support_viewed', ...auditOf(thread), now: a.now })
    return { thread: await adminView(trx, thread, messages), messages: messages.map(adminMessageView) }
  })
}

/** An operator's reply: the thread is answered, the user has one more unread, and a user's inbox says so, all at once. */
export async function replyAsOperator(deps: SupportDeps, r: { id: number; body: string; operator: string; now: number }): Promise<SupportAdminThread> {
  const body = checkBody(r.body)
  return deps.db.transaction().execute(async (trx) => {
    const locked = await lockThread(trx, r.id)
    if (!locked) throw threadNotFound(r.id)
    checkOpen(locked)
    const message = await insertMessage(trx, { threadId: r.id, author: 'operator', operator: r.operator, body, uploadIds: [], now: r.now })
    const thread = await noteOperatorReply(trx, r.id, r.now)
    if (thread.user_id !== null) {
      await addInboxMessage(trx, { userId: thread.user_id, kind: 'support_reply', params: { threadId: thread.id }, link: threadLink(thread.id), now: r.now })
    }
    await audit(trx, { operator: r.operator, action: 'support_replied', ...auditOf(thread), detail: { messageId: message.id }, now: r.now })
    return adminView(trx, thread)
  })
}

export async function closeAsOperator(deps: SupportDeps, c: { id: number; operator: string; now: number }): Promise<SupportAdminThread> {
  return deps.db.transaction().execute(async (trx) => {
    let thread = await lockThread(trx, c.id)
    if (!thread) throw threadNotFound(c.id)
    if (thread.status !== 'closed') thread = await updateThread(trx, c.id, { status: 'closed', updated_at: c.now })
    await audit(trx, { operator: c.operator, action: 'support_closed', ...auditOf(thread), now: c.now })
    return adminView(trx, thread)
  })
}

/** Allows the guest to set a new password for 24 hours; the operator never sets one. */
export async function grantReset(deps: SupportDeps, g: { id: number; operator: string; now: number }): Promise<SupportAdminThread> {
  return deps.db.transaction().execute(async (trx) => {
    const locked = await lockThread(trx, g.id)
    if (!locked) throw threadNotFound(g.id)
    checkGrant(locked)
    const until = g.now + deps.config.support.resetGrantMs
    const thread = await updateThread(trx, g.id, { reset_granted_until: until, updated_at: g.now })
    await audit(trx, { operator: g.operator, action: 'support_reset_granted', ...auditOf(thread), detail: { account: thread.guest_account, until }, now: g.now })
    return adminView(trx, thread)
  })
}
