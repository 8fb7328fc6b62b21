/**
 * Exactly-once mutations. A preHandler claims the request's Idempotency-Key (scope: the user, or
 * 'anon'); the handler does its work through runIdempotent, whose commit() writes the reply row
 * in the same transaction as the effect, so a crash leaves either both or neither. A later
 * request with the key replays that reply byte for byte with `Idempotent-Replayed: true`.
 */
import { randomUUID } from 'node:crypto'
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { type ServerConfig } from '../config'
import { decideClaim, isValidIdempotencyKey, requestFingerprint } from './idempotency-fingerprint'
import { DomainRefusal } from '../http/refusal'
import { type Executor, type Tx } from '../db/executor'
import {
  type ClaimKey,
  type StoredReply,
  completeClaim,
  completeClaims,
  insertClaim,
  insertClaims,
  insertDoneClaims,
  isKeyTaken,
  type DoneClaim,
  type NewClaim,
  lockClaim,
  reclaim,
  releaseClaim,
} from './idempotency-repository'
import { headerValue } from './auth'
import { coalesce } from './coalesce'
import { HttpError, ok, refusalBody } from './envelope'

export type ActiveClaim = ClaimKey & { leaseId: string }

/**
 * The request's key. `leaseId` is set while the request holds it (an in-flight row under that
 * lease); on a `claimAtCommit` route it is null until then, and `deferred` says how to write the
 * key as done with a reply, or claim it the ordinary way when that row cannot go in (which sets
 * `leaseId` on this object: from then on the request holds the key like any other).
 */
export type RequestClaim = ClaimKey & {
  leaseId: string | null
  deferred?: { done: (reply: StoredReply) => DoneClaim; claimNow: () => Promise<ClaimResult> }
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    idempotencyClaim: RequestClaim | null
  }
}

const JSON_TYPE = 'application/json; charset=utf-8'
const REPLAYED_HEADER = 'idempotent-replayed'

export type ClaimResult = { kind: 'claimed'; leaseId: string } | { kind: 'replay'; reply: StoredReply } | { kind: 'in_flight' | 'reused' }

type Deps = { db: Executor; now: () => number; config: ServerConfig }

async function claimKey(deps: Deps, insert: (row: NewClaim) => Promise<boolean>, k: ClaimKey, requestHash: string): Promise<ClaimResult> {
  const now = deps.now()
  const row = {
    ...k,
    requestHash,
    leaseId: randomUUID(),
    leaseUntil: now + deps.config.idempotencyLeaseSeconds * 1000,
    now,
    expiresAt: now + deps.config.idempotencyTtlSeconds * 1000,
  }
  if (await insert(row)) return { kind: 'claimed', leaseId: row.leaseId }
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

/**
 * `Idempotency-Withdraw: 1` asks "did this request happen?" and makes sure it never will after the
 * answer: a key already done replays its reply (it happened), a free key is closed with the
 * refusal request_withdrawn, so the original request arriving late gets that refusal and does
 * nothing. The client discards a queued order it may already have sent this way.
 */
const WITHDRAW_HEADER = 'idempotency-withdraw'

async function withdrawKey(db: Executor, claim: ActiveClaim): Promise<StoredReply> {
  const stored = { statusCode: 200, body: JSON.stringify(refusalBody('request_withdrawn', {}, 'The request was withdrawn before it was carried out.')) }
  if (!(await completeClaim(db, claim, stored))) throw leaseLost()
  return stored
}

function sendStored(reply: FastifyReply, stored: StoredReply): FastifyReply {
  // A string body with a JSON content type is sent as is, so a replay is byte-identical.
  return reply.code(stored.statusCode).type(JSON_TYPE).send(stored.body)
}

function sendReplay(reply: FastifyReply, stored: StoredReply): FastifyReply {
  reply.header(REPLAYED_HEADER, 'true')
  return sendStored(reply, stored)
}

function inFlight(): HttpError {
  return new HttpError(409, 'request_in_flight', {}, 'The same request is still being processed.')
}

function keyReused(): HttpError {
  return new HttpError(422, 'idempotency_key_reused', {}, 'This Idempotency-Key was used for a different request.')
}

export function installIdempotency(app: FastifyInstance, deps: Deps): void {
  app.decorateRequest('idempotencyClaim', null)
  // Fresh keys of requests that arrive together are claimed in one statement.
  const insert = coalesce((rows: readonly NewClaim[]) => insertClaims(deps.db, rows))

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
    const requestHash = requestFingerprint(request.method, path, request.body)
    const withdraw = headerValue(request, WITHDRAW_HEADER) === '1'
    if (request.routeOptions.config.claimAtCommit === true && !withdraw) {
      const now = deps.now()
      request.idempotencyClaim = {
        scope,
        key,
        leaseId: null,
        deferred: {
          done: (reply) => ({ scope, key, requestHash, now, expiresAt: now + deps.config.idempotencyTtlSeconds * 1000, reply }),
          claimNow: () => claimKey(deps, insert, { scope, key }, requestHash),
        },
      }
      return
    }
    const result = await claimKey(deps, insert, { scope, key }, requestHash)
    switch (result.kind) {
      case 'claimed':
        if (withdraw) return sendStored(reply, await withdrawKey(deps.db, { scope, key, leaseId: result.leaseId }))
        request.idempotencyClaim = { scope, key, leaseId: result.leaseId }
        return
      case 'replay':
        return sendReplay(reply, result.reply)
      case 'in_flight':
        throw inFlight()
      case 'reused':
        throw keyReused()
    }
  })

  // A request that failed without storing a reply (a 500, a lost lease) gives its key back so the
  // client's retry with the same key runs again; its transaction was rolled back.
  app.addHook('onResponse', async (request) => {
    const claim = request.idempotencyClaim
    if (!claim) return
    request.idempotencyClaim = null
    if (claim.leaseId === null) return
    await releaseClaim(deps.db, { scope: claim.scope, key: claim.key, leaseId: claim.leaseId }).catch((err: unknown) => request.log.error({ err }, 'could not release idempotency key'))
  })
}

/**
 * Proof that a reply was stored with its effect; only commit() and a CommitGroup make one.
 * `replayed`: the key was done before, and `stored` is that reply, not this request's.
 */
export type Committed = { readonly stored: StoredReply; readonly replayed?: boolean }

/** Runs the effect in a transaction that also stores its success reply. */
export type Commit = <T>(effect: (trx: Tx) => Promise<T>) => Promise<Committed>

/** Hands the request's effect to a group commit (see commitGroup); settles like commit(). */
export type Join = <I>(group: CommitGroup<I>, input: I) => Promise<Committed>

export type RunIdempotent = (
  request: FastifyRequest,
  reply: FastifyReply,
  work: (commit: Commit, join: Join) => Promise<Committed>,
) => Promise<FastifyReply>

function successReply(data: unknown): StoredReply {
  return { statusCode: 200, body: JSON.stringify(ok(data)) }
}

/**
 * Stores the reply of a held key, or writes a deferred one as done with it; false when the key is
 * not ours to store. In a transaction on PostgreSQL a deferred key found taken fails its commit
 * instead (insertDoneClaims), which commitOne takes as KeyTaken.
 */
async function storeReply(db: Executor, claim: RequestClaim, stored: StoredReply): Promise<boolean> {
  if (claim.leaseId !== null) return completeClaim(db, { scope: claim.scope, key: claim.key, leaseId: claim.leaseId }, stored)
  if (!claim.deferred) throw new Error(`idempotency key ${claim.scope}/${claim.key} is neither held nor deferred`)
  try {
    await insertDoneClaims(db, [claim.deferred.done(stored)])
    return true
  } catch (error) {
    if (isKeyTaken(error)) return false
    throw error
  }
}

/** Our lease ran out (another request took the key over), or a deferred key was written meanwhile. */
function notStored(claim: RequestClaim): Error {
  return claim.leaseId === null ? new KeyTaken() : leaseLost()
}

/**
 * Signals that a deferred key was there when its reply was to be written: the effect rolls
 * back and the request is answered from the row (answerTaken).
 */
class KeyTaken extends Error {
  constructor() {
    super('the idempotency key was written by another request')
  }
}

/**
 * A deferred key found taken: claimed the ordinary way now, then the stored reply (replayed), a
 * 409 or a 422, or, when the key turned out free (an expired row, a released claim), `run` with
 * the key now held by `claim`.
 */
async function answerTaken(claim: RequestClaim, run: () => Promise<Committed>): Promise<Committed> {
  if (!claim.deferred) throw new Error(`idempotency key ${claim.scope}/${claim.key} is not deferred`)
  const result = await claim.deferred.claimNow()
  switch (result.kind) {
    case 'claimed':
      claim.leaseId = result.leaseId
      return run()
    case 'replay':
      return { stored: result.reply, replayed: true }
    case 'in_flight':
      throw inFlight()
    case 'reused':
      throw keyReused()
  }
}

/** commit() of one request: its effect and its reply in one transaction. */
async function commitOne<T>(db: Executor, claim: RequestClaim, effect: (trx: Tx) => Promise<T>): Promise<Committed> {
  try {
    return await db.transaction().execute(async (trx) => {
      const stored = successReply(await effect(trx))
      if (!(await storeReply(trx, claim, stored))) throw notStored(claim)
      return { stored }
    })
  } catch (error) {
    if (!(error instanceof KeyTaken || (claim.leaseId === null && isKeyTaken(error)))) throw error
    return answerTaken(claim, () => commitOne(db, claim, effect))
  }
}

/**
 * The handler body of an idempotent route. `work` checks what it needs, then calls commit() once
 * with the effect (or join() to share a transaction with concurrent requests). A DomainRefusal
 * thrown anywhere in `work` (the effect rolls back) is stored as the key's reply too, so a retry
 * gets the same refusal.
 */
export function idempotencyRunner(db: Executor): RunIdempotent {
  return async (request, reply, work) => {
    const claim = request.idempotencyClaim
    if (!claim) throw new Error(`route ${request.routeOptions.url ?? request.url} is not marked idempotent: true`)
    const commit: Commit = (effect) => commitOne(db, claim, effect)
    const join: Join = (group, input) => group.submit(claim, input)
    let committed: Committed
    try {
      committed = await work(commit, join)
    } catch (error) {
      if (!(error instanceof DomainRefusal)) throw error
      const stored = { statusCode: 200, body: JSON.stringify(refusalBody(error.code, error.params, error.message)) }
      const deferred = claim.leaseId === null
      committed = (await storeReply(db, claim, stored))
        ? { stored }
        : deferred
          ? // The key was written meanwhile: its reply, not this refusal, is the answer.
            await answerTaken(claim, async () => {
              if (!(await storeReply(db, claim, stored))) throw leaseLost()
              return { stored }
            })
          : { stored }
    }
    request.idempotencyClaim = null
    return committed.replayed === true ? sendReplay(reply, committed.stored) : sendStored(reply, committed.stored)
  }
}

/**
 * The effect of a batch: one outcome per input, in order: the reply's data, or the DomainRefusal
 * of that input alone (which must have written nothing).
 */
export type BatchEffect<I> = (trx: Tx, inputs: readonly I[]) => Promise<unknown[]>

export type CommitGroup<I> = { submit: (claim: RequestClaim, input: I) => Promise<Committed> }

type Member<I> = { claim: RequestClaim; input: I; resolve: (c: Committed) => void; reject: (e: unknown) => void }

/**
 * Group commit: requests that arrive while a batch is being written wait, then go together in the
 * next transaction, each with its own effect and its own stored reply, so a burst of orders pays
 * for one BEGIN/lock/insert/COMMIT instead of one each. A member's refusal stays that member's.
 * Any failure, a deferred key found taken among them, rolls the batch back and runs its members
 * again one by one, so one bad request fails alone, and a member whose key was taken is answered
 * from the key's row. Only the requests in flight are held here, never user state.
 */
export function commitGroup<I>(db: Executor, effect: BatchEffect<I>, options: { maxBatch?: number; concurrency?: number } = {}): CommitGroup<I> {
  const maxBatch = options.maxBatch ?? 64
  // Batches written at once: one on PGlite (one session), a few on PostgreSQL, whose connections
  // work in parallel; each batch takes its users' locks in id order, so batches cannot deadlock.
  const concurrency = options.concurrency ?? 1
  const waiting: Member<I>[] = []
  let running = 0
  let scheduled = false

  const settle = (member: Member<I>, outcome: unknown, stored: StoredReply | null) => {
    if (outcome instanceof DomainRefusal) member.reject(outcome)
    else member.resolve({ stored: stored! })
  }

  /** The member's effect alone in its transaction, settled. */
  const runAlone = async (member: Member<I>) => {
    let refusal: DomainRefusal | null = null
    try {
      member.resolve(
        await commitOne(db, member.claim, async (trx) => {
          const [outcome] = await effect(trx, [member.input])
          if (outcome instanceof DomainRefusal) {
            refusal = outcome
            throw outcome
          }
          return outcome
        }),
      )
    } catch (error) {
      member.reject(refusal ?? error)
    }
  }

  const runBatch = async (batch: Member<I>[]): Promise<void> => {
    if (batch.length === 0) return
    if (batch.length === 1) return runAlone(batch[0]!)
    let results: { outcome: unknown; stored: StoredReply | null }[]
    try {
      results = await db.transaction().execute(async (trx) => {
        const outcomes = await effect(
          trx,
          batch.map((m) => m.input),
        )
        const done = outcomes.map((outcome) => ({ outcome, stored: outcome instanceof DomainRefusal ? null : successReply(outcome) }))
        const held: (ActiveClaim & { reply: StoredReply })[] = []
        const deferred: DoneClaim[] = []
        batch.forEach(({ claim }, n) => {
          const stored = done[n]!.stored
          if (!stored) return
          if (claim.leaseId !== null) held.push({ scope: claim.scope, key: claim.key, leaseId: claim.leaseId, reply: stored })
          else if (claim.deferred) deferred.push(claim.deferred.done(stored))
          else throw new Error(`idempotency key ${claim.scope}/${claim.key} is neither held nor deferred`)
        })
        if ((await completeClaims(trx, held)) !== held.length) throw leaseLost()
        // Last: on PostgreSQL it goes with the commit, and a key found taken fails the commit.
        await insertDoneClaims(trx, deferred)
        return done
      })
    } catch {
      // Whatever failed is retried alone, where it fails (or succeeds) for itself only: a member
      // whose key was found taken is answered from the key's row (commitOne).
      for (const member of batch) await runAlone(member)
      return
    }
    batch.forEach((member, i) => settle(member, results[i]!.outcome, results[i]!.stored))
  }

  const pump = () => {
    while (running < concurrency && waiting.length > 0) {
      running++
      void runBatch(waiting.splice(0, maxBatch)).finally(() => {
        running--
        pump()
      })
    }
  }

  return {
    submit: (claim, input) =>
      new Promise<Committed>((resolve, reject) => {
        waiting.push({ claim, input, resolve, reject })
        // The first request waits one turn of the event loop for its neighbours; later ones
        // gather while the batches before them are written, and go when one ends.
        if (!scheduled && running < concurrency) {
          scheduled = true
          setImmediate(() => {
            scheduled = false
            pump()
          })
        }
      }),
  }
}

/** Our lease ran out and another request took the key over: it does the work, we undo ours. */
function leaseLost(): HttpError {
  return new HttpError(409, 'request_in_flight', {}, 'The same request is still being processed.')
}
