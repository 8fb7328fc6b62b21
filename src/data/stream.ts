/**
 * Live quotes: one server-sent-event stream (GET /stock/stream, opened through api.ts) for the
 * union of the symbols the screens watch, written into db.quotes; screens read db.quotes. Writes:
 * - db.quotes:  each quote of a snapshot, and each of a ticks message's deltas applied to the
 *               connection's last full quote of its symbol (quote-delta.ts), coalesced by symbol (the newest wins)
 *               and written once per animation frame (market.ts's putQuotes in slices of 200,
 *               each its own transaction and task, never replacing a newer stored quote), so
 *               1,000 quotes at 5 messages a second cost a few transactions, not thousands, and
 *               no write holds the main thread for long;
 * - db.meta:    'stream:status' = {state: 'connecting' | 'live' | 'offline', since}.
 * Why it is built this way:
 * - fetch + a text/event-stream parser, not EventSource: it runs in Node tests as in browsers,
 *   sends Last-Event-ID itself, and lets this module own the reconnect policy (EventSource's
 *   fixed retry would hammer a server that is down).
 * - Reconnects back off exponentially with jitter, 1 s to 30 s, so a restarted server is not met
 *   by every client at once; a snapshot resets it. Quotes are state, not events: the snapshot
 *   that opens every connection brings the client up to date, nothing needs replaying.
 * - A silent connection (no byte for 45 s, though the server pings every 15 s) is dropped and
 *   reopened: a phone's dead TCP connection does not always error.
 * - Hidden page or nothing watched: no connection (battery, server load); shown again or back
 *   online: reconnect at once.
 */
import { ApiRefusal, openStream } from './api'
import { getConfigNumber } from './config'
import { db, metaKeys, type QuoteRow } from './db'
import { putQuotes } from './market'
import { applyStreamChanges } from '../contract/quote-delta'
import type { QuoteSnapshotEvent, QuoteTicksEvent } from '../contract/replies'

export type StreamState = 'connecting' | 'live' | 'offline'
export type StreamStatus = { state: StreamState; since: number }

/** db.meta key of the stream's StreamStatus. */
export const STREAM_STATUS_KEY = metaKeys.streamStatus

const DEBOUNCE_MS = 100
const BACKOFF_MIN_MS = 1000
const BACKOFF_MAX_MS = 30_000
const SILENCE_MS = 45_000
const FLUSH_FALLBACK_MS = 100
const DEFAULT_MAX_SYMBOLS = 500
const WRITE_SLICE = 200

export type SseEvent = { event: string; data: string; id: string | undefined }

/**
 * A text/event-stream parser (WHATWG HTML, server-sent events): feed it decoded text in any
 * chunking; it calls `onEvent` per dispatched event and `onComment` per comment line (pings).
 */
export function createSseParser(onEvent: (event: SseEvent) => void, onComment?: (text: string) => void): (chunk: string) => void {
  let buffer = ''
  let eventType = ''
  let data: string[] = []
  let lastId: string | undefined

  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onEvent({ event: eventType || 'message', data: data.join('\n'), id: lastId })
      data = []
      eventType = ''
      return
    }
    if (text.startsWith(':')) {
      onComment?.(text.slice(1).trimStart())
      return
    }
    const colon = text.indexOf(':')
    const field = colon === -1 ? text : text.slice(0, colon)
    let value = colon === -1 ? '' : text.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    if (field === 'event') eventType = value
    else if (field === 'data') data.push(value)
    else if (field === 'id' && !value.includes('\0')) lastId = value
    // 'retry' is ignored: reconnecting is this module's backoff, not the server's fixed delay.
  }

  // After a CR that ended a chunk, a LF starting the next one is the rest of that CRLF.
  let skipLf = false
  return (chunk: string) => {
    buffer += skipLf && chunk.startsWith('\n') ? chunk.slice(1) : chunk
    skipLf = false
    let pos = 0
    for (;;) {
      const lf = buffer.indexOf('\n', pos)
      const cr = buffer.indexOf('\r', pos)
      if (lf === -1 && cr === -1) break
      const end = cr !== -1 && (lf === -1 || cr < lf) ? cr : lf
      let next = end + 1
      if (end === cr) {
        if (next === buffer.length) skipLf = true
        else if (buffer[next] === '\n') next += 1
      }
      line(buffer.slice(pos, end))
      pos = next
    }
    buffer = buffer.slice(pos)
  }
}

// ---- writing quotes: coalesced by symbol, one putQuotes per slice per frame ----

const pending = new Map<string, QuoteRow>()
let flushScheduled = false
let flushing: Promise<void> | null = null

function pageVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden'
}

function nextFrame(run: () => void): void {
  let ran = false
  const once = () => {
    if (ran) return
    ran = true
    run()
  }
  // A frame when the page draws; the timer too, as rAF does not fire in a background tab.
  if (typeof requestAnimationFrame === 'function' && pageVisible()) requestAnimationFrame(once)
  setTimeout(once, typeof requestAnimationFrame === 'function' ? FLUSH_FALLBACK_MS : 0)
}

function scheduleFlush(): void {
  if (flushScheduled || flushing) return
  flushScheduled = true
  nextFrame(() => {
    flushScheduled = false
    flushing = writePending().finally(() => {
      flushing = null
      if (pending.size > 0) scheduleFlush()
    })
  })
}

async function writePending(): Promise<void> {
  if (pending.size === 0) return
  const rows = [...pending.values()]
  pending.clear()
  try {
    // In slices: IndexedDB clones each row on the main thread (~0.08 ms a quote in Chromium), so
    // 1,000 quotes in one bulkPut is one ~80 ms task; each slice commits in its own task.
    for (let i = 0; i < rows.length; i += WRITE_SLICE) await putQuotes(rows.slice(i, i + WRITE_SLICE))
  } catch (error) {
    console.error('writing quotes failed', error)
  }
}

function receive(quotes: readonly QuoteRow[]): void {
  for (const quote of quotes) {
    const held = pending.get(quote.symbol)
    if (!held || quote.time >= held.time) pending.set(quote.symbol, quote)
  }
  if (quotes.length > 0) scheduleFlush()
}

/** Resolves once every quote received so far is in db.quotes (tests, benchmarks). */
export async function quotesWritten(): Promise<void> {
  while (pending.size > 0 || flushScheduled || flushing) {
    await (flushing ?? new Promise((resolve) => setTimeout(resolve, 5)))
  }
}

// ---- status ----

let status: StreamState | undefined

function setStatus(state: StreamState): void {
  if (status === state) return
  status = state
  const now = Date.now()
  const value: StreamStatus = { state, since: now }
  db.meta.put({ key: STREAM_STATUS_KEY, value, updatedAt: now }).catch((error: unknown) => console.error('stream status', error))
}

// ---- the connection ----

type Connection = {
  key: string
  symbols: string[]
  controller: AbortController | null
  retryTimer: ReturnType<typeof setTimeout> | undefined
}

const watched = new Map<string, number>()
let connection: Connection | null = null
let attempt = 0
let lastEventId: string | undefined
let debounceTimer: ReturnType<typeof setTimeout> | undefined

/** Reads an event stream's body to its end into `parse`; `alive` hears each chunk (the silence watchdog). inboxStream.ts uses it too. */
export async function readEventStream(body: ReadableStream<Uint8Array>, parse: (chunk: string) => void, alive: () => void): Promise<void> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      alive()
      parse(decoder.decode(value, { stream: true }))
    }
  } finally {
    reader.releaseLock()
  }
}

/** The wait before reconnect attempt `n` (1-based): exponential, 1 s to 30 s, with jitter. inboxStream.ts uses it too. */
export function backoffDelay(n: number): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** Math.max(0, n - 1))
  return Math.round(Math.min(BACKOFF_MAX_MS, Math.max(BACKOFF_MIN_MS, base * (0.5 + Math.random()))))
}

function stop(): void {
  if (!connection) return
  const current = connection
  connection = null
  clearTimeout(current.retryTimer)
  current.controller?.abort()
}

/**
 * One message of a connection. `base` is that connection's last full quote per symbol, the base
 * the server's deltas are made against (src/contract/quote-delta.ts): one map per connection,
 * reset by its snapshot, so a delta is never applied to another connection's quote. db.quotes is
 * not the base: a list or detail reply may have stored a newer quote than this connection sent.
 */
function onMessage(event: SseEvent, base: Map<string, QuoteRow>): void {
  if (event.event !== 'snapshot' && event.event !== 'ticks') return
  if (event.id !== undefined) lastEventId = event.id
  let data: Partial<QuoteSnapshotEvent & QuoteTicksEvent>
  try {
    data = JSON.parse(event.data) as Partial<QuoteSnapshotEvent & QuoteTicksEvent>
  } catch (error) {
    console.error('unreadable stream message', error)
    return
  }
  if (event.event === 'snapshot') {
    attempt = 0
    setStatus('live')
    base.clear()
    if (!Array.isArray(data.quotes)) return
    for (const quote of data.quotes) base.set(quote.symbol, quote)
    receive(data.quotes)
    return
  }
  if (Array.isArray(data.changes) && typeof data.at === 'number') receive(applyStreamChanges(base, data.changes, data.at))
}

async function run(current: Connection): Promise<void> {
  const controller = new AbortController()
  current.controller = controller
  let silence: ReturnType<typeof setTimeout> | undefined
  const quiet = () => {
    clearTimeout(silence)
    silence = setTimeout(() => controller.abort(), SILENCE_MS)
  }
  setStatus('connecting')
  quiet()
  try {
    const body = await openStream(current.symbols, { signal: controller.signal, lastEventId })
    const base = new Map<string, QuoteRow>()
    await readEventStream(body, createSseParser((event) => onMessage(event, base)), quiet)
  } catch (error) {
    // Drops, resets and aborts are the network's ordinary life; a refusal is worth a line.
    if (error instanceof ApiRefusal) console.warn('quote stream refused', error.code, error.msg)
  } finally {
    clearTimeout(silence)
  }
  // Stopped on purpose (unwatched, hidden, another symbol set): nothing more to do.
  if (connection !== current) return
  setStatus('offline')
  current.controller = null
  attempt += 1
  current.retryTimer = setTimeout(() => {
    if (connection === current) void run(current)
  }, backoffDelay(attempt))
}

function maxSymbols(): number {
  const n = getConfigNumber('stream_max_symbols', DEFAULT_MAX_SYMBOLS)
  return Number.isSafeInteger(n) && n > 0 ? n : DEFAULT_MAX_SYMBOLS
}

/** Brings the connection in line with what is watched and whether the page is shown. */
function reconcile(): void {
  const symbols = [...watched.keys()].sort()
  listen(symbols.length > 0)
  if (symbols.length === 0 || !pageVisible()) {
    stop()
    setStatus('offline')
    return
  }
  const limit = maxSymbols()
  if (symbols.length > limit) {
    // The server refuses a longer list; screens watch what they show, so this is a bug upstream.
    console.warn(`watching ${symbols.length} symbols; the stream takes ${limit}, the rest wait`)
    symbols.length = limit
  }
  const key = symbols.join(',')
  if (connection?.key === key) return
  stop()
  const next: Connection = { key, symbols, controller: null, retryTimer: undefined }
  connection = next
  void run(next)
}

function scheduleReconcile(): void {
  clearTimeout(debounceTimer)
  debounceTimer = setTimeout(reconcile, DEBOUNCE_MS)
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

const onVisibility = () => {
  if (pageVisible()) reconnectNow()
  else reconcile()
}

let listening = false

function listen(on: boolean): void {
  if (on === listening) return
  listening = on
  const method = on ? 'addEventListener' : 'removeEventListener'
  if (typeof document !== 'undefined') document[method]('visibilitychange', onVisibility)
  if (typeof window !== 'undefined') window[method]('online', reconnectNow)
}

/**
 * Keeps `symbols` live in db.quotes until the returned function is called. Ref-counted: any
 * number of screens may watch overlapping sets; the stream carries their union (changes are
 * gathered for 100 ms so a list scrolling does not reconnect per row).
 */
export function watchQuotes(symbols: readonly string[]): () => void {
  const mine = [...new Set(symbols)]
  for (const symbol of mine) watched.set(symbol, (watched.get(symbol) ?? 0) + 1)
  if (mine.length > 0) scheduleReconcile()
  let done = false
  return () => {
    if (done) return
    done = true
    for (const symbol of mine) {
      const n = (watched.get(symbol) ?? 0) - 1
      if (n > 0) watched.set(symbol, n)
      else watched.delete(symbol)
    }
    if (mine.length > 0) scheduleReconcile()
  }
}

/** The symbols the stream is asked for right now (tests, diagnostics). */
export function streamedSymbols(): readonly string[] {
  return connection?.symbols ?? []
}
