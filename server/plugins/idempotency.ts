/**
 * Exactly-once mutations. A preHandler claims the request's Idempotency-Key (scope: the user, or
 * 'anon'); the handler does its work through runIdempotent, whose commit() writes the reply row
 * in the same transaction as the effect, so a crash leaves either both or neither. A later
 * request with the key replays that reply byte for byte with `Idempotent-Replayed: true`.
 */
import { randomUUID } from 'node:crypto'
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { type ServerConfig } from '../config'
import { decideClaim, isValidIdempotencyKey, requestFingerprint } from '../domain/idempotency'
import { DomainRefusal } from '../domain/refusal'
import { type Executor, type Tx } from '../repositories/executor'
import {
  type ClaimKey,
  type StoredReply,
  completeClaim,
  insertClaim,
  lockClaim,
  reclaim,
  releaseClaim,
} from '../repositories/idempotency'
import { headerValue } from './auth'
import { HttpError, ok, refusalBody } from './envelope'

export type ActiveClaim = ClaimKey & { leaseId: string }

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    idempotencyClaim: ActiveClaim | null
  }
}

const JSON_TYPE = 'application/json; charset=utf-8'
const REPLAYED_HEADER = 'idempotent-replayed'

type ClaimResult = { kind: 'claimed'; leaseId: string } | { kind: 'replay'; reply: StoredReply } | { kind: 'in_flight' | 'reused' }

type Deps = { db: Executor; now: () => number; config: ServerConfig }

async function claimKey(deps: Deps, k: ClaimKey, requestHash: string): Promise<ClaimResult> {
  const now = deps.now()
  const row = {
    ...k,
    requestHash,
    leaseId: randomUUID(),
    leaseUntil: now + deps.config.idempotencyLeaseSeconds * 1000,
    now,
    expiresAt: now + deps.config.idempotencyTtlSeconds * 1000,
  }
  if (await insertClaim(deps.db, row)) return { kind: 'claimed', leaseId: row.leaseId }
  return deps.db.transaction().execute(async (trx): Promise<ClaimResult> => {
    const existing = await lockClaim(trx, k)
    // Released between our insert and this lock: the key is free again.
    if (!existing) return (await insertClaim(trx, row)) ? { kind: 'claimed', leaseId: row.leaseId } : { kind: 'in_flight' }
    const decision = decideClaim(existing.claim, requestHash, now)
    if (decision === 'claim' || decision === 'take_over') {
      await reclaim(trx, row)
      return { kind: 'claimed', leaseId: row.leaseId }
    }
    if (decision === 'replay') {
      if (!existing.reply) throw new Error(`idempotency key ${k.scope}/${k.key} is done without a reply`)
      return { kind: 'replay', reply: existing.reply }
    }
    return { kind: decision }
  })
}

function sendStored(reply: FastifyReply, stored: StoredReply): FastifyReply {
  // A string body with a JSON content type is sent as is, so a replay is byte-identical.
  return reply.code(stored.statusCode).type(JSON_TYPE).send(stored.body)
}

export function installIdempotency(app: FastifyInstance, deps: Deps): void {
  app.decorateRequest('idempotencyClaim', null)

  // After validation, so a bad body is a 400 that claims nothing.
  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.config.idempotent !== true) return
    const key = headerValue(request, 'idempotency-key')
    if (key === undefined || key === '') {
      throw new HttpError(400, 'idempotency_key_required', {}, 'This request needs an Idempotency-Key header.')
    }
    if (!isValidIdempotencyKey(key)) {
      throw new HttpError(400, 'bad_request', { field: 'Idempotency-Key' }, 'Invalid request: Idempotency-Key.')
    }
    const scope = request.session ? `user:${request.session.userId}` : 'anon'
    const path = request.routeOptions.url ?? request.url.split('?')[0] ?? request.url
    const result = await claimKey(deps, { scope, key }, requestFingerprint(request.method, path, request.body))
    switch (result.kind) {
      case 'claimed':
        request.idempotencyClaim = { scope, key, leaseId: result.leaseId }
        return
      case 'replay':
        reply.header(REPLAYED_HEADER, 'true')
        return sendStored(reply, result.reply)
      case 'in_flight':
        throw new HttpError(409, 'request_in_flight', {}, 'The same request is still being processed.')
      case 'reused':
        throw new HttpError(422, 'idempotency_key_reused', {}, 'This Idempotency-Key was used for a different request.')
    }
  })

  // A request that failed without storing a reply (a 500, a lost lease) gives its key back so the
  // client's retry with the same key runs again; its transaction was rolled back.
  app.addHook('onResponse', async (request) => {
    const claim = request.idempotencyClaim
    if (!claim) return
    request.idempotencyClaim = null
    await releaseClaim(deps.db, claim).catch((err: unknown) => request.log.error({ err }, 'could not release idempotency key'))
  })
}

/** Proof that a reply was stored with its effect; only commit() makes one. */
export type Committed = { readonly stored: StoredReply }

/** Runs the effect in a transaction that also stores its success reply. */
export type Commit = <T>(effect: (trx: Tx) => Promise<T>) => Promise<Committed>

export type RunIdempotent = (
  request: FastifyRequest,
  reply: FastifyReply,
  work: (commit: Commit) => Promise<Committed>,
) => Promise<FastifyReply>

/**
 * The handler body of an idempotent route. `work` checks what it needs, then calls commit() once
 * with the effect. A DomainRefusal thrown anywhere in `work` (the effect rolls back) is stored as
 * the key's reply too, so a retry gets the same refusal.
 */
export function idempotencyRunner(db: Executor): RunIdempotent {
  return async (request, reply, work) => {
    const claim = request.idempotencyClaim
    if (!claim) throw new Error(`route ${request.routeOptions.url ?? request.url} is not marked idempotent: true`)
    const commit: Commit = (effect) =>
      db.transaction().execute(async (trx) => {
        const data = await effect(trx)
        const stored = { statusCode: 200, body: JSON.stringify(ok(data)) }
        if (!(await completeClaim(trx, claim, stored))) throw leaseLost()
        return { stored }
      })
    let stored: StoredReply
    try {
      stored = (await work(commit)).stored
    } catch (error) {
      if (!(error instanceof DomainRefusal)) throw error
      stored = { statusCode: 200, body: JSON.stringify(refusalBody(error.code, error.params, error.message)) }
      await completeClaim(db, claim, stored)
    }
    request.idempotencyClaim = null
    return sendStored(reply, stored)
  }
}

/** Our lease ran out and another request took the key over: it does the work, we undo ours. */
function leaseLost(): HttpError {
  return new HttpError(409, 'request_in_flight', {}, 'The same request is still being processed.')
}
