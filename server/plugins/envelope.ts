/**
 * The one place that writes error envelopes (STYLE.md practice 5). Every reply, at every status,
 * is `{status, msg, code?, params?, data?}`; see the API contract for what each status means.
 */
import { STATUS_CODES } from 'node:http'
import { type Socket } from 'node:net'
import { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { type RefusalCode, type RefusalParamsOf, wireParams } from '../../src/contract/refusals'
import { DomainRefusal, type RefusalParams } from '../http/refusal'

export type Envelope<T> = { status: 0 | 1; msg: string; code?: RefusalCode; params?: RefusalParams; data?: T }

export function ok<T>(data: T): Envelope<T> & { data: T } {
  return { status: 1, msg: 'ok', data }
}

export function refusalBody<C extends RefusalCode>(code: C, params: NoInfer<RefusalParamsOf<C>>, msg: string): Envelope<never> {
  return { status: 0, msg, code, params: wireParams(params) }
}

/** A refusal outside HTTP 200: 400, 401, 404, 409, 422, 429. */
export class HttpError<C extends RefusalCode = RefusalCode> extends Error {
  readonly statusCode: number
  readonly code: C
  readonly params: RefusalParamsOf<C>
  readonly headers: Record<string, string>

  constructor(statusCode: number, code: C, params: NoInfer<RefusalParamsOf<C>>, msg: string, headers: Record<string, string> = {}) {
    super(msg)
    this.name = 'HttpError'
    this.statusCode = statusCode
    this.code = code
    this.params = params
    this.headers = headers
  }
}

export function unauthorized(): HttpError {
  return new HttpError(401, 'unauthorized', {}, 'Please sign in again.')
}

type EnvelopeReply = { statusCode: number; body: Envelope<never>; headers: Record<string, string> }

type ValidationIssue = { instancePath?: string; params?: Record<string, unknown> }

/** The field a schema error is about: the missing property, or the path of the bad value. */
function fieldOf(issues: readonly ValidationIssue[] | undefined, context: string | undefined): string | undefined {
  const first = issues?.[0]
  if (!first) return undefined
  const missing = first.params?.['missingProperty']
  const path = (first.instancePath ?? '').split('/').filter(Boolean)
  if (typeof missing === 'string') path.push(missing)
  if (path.length > 0) return path.join('.')
  return context === 'body' || context === undefined ? undefined : context
}

function isFastifyClientError(error: unknown): error is FastifyError & { statusCode: number } {
  const status = (error as { statusCode?: unknown } | null)?.statusCode
  return typeof status === 'number' && status >= 400 && status < 500
}

/** Maps anything thrown to the reply the client gets. Unknown errors are bugs: 500. */
function envelopeFor(error: unknown): EnvelopeReply {
  if (error instanceof DomainRefusal) {
    return { statusCode: 200, body: refusalBody(error.code, error.params, error.message), headers: {} }
  }
  if (error instanceof HttpError) {
    return { statusCode: error.statusCode, body: refusalBody(error.code, error.params, error.message), headers: error.headers }
  }
  const validation = (error as { validation?: ValidationIssue[] } | null)?.validation
  if (validation) {
    const context = (error as { validationContext?: string }).validationContext
    const field = fieldOf(validation, context)
    const msg = `Invalid request${field ? `: ${field}` : ''}.`
    return { statusCode: 400, body: refusalBody('bad_request', field ? { field } : {}, msg), headers: {} }
  }
  if (isFastifyClientError(error)) {
    if (error.statusCode === 404) return notFoundReply()
    // Unparseable JSON, empty JSON body, unknown content type, body too large, bad URL encoding:
    // the client sent something unusable, which the contract calls 400 whatever Fastify's own code.
    return { statusCode: 400, body: refusalBody('bad_request', {}, 'Invalid request.'), headers: {} }
  }
  return { statusCode: 500, body: refusalBody('internal_error', {}, 'Something went wrong on our side.'), headers: {} }
}

function notFoundReply(): EnvelopeReply {
  return { statusCode: 404, body: refusalBody('not_found', {}, 'No such API call.'), headers: {} }
}

/**
 * Fastify's `frameworkErrors`: errors it meets before a route is chosen (a URL whose percent
 * escapes do not decode, FST_ERR_BAD_URL) get the same envelope as everything else.
 */
export function replyToFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const out = envelopeFor(error)
  if (out.statusCode >= 500) request.log.error({ err: error }, 'unexpected framework error')
  void reply.code(out.statusCode).headers(out.headers).send(out.body)
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the request before Fastify saw it
 * (a malformed request line, headers over Node's size limit, a request too slow to arrive). There
 * is no request to reply to, only the socket, so the envelope is written by hand, as Fastify's
 * own default does with its own body, and the connection is closed.
 */
export function replyToClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  // Node's own status codes, as Fastify's default keeps them; the code is bad_request for all.
  const [statusCode, msg] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Invalid request: the headers are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Invalid request: it took too long to arrive.']
        : [400, 'Invalid request.']
  const body = JSON.stringify(refusalBody('bad_request', {}, msg))
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    )
  }
  socket.destroy(error)
}

/** Serves a non-API path that matched nothing (the SPA fallback); false when it did not. */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => boolean

export function installEnvelope(app: FastifyInstance, fallback: NotFoundFallback): void {
  app.setErrorHandler((error, request, reply) => {
    const out = envelopeFor(error)
    if (out.statusCode >= 500) request.log.error({ err: error }, 'unexpected error')
    return reply.code(out.statusCode).headers(out.headers).send(out.body)
  })
  app.setNotFoundHandler((request, reply) => {
    if (fallback(request, reply)) return reply
    const out = notFoundReply()
    return reply.code(out.statusCode).send(out.body)
  })
}
