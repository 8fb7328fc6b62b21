/**
 * The outbox: every mutation that may be made offline is a row in db.outbox, saved with its
 * Idempotency-Key BEFORE the first send, then replayed in order until the server answers.
 * Row states: queued -> sending (claimed, with a lease) -> done (with the reply) | failed (with
 * the refusal); a failed send that may succeed later goes back to queued with a backoff.
 * done rows are pruned after a day; failed rows stay until the user discards or retries them.
 * Every state but done is pending (PENDING_STATES): the server has not taken the item and it
 * stays on this device until sent or let go, so the badge, the screens and logout count it.
 * Each kind is declared once in outboxKinds.ts (path, label, effect, guard). A kind's guard is
 * consulted each time an item of that kind is about to be claimed:
 * it may hold the item (state 'held', with the reason in `error`) instead of sending it, e.g. a
 * market order queued too long ago (marketOrderGuard.ts). A held item is never sent until the user
 * confirms it (confirmHeld: back to queued, same key, its age counted from then) or discards it.
 * A held item steps out of the line: later items go on being sent, because holding it until the
 * user looks (maybe days) must not stall a cancel or a sign-in queued after it; once confirmed it
 * is sent before any later item again (it keeps its seq).
 *
 * Why each rule:
 * - The key is stored first, so a reply lost on the way back is resent with the same key and
 *   the server answers with the first reply instead of acting twice.
 * - One tab replays at a time (Web Locks), and a row is claimed inside a Dexie transaction, so
 *   even two senders that both get past the lock (browsers without Web Locks) never send it twice.
 * - A claim is a lease, not a lock: a tab that crashes mid-send leaves a 'sending' row whose lease
 *   runs out, and the next pass sends it again (same key, so still exactly once on the server).
 * - Items wait at most 7 days: the server keeps keys for 8 (idempotency_ttl_seconds), so a resend
 *   always falls inside the window in which it is recognised.
 */
import { ApiRefusal, NetworkError, call, emitApiEvent } from './api'
import { db, type OutboxItem, type OutboxState } from './db'
import { outboxKind, type OutboxKind } from './outboxKinds'
import { getSession } from './sessionStore'
import { randomUuid } from '../lib/uuid'

const SECOND = 1000
const DAY = 24 * 60 * 60 * SECOND

const LEASE_MS = 30 * SECOND // longer than the 10 s request timeout, so a live sender never loses it
const MAX_AGE_MS = 7 * DAY
const KEEP_DONE_MS = DAY
const TIMER_MS = 15 * SECOND
const BACKOFF_FIRST_MS = 5 * SECOND
const BACKOFF_MAX_MS = 5 * 60 * SECOND
const LOCK_NAME = 'tijori-outbox'

/**
 * The states of an item the server has not taken and that stays on this device until it is sent
 * or the user lets it go: waiting, on its way, held for the user's confirmation, or refused (the
 * user may still retry it). The one definition of "pending" for the badge, the screens that show
 * queued requests, the watchlist's unsent changes and logout's count.
 */
export const PENDING_STATES = ['queued', 'sending', 'held', 'failed'] as const satisfies readonly OutboxState[]

/**
 * The account's pending items (PENDING_STATES), oldest first; only those of `kinds` when given.
 * Reads Dexie only, so it works inside a useLiveQuery or a transaction that includes db.outbox.
 */
export function pendingItems(account: string, kinds?: readonly OutboxKind[]): Promise<OutboxItem[]> {
  const wanted = kinds ? new Set<string>(kinds) : undefined
  return db.outbox
    .where('state')
    .anyOf(PENDING_STATES)
    .filter((item) => item.account === account && (!wanted || wanted.has(item.kind)))
    .sortBy('seq')
}

/** How many of the account's items the server has not taken (PENDING_STATES): what logout must not drop silently. */
export function countUnsent(account: string): Promise<number> {
  return db.outbox
    .where('state')
    .anyOf(PENDING_STATES)
    .filter((item) => item.account === account)
    .count()
}

async function addItem(kind: string, path: string, body: Record<string, unknown>, account: string): Promise<OutboxItem> {
  return db.transaction('rw', db.outbox, async () => {
    const last = await db.outbox.orderBy('seq').last()
    const item: OutboxItem = {
      key: randomUuid(),
      seq: (last?.seq ?? 0) + 1,
      kind,
      path,
      body,
      account,
      state: 'queued',
      createdAt: Date.now(),
      leaseUntil: 0,
      attempts: 0,
      nextAttemptAt: 0,
    }
    await db.outbox.add(item)
    return item
  })
}

/**
 * Saves a mutation of `kind` (sent to its declared path) with a fresh Idempotency-Key for the
 * signed-in account and starts a replay.
 * Resolves once it is stored, not when it is sent: watch the row (db.outbox.get(key)).
 * Throws ApiRefusal 'unauthorized' (httpStatus 0) when nobody is signed in.
 */
export async function enqueue(kind: OutboxKind, body: Record<string, unknown>): Promise<OutboxItem> {
  // The type already says so; this stops a kind built at run time that nobody declared.
  const declared = outboxKind(kind)
  if (!declared) throw new TypeError(`outbox kind ${kind} is not declared in outboxKinds.ts`)
  const session = getSession()
  if (!session) throw new ApiRefusal({ code: 'unauthorized', params: {}, msg: 'Not signed in', httpStatus: 0 })
  const item = await addItem(kind, declared.path, body, session.account)
  void replayOutbox()
  return item
}

export type Claim =
  | { type: 'send'; item: OutboxItem }
  | { type: 'expired'; item: OutboxItem }
  | { type: 'held'; item: OutboxItem }
  | { type: 'none' }
  | { type: 'busy' }
  | { type: 'waiting'; until: number }

/**
 * Takes the account's oldest unfinished item for sending, inside one rw transaction so two
 * senders cannot both take it. Only the head is considered: a later item never overtakes it.
 */
export async function claimNext(account: string, now = Date.now(), ignoreBackoff = false): Promise<Claim> {
  return db.transaction('rw', db.outbox, async (): Promise<Claim> => {
    const open = await db.outbox
      .where('state')
      .anyOf('queued', 'sending')
      .filter((item) => item.account === account)
      .sortBy('seq')
    const head = open[0]
    if (!head) return { type: 'none' }
    if (head.state === 'sending' && head.leaseUntil > now) return { type: 'busy' }
    if (head.createdAt + MAX_AGE_MS <= now) {
      const error = { code: 'expired', params: {}, msg: 'Not sent within 7 days' }
      await db.outbox.update(head.key, { state: 'failed', error, finishedAt: now, leaseUntil: 0 })
      return { type: 'expired', item: { ...head, state: 'failed', error, finishedAt: now } }
    }
    if (!ignoreBackoff && head.nextAttemptAt > now) return { type: 'waiting', until: head.nextAttemptAt }
    const hold = outboxKind(head.kind)?.guard?.(head, now)
    if (hold) {
      await db.outbox.update(head.key, { state: 'held', error: hold, leaseUntil: 0 })
      return { type: 'held', item: { ...head, state: 'held', error: hold, leaseUntil: 0 } }
    }
    const claimed: OutboxItem = { ...head, state: 'sending', leaseUntil: now + LEASE_MS, attempts: head.attempts + 1 }
    await db.outbox.put(claimed)
    return { type: 'send', item: claimed }
  })
}

/** Writes the outcome only if the row is still under this sender's lease. */
async function settle(item: OutboxItem, changes: Partial<OutboxItem>): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const row = await db.outbox.get(item.key)
    if (!row || row.state !== 'sending' || row.leaseUntil !== item.leaseUntil) return false
    await db.outbox.update(item.key, { ...changes, leaseUntil: 0 })
    return true
  })
}

function backoff(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, attempts - 1))
}

/**
 * A refusal that will not change by resending: a business rule (status 0) or a request the
 * server cannot accept (400, 404, 422 idempotency_key_reused). 401, 408, 409 (the same key still
 * in flight), 429 and 5xx may pass later.
 */
function isFinal(refusal: ApiRefusal): boolean {
  return refusal.httpStatus < 500 && ![401, 408, 409, 429].includes(refusal.httpStatus)
}

async function runEffect(item: OutboxItem, data: unknown): Promise<void> {
  const effect = outboxKind(item.kind)?.effect
  if (!effect) return
  try {
    await effect(data, item)
  } catch (error) {
    // The mutation is done on the server either way; a failed local follow-up must not undo that.
    console.error(`outbox effect for ${item.kind} failed`, error)
  }
}

/** Sends one claimed item. Resolves true to go on with the next item, false to end the pass. */
async function send(item: OutboxItem): Promise<boolean> {
  // The session might have changed since the claim; never send one account's item with another's token.
  if (getSession()?.account !== item.account) {
    await settle(item, { state: 'queued', attempts: item.attempts - 1 })
    return false
  }
  try {
    const data = await call<unknown>(item.path, item.body, { idempotencyKey: item.key, silent: true })
    if (await settle(item, { state: 'done', reply: data, finishedAt: Date.now() })) await runEffect(item, data)
    return true
  } catch (error) {
    if (error instanceof ApiRefusal && isFinal(error)) {
      const failure = { code: error.code, params: error.params, msg: error.msg }
      await settle(item, { state: 'failed', error: failure, finishedAt: Date.now() })
      emitApiEvent({ type: 'refusal', ...failure })
      return true
    }
    if (!(error instanceof NetworkError) && !(error instanceof ApiRefusal)) console.error('outbox send failed', error)
    let wait = backoff(item.attempts)
    if (error instanceof ApiRefusal && error.httpStatus === 401) wait = 0 // waits for the next login instead
    if (error instanceof ApiRefusal && error.code === 'too_many_attempts') {
      wait = Math.max(wait, Number(error.params.retryAfter ?? 0) * SECOND)
    }
    await settle(item, { state: 'queued', nextAttemptAt: Date.now() + wait })
    return false
  }
}

async function prune(now: number): Promise<void> {
  await db.outbox
    .where('state')
    .equals('done')
    .filter((item) => (item.finishedAt ?? 0) < now - KEEP_DONE_MS)
    .delete()
}

async function pass(ignoreBackoff: boolean): Promise<void> {
  await prune(Date.now())
  for (;;) {
    const account = getSession()?.account
    if (!account) return
    const claim = await claimNext(account, Date.now(), ignoreBackoff)
    if (claim.type === 'expired' || claim.type === 'held') {
      const { code, params = {}, msg } = claim.item.error ?? { code: claim.type, msg: '' }
      emitApiEvent({ type: 'refusal', code, params, msg })
      continue
    }
    if (claim.type !== 'send') return
    if (!(await send(claim.item))) return
  }
}

/** Across tabs: Web Locks. Within this tab the queue in replayOutbox already runs one pass at a time. */
async function acrossTabs(work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  if (locks?.request) {
    await locks.request(LOCK_NAME, work)
    return
  }
  await work()
}

let tail: Promise<void> = Promise.resolve()
let waiting: { promise: Promise<void>; ignoreBackoff: boolean } | null = null

/**
 * Sends what is due, in order, for the signed-in account. Calls made while a pass is running
 * share the one pass queued after it (a pass reads the whole queue). Never rejects.
 * `ignoreBackoff`: try the head now even if it is waiting out a backoff (back online, app shown).
 */
export function replayOutbox(opts: { ignoreBackoff?: boolean } = {}): Promise<void> {
  if (waiting) {
    waiting.ignoreBackoff ||= opts.ignoreBackoff === true
    return waiting.promise
  }
  const next = { ignoreBackoff: opts.ignoreBackoff === true, promise: Promise.resolve() }
  next.promise = tail
    .then(() => {
      waiting = null
      return acrossTabs(() => pass(next.ignoreBackoff))
    })
    .catch((error: unknown) => console.error('outbox replay failed', error))
  waiting = next
  tail = next.promise
  return next.promise
}

/**
 * Replays on start, when the browser comes online, when the app is shown again, and every 15 s.
 * A timer and these events, not only Background Sync, which Safari and Firefox lack.
 * Returns a function that stops it all.
 */
export function startOutbox(): () => void {
  // No module needs loading first: each kind's effect loads its own module (outboxKinds.ts).
  const now = () => void replayOutbox({ ignoreBackoff: true })
  const onVisibility = () => {
    if (document.visibilityState === 'visible') now()
  }
  if (typeof window !== 'undefined') window.addEventListener('online', now)
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibility)
  const timer = setInterval(() => void replayOutbox(), TIMER_MS)
  now()
  return () => {
    clearInterval(timer)
    if (typeof window !== 'undefined') window.removeEventListener('online', now)
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisibility)
  }
}

/** Deletes a queued, held or failed item. A 'sending' one cannot be taken back: resolves false. */
export async function discard(key: string): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const item = await db.outbox.get(key)
    if (!item || (item.state !== 'queued' && item.state !== 'failed' && item.state !== 'held')) return false
    await db.outbox.delete(key)
    return true
  })
}

/**
 * Puts a failed item back in the queue, at the end, as a new attempt with a NEW key: the old
 * key's refusal is stored on the server and would be replayed as is. A refusal means the server
 * did nothing, so a new key cannot act twice. Resolves with the new row (watch its key), or
 * undefined when `key` is not a failed item.
 */
export async function retryItem(key: string): Promise<OutboxItem | undefined> {
  const retried = await db.transaction('rw', db.outbox, async () => {
    const item = await db.outbox.get(key)
    if (!item || item.state !== 'failed') return undefined
    await db.outbox.delete(key)
    return addItem(item.kind, item.path, item.body, item.account)
  })
  if (retried) void replayOutbox({ ignoreBackoff: true })
  return retried
}

/**
 * The user confirms a held item: it goes back to the queue with the SAME key (it was held
 * instead of sent, so the key is unused or, after a lost reply, must stay the same to act once),
 * and its guard counts its age from now. Resolves false when `key` is not a held item.
 */
export async function confirmHeld(key: string): Promise<boolean> {
  const confirmed = await db.transaction('rw', db.outbox, async () => {
    const item = await db.outbox.get(key)
    if (!item || item.state !== 'held') return false
    const now = Date.now()
    await db.outbox.update(key, { state: 'queued', error: undefined, confirmedAt: now, nextAttemptAt: 0, leaseUntil: 0 })
    return true
  })
  if (confirmed) void replayOutbox({ ignoreBackoff: true })
  return confirmed
}
