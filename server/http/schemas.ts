/** Schema pieces every route shares: the envelope around `data`, the common headers, ids. */
import { type RouteOptions } from 'fastify'
import { type TSchema, Type } from 'typebox'
import { REFUSAL_CODES } from '../../src/contract/refusals'

export const RefusalParams = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))

export function Envelope<T extends TSchema>(data: T) {
  return Type.Object({
    status: Type.Union([Type.Literal(0), Type.Literal(1)], { description: '1 success, 0 refused' }),
    msg: Type.String(),
    code: Type.Optional(Type.String({ description: 'stable refusal code, snake_case' })),
    params: Type.Optional(RefusalParams),
    data: Type.Optional(data),
  })
}

/** What every 4xx and 5xx carries: a refusal code, never data. */
const RefusalEnvelope = Type.Object({
  status: Type.Literal(0),
  msg: Type.String(),
  code: Type.String({ enum: REFUSAL_CODES, description: 'stable refusal code, snake_case: one of src/contract/refusals.ts' }),
  params: Type.Optional(RefusalParams),
})

/** The response schemas of a route: its data on 200, the refusal envelope on errors. */
export function replies<T extends TSchema>(data: T) {
  return { 200: Envelope(data), '4xx': RefusalEnvelope, '5xx': RefusalEnvelope }
}

export const EmptyObject = Type.Object({})

/** Declared for the OpenAPI document; the idempotency hook checks presence and form. */
export const IdempotencyHeaders = Type.Object({
  // Optional in the schema so a missing key gets its own code, idempotency_key_required.
  'idempotency-key': Type.Optional(Type.String({ description: 'Required. A UUID chosen by the client and reused on retries' })),
  'idempotency-withdraw': Type.Optional(
    Type.Literal('1', { description: 'Withdraw the request under this key instead: a done one replays its reply, a free one is closed with request_withdrawn' }),
  ),
})

// PostgreSQL text cannot hold a NUL character: without this, one in a field would reach the
// database and fail there as a 500 instead of a 400.
const NO_NUL = '^[^\\u0000]*$'

/** Generous bounds: the domain gives the precise refusal, the schema only stops absurd input. */
export const ShortText = (maxLength = 64) => Type.String({ maxLength, pattern: NO_NUL })
export const PasswordText = Type.String({ maxLength: 256, pattern: NO_NUL })

/**
 * Every id a request names (a row's id, a user's, an upload's): a positive safe integer. An id
 * past 2^53 cannot be told apart from its neighbours in JSON, and one past 2^63 would reach
 * PostgreSQL's bigint and fail there as a 500; no row has either, so both are a 400.
 */
export const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })

/**
 * Unknown body fields are stripped before the handler sees them, not refused: the original
 * app's exact bodies are not known, and a field Tijori does not read changes nothing. Closing
 * the body's top-level object makes ajv's removeAdditional (on in Fastify's defaults) delete
 * them, so they reach neither the handler nor the idempotency fingerprint (a 10,000-deep array
 * in an unknown field is gone before anything walks it). Applied to every route by an onRoute
 * hook, so a route added later is covered. Only the body: Fastify validates headers with the
 * same ajv, and closing those would delete the token, account and Idempotency-Key headers.
 */
export function stripUnknownBodyFields(route: RouteOptions): void {
  const body = route.schema?.body as { type?: unknown; additionalProperties?: unknown } | undefined
  if (body?.type !== 'object' || body.additionalProperties !== undefined) return
  route.schema = { ...route.schema, body: { ...body, additionalProperties: false } }
}
