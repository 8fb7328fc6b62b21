/**
 * Customer service's rules (issue 13), pure: what a thread row looks like to its user and to the
 * back office, whether a message may be added, whether an operator may grant a password reset and
 * whether a guest may use it, and how a guest's name and PAN are compared with the verified record.
 * The SQL is repository.ts, the transactions service.ts.
 */
import { type Selectable } from 'kysely'
import { DomainRefusal } from '../http/refusal'
import { HttpError } from '../plugins/envelope'
import { type SupportMessage, type SupportThread } from '../../src/contract/replies'
import { type SupportAdminMessage, type SupportAdminThread } from '../../src/contract/admin-replies'
import { type SupportMessagesTable, type SupportThreadsTable } from '../db/types'

/** A message's text, in characters as a person counts them (code points). */
export const BODY_MAX = 2000
/** Pictures one message may carry. */
export const MAX_IMAGES = 3
/** The window of the published limit of new guest threads per address (support_guest_per_hour). */
export const GUEST_WINDOW_MS = 3_600_000

export type ThreadRow = Selectable<SupportThreadsTable>
export type MessageRow = Selectable<SupportMessagesTable>
export type LastMessage = { author: 'user' | 'operator'; body: string; createdAt: number } | null

export const threadNotFound = (id: number) => new DomainRefusal('support_thread_not_found', { id }, 'No such conversation.')
export const threadClosed = (id: number) => new DomainRefusal('support_thread_closed', { id }, 'This conversation is closed.')
export const resetNotGranted = () => new DomainRefusal('support_reset_not_granted', {}, 'No password reset has been allowed on this conversation, or it expired or was used.')
export const resetNotAllowed = () =>
  new DomainRefusal('support_reset_not_allowed', {}, 'A reset can only be allowed on an open password-reset request whose name and PAN match the verified record.')

/** A message's text: 1 to 2000 characters, not only spaces; else 400 {field: 'body'}. */
export function checkBody(body: string): string {
  const length = [...body].length
  if (body.trim() === '' || length > BODY_MAX) throw new HttpError(400, 'bad_request', { field: 'body', max: BODY_MAX }, `Invalid request: body (1 to ${BODY_MAX} characters).`)
  return body
}

/** A closed thread takes no more messages, from either side. */
export function checkOpen(thread: Pick<ThreadRow, 'id' | 'status'>): void {
  if (thread.status === 'closed') throw threadClosed(thread.id)
}

/** The operator may grant a reset only on an open, unused password-reset thread whose identity matched. */
export function checkGrant(thread: ThreadRow): void {
  if (thread.topic !== 'password_reset' || thread.identity_matched !== true || thread.status === 'closed' || thread.reset_used_at !== null) throw resetNotAllowed()
}

/** The guest may set a password once, while the operator's grant lasts. */
export function checkResetUsable(thread: ThreadRow, now: number): void {
  const live = thread.reset_granted_until !== null && now < thread.reset_granted_until
  if (thread.topic !== 'password_reset' || !live || thread.reset_used_at !== null || thread.status === 'closed') throw resetNotGranted()
}

/** A name as compared: letter case, compatibility forms and repeated spaces do not count. */
export const normaliseName = (name: string) => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toUpperCase()
export const normalisePan = (pan: string) => pan.trim().toUpperCase()

/** Whether the guest's name and PAN are the verified record's; false for no record. */
export function identityMatches(given: { name: string; pan: string }, record: { name: string; pan: string } | undefined): boolean {
  if (!record) return false
  return normaliseName(given.name) === normaliseName(record.name) && normalisePan(given.pan) === normalisePan(record.pan)
}

export const parseUploadIds = (text: string): number[] => JSON.parse(text) as number[]

export function threadView(r: ThreadRow, last: LastMessage): SupportThread {
  return {
    id: r.id,
    topic: r.topic,
    status: r.status,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    unread: r.user_unread,
    lastMessage: last,
    resetGrantedUntil: r.reset_granted_until,
    resetUsedAt: r.reset_used_at,
  }
}

export function messageView(r: MessageRow): SupportMessage {
  return { id: r.id, threadId: r.thread_id, author: r.author, body: r.body, uploadIds: parseUploadIds(r.upload_ids), createdAt: r.created_at }
}

export function adminThreadView(r: ThreadRow, last: LastMessage, account: string | null): SupportAdminThread {
  return {
    ...threadView(r, last),
    userId: r.user_id,
    account: r.user_id === null ? r.guest_account : account,
    guest: r.user_id === null,
    identityMatched: r.identity_matched,
    userUnread: r.user_unread,
    operatorUnread: r.operator_unread,
  }
}

export function adminMessageView(r: MessageRow): SupportAdminMessage {
  return { ...messageView(r), operator: r.operator }
}

/** The inbox row's link for a reply on thread `id`. */
export const threadLink = (id: number) => `/home/kefuCenter?thread=${id}`
