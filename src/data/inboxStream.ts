/**
 * The inbox, live (issue 14): while signed in, online and shown, one GET /inbox/stream (opened
 * through api.ts) tells this device of each new message the moment any server process commits it;
 * each event refreshes the stored inbox (db.meta inbox:<account>, inbox.ts) so the list and the
 * unread badges (app/unreadMessages.ts, live queries on that row) change without navigation.
 * Why it is built this way:
 * - An event refetches the page (refreshInbox fresh: one request) rather than merging the event's
 *   messages: the page's read ids still queued in the outbox, its total and the hundred-message cut
 *   are inbox.ts's rules, kept in one place; a burst of events shares one request in flight.
 * - The first event of every connection refreshes too: it is the catch-up for what came while
 *   the stream was closed (offline, hidden, reconnecting), so nothing is replayed by id.
 * - Besides the inbox, an event refreshes what its kinds change (orders, balances, applications,
 *   support threads), each module loaded when first needed, as outboxKinds.ts does.
 * - The parser, the backoff (1 s to 30 s, jittered) and the silence limit are stream.ts's.
 * - Logout (or a 401, or another sign-in) closes the stream at once, from the session's change in
 *   memory; an event of the old session writes nothing (refreshInbox checks the session in its
 *   write transaction, and events of a closed connection are dropped).
 */
import { ApiRefusal, openInboxStream } from './api'
import { type InboxKind, type InboxMessage } from '../contract/replies'
import { getSession, onSessionChange } from './sessionStore'
import { backoffDelay, createSseParser, readEventStream, type SseEvent } from './stream'

const SILENCE_MS = 45_000

type Connection = {
  token: string
  controller: AbortController | null
  retryTimer: ReturnType<typeof setTimeout> | undefined
}

let connection: Connection | null = null
let attempt = 0
let started = false
/** Refreshes an event started and not yet done (inboxStreamSettled waits for them). */
const inFlight = new Set<Promise<unknown>>()

function pageVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden'
}

function online(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false
}

function track(work: Promise<unknown>): void {
  const quiet = work.catch((error: unknown) => console.error('inbox stream refresh failed', error))
  inFlight.add(quiet)
  void quiet.finally(() => inFlight.delete(quiet))
}

/** What each kind changes besides the inbox; all quiet offline and signed out. */
async function refreshAffected(kinds: ReadonlySet<InboxKind>): Promise<void> {
  const work: Promise<unknown>[] = []
  const has = (...k: InboxKind[]) => k.some((kind) => kinds.has(kind))
  if (has('order_filled', 'position_closed')) work.push(import('./trade').then((m) => m.refreshOrders()))
  if (has('order_filled', 'position_closed', 'review_decided', 'allotment', 'vip_changed')) {
    work.push(import('./sync').then((m) => m.refreshUserInfo({ fresh: true })))
  }
  if (has('allotment')) work.push(import('./ipo').then((m) => m.refreshApplications({ fresh: true })))
  if (has('support_reply')) work.push(import('./support').then((m) => m.refreshSupportThreads({ fresh: true })))
  await Promise.all(work)
}

function onEvent(event: SseEvent, current: Connection): void {
  if (event.event !== 'inbox' || connection !== current || getSession()?.token !== current.token) return
  attempt = 0
  let messages: InboxMessage[] = []
  try {
    const data = JSON.parse(event.data) as { messages?: unknown }
    if (Array.isArray(data.messages)) messages = data.messages as InboxMessage[]
  } catch (error) {
    console.error('unreadable inbox event', error)
  }
  track(import('./inbox').then((m) => m.refreshInbox({ fresh: true })))
  const kinds = new Set(messages.map((m) => m.kind))
  if (kinds.size > 0) track(refreshAffected(kinds))
}

async function run(current: Connection): Promise<void> {
  const controller = new AbortController()
  current.controller = controller
  let silence: ReturnType<typeof setTimeout> | undefined
  const quiet = () => {
    clearTimeout(silence)
    silence = setTimeout(() => controller.abort(), SILENCE_MS)
  }
  quiet()
  let refused = false
  try {
    const body = await openInboxStream({ signal: controller.signal })
    await readEventStream(body, createSseParser((event) => onEvent(event, current)), quiet)
  } catch (error) {
    if (error instanceof ApiRefusal) {
      // 401: the session is over; the next call() clears it, and that change ends this stream.
      refused = error.httpStatus === 401
      console.warn('inbox stream refused', error.code, error.msg)
    }
  } finally {
    clearTimeout(silence)
  }
  if (connection !== current) return
  current.controller = null
  attempt += 1
  if (refused) attempt = Math.max(attempt, 5)
  current.retryTimer = setTimeout(() => {
    if (connection === current) void run(current)
  }, backoffDelay(attempt))
}

function stop(): void {
  if (!connection) return
  const current = connection
  connection = null
  clearTimeout(current.retryTimer)
  current.controller?.abort()
}

/** Brings the connection in line with the session, the network and whether the page is shown. */
function reconcile(): void {
  const session = getSession()
  if (!started || !session || !online() || !pageVisible()) {
    stop()
    return
  }
  if (connection?.token === session.token) return
  stop()
  attempt = 0
  const next: Connection = { token: session.token, controller: null, retryTimer: undefined }
  connection = next
  void run(next)
}

/** Shown again or back online: reconnect now instead of waiting out the backoff. */
function reconnectNow(): void {
  attempt = 0
  if (connection && !connection.controller) {
    const waiting = connection
    clearTimeout(waiting.retryTimer)
    void run(waiting)
    return
  }
  reconcile()
}

const onVisibility = () => (pageVisible() ? reconnectNow() : reconcile())

/**
 * Keeps the inbox stream open whenever someone is signed in (the tab bar's badge calls it once
 * someone is; later calls do nothing); returns the function that closes it for good (tests).
 */
export function startInboxStream(): () => void {
  if (started) return stopInboxStream
  started = true
  unsubscribe = onSessionChange(reconcile)
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibility)
  if (typeof window !== 'undefined') {
    window.addEventListener('online', reconnectNow)
    window.addEventListener('offline', reconcile)
  }
  reconcile()
  return stopInboxStream
}

let unsubscribe = () => undefined as unknown

function stopInboxStream(): void {
  if (!started) return
  started = false
  unsubscribe()
  if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisibility)
  if (typeof window !== 'undefined') {
    window.removeEventListener('online', reconnectNow)
    window.removeEventListener('offline', reconcile)
  }
  stop()
}

/** Whether a stream is open or being opened, and for which session token (tests, diagnostics). */
export function inboxStreamToken(): string | undefined {
  return connection?.token
}

/** Resolves once no refresh an event started is still under way (tests: nothing more will be written). */
export async function inboxStreamSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight])
}
