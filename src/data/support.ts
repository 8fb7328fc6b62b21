/**
 * Customer service (issue 13). Stored in db.meta:
 * - `supportThreads:<account>`: /support/threads, the account's threads newest first with the
 *   unread count of operator replies, so the list and the badges show offline;
 * - `supportThread:<account>:<id>`: /support/thread, one thread with its messages;
 * - `support-guest` (the device's, kept at logout): the guest thread someone opened from the login
 *   screen without a session, with the guest key the server gave for it. The server keeps only
 *   the key's hash, so this is the one copy: lose it and the thread cannot be opened again here.
 * Writing a thread and a message go through the outbox (kinds 'support.create', 'support.send'),
 * each with its Idempotency-Key, so a message written offline is sent once when the app is back
 * online. Pictures are uploaded before the item is queued (a picture of up to 5 MB should not sit
 * in the outbox), so a message with pictures needs the connection when it is written.
 * Marking a thread read and closing it are sent at once (quiet offline: the screen tries again).
 */
import type { SupportMessage, SupportThread, SupportThreadDetail, SupportThreads, SupportTopic, Upload } from '../contract/replies'
import { call } from './api'
import { db, metaKeys, type OutboxItem, readMeta } from './db'
import { toBase64 } from './identity'
import { restoreAccountMeta, restoreDeviceMeta } from './metaValues'
import { enqueue } from './outbox'
import { getSession } from './sessionStore'
import { offlineIsFine, refresh } from './sync'
import { randomUuid } from '../lib/uuid'

export type { SupportMessage, SupportThread, SupportTopic }

/** The topics a signed-in user writes about; the other two are for guests who cannot sign in. */
export type UserTopic = Extract<SupportTopic, 'general' | 'complaint'>
export type GuestTopic = Extract<SupportTopic, 'login_banned' | 'password_reset'>

/** The list as stored: the threads and how many operator replies are unread over all of them. */
export type StoredSupportThreads = { threads: SupportThread[]; unread: number }

/** One thread as stored: the reply of /support/thread. */
export type StoredSupportThread = SupportThreadDetail

/** The guest thread this device opened, with its key (device meta `support-guest`). */
export type SupportGuest = { threadId: number; guestKey: string; account: string; topic: GuestTopic; createdAt: number }

/** At most this many pictures to one message (the server's rule, checked here first). */
export const SUPPORT_MAX_IMAGES = 3

/** A message's length in characters (the server's rule, checked here first). */
export const SUPPORT_BODY_MAX = 2000

export const supportThreadsKey = metaKeys.supportThreads
export const supportThreadKey = metaKeys.supportThread

/** Fetches the account's threads into db.meta. Quiet offline; undefined when signed out. */
export async function refreshSupportThreads(opts: { fresh?: boolean } = {}): Promise<StoredSupportThreads | undefined> {
  const account = getSession()?.account
  if (!account) return undefined
  const key = supportThreadsKey(account)
  return offlineIsFine(
    refresh(
      key,
      async () => {
        const { data, unread } = await call<SupportThreads>('/support/threads', {})
        const value: StoredSupportThreads = { threads: data, unread }
        // The user may have signed out while the request was out; do not bring their data back.
        if (getSession()?.account === account) await db.meta.put({ key, value, updatedAt: Date.now() })
        return value
      },
      opts,
    ),
  )
}

/** The stored threads of `account`; null when never fetched here. Live-query friendly. */
export function storedSupportThreads(account: string): Promise<StoredSupportThreads | null> {
  return readMeta(supportThreadsKey(account), restoreAccountMeta.supportThreads)
}

/** Fetches one thread with its messages into db.meta. Quiet offline. */
export async function refreshSupportThread(id: number, opts: { fresh?: boolean } = {}): Promise<StoredSupportThread | undefined> {
  const account = getSession()?.account
  if (!account) return undefined
  const key = supportThreadKey(account, id)
  return offlineIsFine(
    refresh(
      key,
      async () => {
        const value = await call<StoredSupportThread>('/support/thread', { id }, { silent: true })
        if (getSession()?.account === account) await db.meta.put({ key, value, updatedAt: Date.now() })
        return value
      },
      opts,
    ),
  )
}

/** The stored thread `id` of `account`; null when never fetched here. Live-query friendly. */
export function storedSupportThread(account: string, id: number): Promise<StoredSupportThread | null> {
  return readMeta(supportThreadKey(account, id), restoreAccountMeta.supportThread)
}

/**
 * Uploads the pictures of one message (kind 'support', re-encoded by the server) and returns
 * their ids. `attemptKey` is one per written message: a retry after a lost reply reuses each
 * picture's upload instead of storing it twice. Throws NetworkError offline.
 */
export async function uploadSupportImages(images: readonly Blob[], attemptKey: string): Promise<number[]> {
  const ids: number[] = []
  for (const [index, image] of images.entries()) {
    const data = await toBase64(image)
    const upload = await call<Upload>('/user/upload', { kind: 'support', data }, { idempotencyKey: `${attemptKey}:image${index}`, silent: true })
    ids.push(upload.id)
  }
  return ids
}

/** Queues a new thread; its pictures must be uploaded first (uploadSupportImages). */
export function createSupportThread(input: { topic: UserTopic; body: string; uploadIds?: readonly number[] }): Promise<OutboxItem> {
  const body: Record<string, unknown> = { topic: input.topic, body: input.body }
  if (input.uploadIds?.length) body.uploadIds = [...input.uploadIds]
  return enqueue('support.create', body)
}

/** Queues a message to thread `threadId`; its pictures must be uploaded first. */
export function sendSupportMessage(threadId: number, text: string, uploadIds?: readonly number[]): Promise<OutboxItem> {
  const body: Record<string, unknown> = { threadId, body: text }
  if (uploadIds?.length) body.uploadIds = [...uploadIds]
  return enqueue('support.send', body)
}

/**
 * Tells the server the user has read thread `id`'s replies and lowers the stored counts at once,
 * so the badges go as the thread opens. Quiet offline (the next open tries again).
 */
export async function markSupportRead(id: number): Promise<void> {
  const account = getSession()?.account
  if (!account) return
  await db.transaction('rw', db.meta, async () => {
    const detail = await storedSupportThread(account, id)
    if (detail && detail.thread.unread > 0) {
      const value: StoredSupportThread = { ...detail, thread: { ...detail.thread, unread: 0 } }
      await db.meta.put({ key: supportThreadKey(account, id), value, updatedAt: Date.now() })
    }
    const list = await storedSupportThreads(account)
    const row = list?.threads.find((t) => t.id === id)
    if (list && row && row.unread > 0) {
      const threads = list.threads.map((t) => (t.id === id ? { ...t, unread: 0 } : t))
      const value: StoredSupportThreads = { threads, unread: Math.max(0, list.unread - row.unread) }
      await db.meta.put({ key: supportThreadsKey(account), value, updatedAt: Date.now() })
    }
  })
  const reply = await offlineIsFine(call<{ unread: number }>('/support/read', { threadId: id }, { idempotencyKey: randomUuid(), silent: true }))
  if (reply) await refreshSupportThreads({ fresh: true })
}

/** Closes thread `id` (the user is satisfied). Throws NetworkError offline, ApiRefusal when refused. */
export async function closeSupportThread(id: number): Promise<void> {
  await call('/support/close', { threadId: id }, { idempotencyKey: randomUuid(), silent: true })
  await Promise.all([refreshSupportThreads({ fresh: true }), refreshSupportThread(id, { fresh: true })])
}

/** The effect of the 'support.*' outbox kinds (outboxKinds.ts): the list and the thread fetched again. */
export async function afterSupportChange(data: unknown, item: OutboxItem): Promise<void> {
  const threadId =
    typeof item.body.threadId === 'number'
      ? item.body.threadId
      : typeof data === 'object' && data !== null && typeof Reflect.get(data, 'id') === 'number'
        ? (Reflect.get(data, 'id') as number)
        : null
  await Promise.all([refreshSupportThreads({ fresh: true }), threadId === null ? undefined : refreshSupportThread(threadId, { fresh: true })])
}

// The guest's half: no session, the thread opened with the key this device keeps.

/** The guest thread this device opened; null when none. Live-query friendly. */
export function storedSupportGuest(): Promise<SupportGuest | null> {
  return readMeta(metaKeys.supportGuest, restoreDeviceMeta.supportGuest)
}

/** Forgets the guest thread on this device (the user starts over). */
export async function forgetSupportGuest(): Promise<void> {
  await db.meta.delete(metaKeys.supportGuest)
}

export type GuestCreateInput = { account: string; topic: GuestTopic; body: string; name?: string; pan?: string }

/**
 * Opens a guest thread and keeps its key on this device. The reply says nothing about whether the
 * account exists or the identity matched: an operator reads the thread. `attemptKey`: one per
 * form attempt. Throws ApiRefusal (429 too_many_attempts past the hourly limit) or NetworkError.
 */
export async function createGuestThread(input: GuestCreateInput, attemptKey: string): Promise<SupportGuest> {
  const body: Record<string, unknown> = { account: input.account, topic: input.topic, body: input.body }
  if (input.topic === 'password_reset') {
    body.name = input.name ?? ''
    body.pan = input.pan ?? ''
  }
  const { threadId, guestKey } = await call<{ threadId: number; guestKey: string }>('/support/guest/create', body, { idempotencyKey: attemptKey, silent: true })
  const guest: SupportGuest = { threadId, guestKey, account: input.account, topic: input.topic, createdAt: Date.now() }
  await db.meta.put({ key: metaKeys.supportGuest, value: guest, updatedAt: Date.now() })
  return guest
}

/** The guest thread with its messages, from the server (nothing of it is stored). */
export function fetchGuestThread(guest: SupportGuest): Promise<StoredSupportThread> {
  return call<StoredSupportThread>('/support/guest/thread', { threadId: guest.threadId, guestKey: guest.guestKey }, { silent: true })
}

/** Sends a message to the guest thread. Throws NetworkError offline, ApiRefusal when refused. */
export function sendGuestMessage(guest: SupportGuest, text: string, attemptKey: string): Promise<SupportMessage> {
  return call<SupportMessage>('/support/guest/send', { threadId: guest.threadId, guestKey: guest.guestKey, body: text }, { idempotencyKey: attemptKey, silent: true })
}

/**
 * Sets a new password once an operator granted the reset (the server checks the grant is live
 * and unused). Every session of the account ends; the thread closes.
 */
export async function resetGuestPassword(guest: SupportGuest, password: string, confirmPassword: string, attemptKey: string): Promise<void> {
  await call('/support/guest/resetPassword', { threadId: guest.threadId, guestKey: guest.guestKey, password, confirmPassword }, { idempotencyKey: attemptKey, silent: true })
}
