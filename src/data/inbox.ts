/**
 * The inbox (issue 13): what happened to the account, one message per event, written by the
 * server in the event's own transaction. Stored in db.meta, per account (forgetAccount removes it):
 * - `inbox:<account>`: the newest page of /inbox/list ({data, total, unread}), newest first, so
 *   the messages open offline and the account tab's badge is a number read from Dexie.
 * Marking read goes through the outbox (kind 'inbox.read', /inbox/read with the ids shown), so a
 * screen opened offline is marked read once the phone is online again; meanwhile the stored page
 * shows them read already, and a list fetched before the server has the read does not bring the
 * badge back (the ids still queued are applied to every page stored).
 */
import { type InboxMessage, type InboxPage } from '../contract/replies'
import { call } from './api'
import { db, metaKeys, readMeta } from './db'
import { restoreAccountMeta } from './metaValues'
import { enqueue, pendingItems } from './outbox'
import { getSession } from './sessionStore'
import { offlineIsFine, refresh } from './sync'

export type { InboxMessage, InboxPage }

export const inboxKey = metaKeys.inbox

/** The messages the screen keeps: the newest hundred (older ones stay on the server). */
const LIST_SIZE = 100

/** The ids already on their way to /inbox/read from this device (pending outbox items). */
async function queuedReadIds(account: string): Promise<Set<number>> {
  const ids = new Set<number>()
  for (const item of await pendingItems(account, ['inbox.read'])) {
    const body: unknown = item.body.ids
    if (Array.isArray(body)) for (const id of body) if (typeof id === 'number') ids.add(id)
  }
  return ids
}

/** `page` with the messages of `ids` read at `at`, and the unread count lowered by as many. */
export function markedRead(page: InboxPage, ids: ReadonlySet<number>, at: number): InboxPage {
  let newlyRead = 0
  const data = page.data.map((m) => {
    if (m.readAt !== null || !ids.has(m.id)) return m
    newlyRead += 1
    return { ...m, readAt: at }
  })
  return { ...page, data, unread: Math.max(0, page.unread - newlyRead) }
}

/** Fetches the newest page of /inbox/list into db.meta. Quiet offline; undefined when signed out. */
export async function refreshInbox(opts: { fresh?: boolean } = {}): Promise<InboxPage | undefined> {
  const account = getSession()?.account
  if (!account) return undefined
  const key = inboxKey(account)
  return offlineIsFine(
    refresh(
      key,
      async () => {
        const reply = await call<InboxPage>('/inbox/list', { page: 1, size: LIST_SIZE }, { silent: true })
        await db.transaction('rw', [db.meta, db.outbox], async () => {
          // The user may have signed out while the request was out; do not bring their data back.
          if (getSession()?.account !== account) return
          const page = markedRead(reply, await queuedReadIds(account), Date.now())
          await db.meta.put({ key, value: page, updatedAt: Date.now() })
        })
        return reply
      },
      opts,
    ),
  )
}

/** The stored inbox of `account`; null when never fetched here. Live-query friendly. */
export function storedInbox(account: string): Promise<InboxPage | null> {
  return readMeta(inboxKey(account), restoreAccountMeta.inbox)
}

/**
 * Marks the stored unread messages of the signed-in account read, here at once and on the server
 * through the outbox (once per message: ids already queued are not queued again). Returns the ids
 * it marked.
 */
export async function markInboxRead(): Promise<number[]> {
  const account = getSession()?.account
  if (!account) return []
  const key = inboxKey(account)
  const ids = await db.transaction('rw', [db.meta, db.outbox], async () => {
    const page = await storedInbox(account)
    if (!page) return []
    const queued = await queuedReadIds(account)
    const unread = page.data.filter((m) => m.readAt === null && !queued.has(m.id)).map((m) => m.id)
    if (unread.length > 0) await db.meta.put({ key, value: markedRead(page, new Set(unread), Date.now()), updatedAt: Date.now() })
    return unread
  })
  if (ids.length > 0) await enqueue('inbox.read', { ids })
  return ids
}

/** The effect of the 'inbox.read' outbox kind (outboxKinds.ts): the server's unread count, and the list as it is now. */
export async function afterInboxRead(): Promise<void> {
  await refreshInbox({ fresh: true })
}
