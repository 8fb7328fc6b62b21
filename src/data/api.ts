/**
 * The one HTTP client (ky) for the API under /api/vue. It adds the session and language headers,
 * unwraps the `{status, msg, code, params, data}` envelope, and reports what happened to the UI
 * through events: refusals to toast, 401 to go to login, network up/down for the offline banner.
 * It stores nothing itself; on 401 it clears the stored session (sessionStore.ts).
 * operatorCall is the back office's door (admin.html) to /api/admin: the operator's token only.
 */
import ky, { type KyInstance } from 'ky'
import { i18n } from '@lingui/core'
import { normalizeLanguage, type Language } from '../i18n/languages'
import { type RefusalParams } from '../contract/refusals'
import { clearSession, getSession } from './sessionStore'

export type Envelope<T = unknown> = {
  status: 0 | 1
  msg: string
  /** A RefusalCode (src/contract/refusals.ts), or one a newer server added: kept a string. */
  code?: string
  params?: RefusalParams
  data?: T
}

export type ApiEvent =
  | { type: 'refusal'; code: string; params: RefusalParams; msg: string }
  | { type: 'unauthorized' }
  | { type: 'network-error' }
  | { type: 'network-ok' }

export type CallOptions = {
  /** Sent as Idempotency-Key: the same key replayed gets the first reply and changes nothing. */
  idempotencyKey?: string
  /** Do not emit a 'refusal' event: the caller shows the refusal itself (forms, the outbox). */
  silent?: boolean
  /** The `lang` header for this call instead of the current language (news of a given language). */
  lang?: Language
  /**
   * With idempotencyKey: ask the server to withdraw that request instead of carrying it out. It
   * answers with the request's first reply if it already happened, else refuses with
   * request_withdrawn, and the request can never happen after that.
   */
  withdraw?: boolean
}

/** The server answered and said no: a business refusal (status 0) or an HTTP error with the envelope. */
export class ApiRefusal extends Error {
  override readonly name = 'ApiRefusal'
  readonly code: string
  readonly params: RefusalParams
  readonly msg: string
  /** 200 for a business refusal; 400, 401, 404, 409, 422, 429 or 5xx otherwise; 0 when refused before sending. */
  readonly httpStatus: number

  constructor({ code, params, msg, httpStatus }: { code: string; params: RefusalParams; msg: string; httpStatus: number }) {
    super(`${code || 'refused'}: ${msg}`)
    this.code = code
    this.params = params
    this.msg = msg
    this.httpStatus = httpStatus
  }
}

/** No usable answer: offline, DNS, connection reset, timeout, or a reply that is not our envelope. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError'
  constructor(cause: unknown) {
    super('network request failed', { cause })
  }
}

const listeners = new Set<(event: ApiEvent) => void>()

export function onApiEvent(listener: (event: ApiEvent) => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** For data/ modules that report on behalf of the API (the outbox's refusals). */
export function emitApiEvent(event: ApiEvent): void {
  for (const listener of [...listeners]) {
    try {
      listener(event)
    } catch (error) {
      console.error('api event listener failed', error)
    }
  }
}

function pageBase(): string {
  return typeof location === 'undefined' ? '/api/vue' : new URL('/api/vue', location.origin).href
}

function createClient(prefixUrl: string): KyInstance {
  return ky.create({
    prefixUrl,
    timeout: 10_000,
    // No automatic retries: a POST may be a mutation, and the outbox decides when to resend
    // (with the same Idempotency-Key), not the HTTP client.
    retry: 0,
    // Refusals arrive as 4xx/5xx with the envelope; the envelope is read for every status.
    throwHttpErrors: false,
  })
}

let base = pageBase()
let client = createClient(base)

/** Points the client at another server (node tests: `http://127.0.0.1:<port>/api/vue`). */
export function setApiBase(url: string): void {
  base = url
  client = createClient(url)
}

/** The quote stream's address for `symbols` (GET, text/event-stream; see stream.ts). */
export function streamUrl(symbols: readonly string[]): string {
  return `${base.replace(/\/+$/, '')}/stock/stream?symbols=${symbols.map(encodeURIComponent).join(',')}`
}

/**
 * Opens the quote stream and resolves with its body once the server has answered 200 with an
 * event stream. A GET with no session: the stream is public. Throws NetworkError when it cannot be
 * reached (or was aborted) and ApiRefusal when the server refuses (too many symbols: 400).
 */
export async function openStream(
  symbols: readonly string[],
  opts: { signal?: AbortSignal; lastEventId?: string } = {},
): Promise<ReadableStream<Uint8Array>> {
  const headers: Record<string, string> = {}
  if (opts.lastEventId) headers['last-event-id'] = opts.lastEventId
  return openEventStream(streamUrl(symbols), headers, opts.signal, 'the quote stream')
}

/**
 * Opens the signed-in user's inbox stream (GET /inbox/stream, see inboxStream.ts) with the
 * session's headers, read now like call()'s. Throws NetworkError or ApiRefusal like openStream;
 * a 401 is left to the next call() to act on (it alone clears the session).
 */
export async function openInboxStream(opts: { signal?: AbortSignal } = {}): Promise<ReadableStream<Uint8Array>> {
  const session = getSession()
  const headers: Record<string, string> = session ? { token: session.token, account: session.account } : {}
  return openEventStream(`${base.replace(/\/+$/, '')}/inbox/stream`, headers, opts.signal, 'the inbox stream')
}

async function openEventStream(url: string, extra: Record<string, string>, signal: AbortSignal | undefined, what: string): Promise<ReadableStream<Uint8Array>> {
  const headers: Record<string, string> = { accept: 'text/event-stream', ...extra }
  let response: Response
  try {
    response = await fetch(url, { headers, signal, cache: 'no-store' })
  } catch (error) {
    throw new NetworkError(error)
  }
  const type = response.headers.get('content-type') ?? ''
  if (response.ok && response.body && type.startsWith('text/event-stream')) return response.body
  const envelope = response.ok ? null : await readEnvelope(response)
  if (!envelope) {
    await response.body?.cancel().catch(() => undefined)
    throw new NetworkError(new Error(`HTTP ${response.status} ${type} is not ${what}`))
  }
  throw new ApiRefusal({
    code: envelope.code ?? fallbackCode(response.status),
    params: envelope.params ?? {},
    msg: envelope.msg ?? '',
    httpStatus: response.status,
  })
}

function fallbackCode(httpStatus: number): string {
  if (httpStatus === 401) return 'unauthorized'
  if (httpStatus === 429) return 'too_many_attempts'
  if (httpStatus >= 500) return 'internal_error'
  return ''
}

async function readEnvelope(response: Response): Promise<Envelope | null> {
  let parsed: unknown
  try {
    parsed = JSON.parse(await response.text())
  } catch {
    return null
  }
  if (typeof parsed !== 'object' || parsed === null) return null
  const { status } = parsed as Record<string, unknown>
  return status === 0 || status === 1 ? (parsed as Envelope) : null
}

function networkFailure(cause: unknown): NetworkError {
  emitApiEvent({ type: 'network-error' })
  return new NetworkError(cause)
}

/**
 * POSTs `body` to `path` (e.g. '/user/info') and returns the envelope's `data`.
 * Throws ApiRefusal when the server says no and NetworkError when it cannot be reached.
 */
export async function call<T>(path: string, body: object = {}, opts: CallOptions = {}): Promise<T> {
  // Headers are read now, synchronously, so a logout right after starting a call cannot strip them.
  const session = getSession()
  const headers: Record<string, string> = { lang: opts.lang ?? normalizeLanguage(i18n.locale) }
  if (session) {
    headers.token = session.token
    headers.account = session.account
  }
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey
  if (opts.idempotencyKey && opts.withdraw) headers['Idempotency-Withdraw'] = '1'

  let response: Response
  try {
    // ky's prefixUrl refuses inputs that start with a slash.
    response = await client.post(path.replace(/^\/+/, ''), { json: body, headers })
  } catch (error) {
    throw networkFailure(error)
  }

  const envelope = await readEnvelope(response)
  // A proxy's 502 page or a captive portal's HTML is not our server answering.
  if (!envelope) throw networkFailure(new Error(`HTTP ${response.status} without an envelope`))
  emitApiEvent({ type: 'network-ok' })

  if (response.ok && envelope.status === 1) return envelope.data as T

  const refusal = new ApiRefusal({
    code: envelope.code ?? fallbackCode(response.status),
    params: envelope.params ?? {},
    msg: envelope.msg ?? '',
    httpStatus: response.status,
  })
  if (response.status === 401) {
    // Only the session this request carried has ended. If the user has logged out or in again
    // since it was sent, the session they have now is fine: keep it and do not ask for a login.
    if (getSession()?.token === session?.token) {
      await clearSession()
      emitApiEvent({ type: 'unauthorized' })
    }
  } else if (!opts.silent) {
    emitApiEvent({ type: 'refusal', code: refusal.code, params: refusal.params, msg: refusal.msg })
  }
  throw refusal
}

const adminClient = createClient(typeof location === 'undefined' ? '/api/admin' : new URL('/api/admin', location.origin).href)

/**
 * The back office's call to /api/admin: the operator's token, no user session, no UI events (the
 * back-office page shows its own errors). Throws ApiRefusal or NetworkError like call().
 */
export async function operatorCall<T>(path: string, body: object, operatorToken: string | null): Promise<T> {
  const headers: Record<string, string> = {}
  if (operatorToken) headers['operator-token'] = operatorToken
  let response: Response
  try {
    response = await adminClient.post(path.replace(/^\/+/, ''), { json: body, headers })
  } catch (error) {
    throw new NetworkError(error)
  }
  const envelope = await readEnvelope(response)
  if (!envelope) throw new NetworkError(new Error(`HTTP ${response.status} without an envelope`))
  if (response.ok && envelope.status === 1) return envelope.data as T
  throw new ApiRefusal({ code: envelope.code ?? fallbackCode(response.status), params: envelope.params ?? {}, msg: envelope.msg ?? '', httpStatus: response.status })
}

/**
 * POSTs `body` to `path` for a file (the CSV exports, the JSON data export) and returns it as a
 * Blob. The server answers a refusal with the usual envelope instead: thrown as ApiRefusal, and a
 * 401 ends the session the request carried, exactly as call() does. NetworkError when the server cannot be reached.
 */
export async function download(path: string, body: object = {}): Promise<Blob> {
  const session = getSession()
  const headers: Record<string, string> = { lang: normalizeLanguage(i18n.locale) }
  if (session) {
    headers.token = session.token
    headers.account = session.account
  }
  let response: Response
  try {
    response = await client.post(path.replace(/^\/+/, ''), { json: body, headers, timeout: 60_000 })
  } catch (error) {
    throw networkFailure(error)
  }
  const type = response.headers.get('content-type') ?? ''
  // A file is an attachment (the CSV exports, and the data export, which is JSON itself) or any
  // reply that is not JSON; a JSON reply without the attachment is the envelope of a refusal.
  const attachment = /^\s*attachment\b/i.test(response.headers.get('content-disposition') ?? '')
  if (response.ok && (attachment || !type.startsWith('application/json'))) {
    emitApiEvent({ type: 'network-ok' })
    try {
      return await response.blob()
    } catch (error) {
      throw networkFailure(error)
    }
  }
  const envelope = await readEnvelope(response)
  if (!envelope) throw networkFailure(new Error(`HTTP ${response.status} without an envelope`))
  emitApiEvent({ type: 'network-ok' })
  if (response.status === 401 && getSession()?.token === session?.token) {
    await clearSession()
    emitApiEvent({ type: 'unauthorized' })
  }
  throw new ApiRefusal({
    code: envelope.code ?? fallbackCode(response.status),
    params: envelope.params ?? {},
    msg: envelope.msg ?? '',
    httpStatus: response.status,
  })
}
