/**
 * Idempotency keys: per (scope, key) the hash of the first request, whether it is still running
 * (with a lease so a crashed request's key can be taken over) and, once done, the exact HTTP
 * status and body that were sent, to replay. Rows live idempotency_ttl_seconds.
 */
import { sql } from 'kysely'
import { type StoredClaim } from './idempotency-fingerprint'
import { SENT_WITH_NEXT, type Executor, type Tx } from '../db/executor'
import { columnsOf, runStatement } from '../db/columns'

export type ClaimKey = { scope: string; key: string }

export type StoredReply = { statusCode: number; body: string }

export type NewClaim = ClaimKey & { requestHash: string; leaseId: string; leaseUntil: number; now: number; expiresAt: number }

/** The columns of a claim just taken: in flight under this request's lease, no reply yet. */
function claimColumns(input: NewClaim) {
  return {
    request_hash: input.requestHash,
    state: 'in_flight',
    lease_id: input.leaseId,
    lease_until: input.leaseUntil,
    status_code: null,
    reply_body: null,
    created_at: input.now,
    expires_at: input.expiresAt,
  } as const
}

/** Inserts a fresh claim; false when a row for the key already exists. */
export async function insertClaim(db: Executor, input: NewClaim): Promise<boolean> {
  const row = await db
    .insertInto('idempotency_keys')
    .values({ scope: input.scope, key: input.key, ...claimColumns(input) })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst()
  return row !== undefined
}

/**
 * insertClaim for several requests in one statement; true for each one whose claim went in. Two
 * requests with one key in the batch: the first in order gets it (its lease id comes back).
 */
export async function insertClaims(db: Executor, inputs: readonly NewClaim[]): Promise<boolean[]> {
  if (inputs.length === 0) return []
  const rows = await db
    .insertInto('idempotency_keys')
    .values(inputs.map((input) => ({ scope: input.scope, key: input.key, ...claimColumns(input) })))
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .returning('lease_id')
    .execute()
  const won = new Set(rows.map((r) => r.lease_id))
  return inputs.map((input) => won.has(input.leaseId))
}

/** A key written as done with its reply, never claimed before: see insertDoneClaims. */
export type DoneClaim = ClaimKey & { requestHash: string; now: number; expiresAt: number; reply: StoredReply }

// No conflict clause: a key that has a row fails the statement, so it needs no reply to be read,
// and on PostgreSQL goes with the commit (SENT_WITH_NEXT), one round trip less for an order batch.
const INSERT_DONE_CLAIMS = `${SENT_WITH_NEXT}insert into idempotency_keys (scope, key, request_hash, state, lease_id, lease_until, status_code, reply_body, created_at, expires_at)
    select scope, key, request_hash, 'done', null, null, status_code, reply_body, created_at, expires_at
    from unnest($1::text[], $2::text[], $3::text[], $4::integer[], $5::text[], $6::bigint[], $7::bigint[])
      as d (scope, key, request_hash, status_code, reply_body, created_at, expires_at)`

/**
 * Writes keys straight as done with their replies, in the caller's transaction with the effect
 * (a route that claims its key at commit, plugins/idempotency.ts). When a row for one of the keys
 * exists already (a reply to replay, a request still holding it, an expired row not yet purged),
 * or two inputs name one key, nothing is written and it fails with an error isKeyTaken knows: in a
 * transaction on PostgreSQL at its commit, elsewhere here.
 */
export async function insertDoneClaims(db: Executor, inputs: readonly DoneClaim[]): Promise<void> {
  if (inputs.length === 0) return
  await runStatement(db, INSERT_DONE_CLAIMS, [
    ...columnsOf(inputs, ['scope', 'key', 'requestHash']),
    inputs.map((input) => input.reply.statusCode),
    inputs.map((input) => input.reply.body),
    ...columnsOf(inputs, ['now', 'expiresAt']),
  ])
}

const UNIQUE_VIOLATION = '23505'

/** The failure of insertDoneClaims (and of any write) on a key that has a row: the table's primary key. */
export function isKeyTaken(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, constraint } = error as { code?: unknown; constraint?: unknown }
  return code === UNIQUE_VIOLATION && constraint === 'idempotency_keys_pkey'
}

/** The existing row, locked until the transaction ends so two take-overs cannot both win. */
export async function lockClaim(trx: Tx, k: ClaimKey): Promise<{ claim: StoredClaim; reply: StoredReply | null } | undefined> {
  const row = await trx
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('scope', '=', k.scope)
    .where('key', '=', k.key)
    .forUpdate()
    .executeTakeFirst()
  if (!row) return undefined
  return {
    claim: { requestHash: row.request_hash, state: row.state, leaseUntil: row.lease_until, expiresAt: row.expires_at },
    reply: row.status_code !== null && row.reply_body !== null ? { statusCode: row.status_code, body: row.reply_body } : null,
  }
}

/** Makes an expired or abandoned row this request's claim. */
export async function reclaim(trx: Tx, input: NewClaim): Promise<void> {
  await trx
    .updateTable('idempotency_keys')
    .set(claimColumns(input))
    .where('scope', '=', input.scope)
    .where('key', '=', input.key)
    .execute()
}

/**
 * Stores the reply and ends the claim, in the caller's transaction so the reply commits with the
 * effect or not at all. False when this request no longer holds the lease.
 */
export async function completeClaim(db: Executor, k: ClaimKey & { leaseId: string }, reply: StoredReply): Promise<boolean> {
  const row = await db
    .updateTable('idempotency_keys')
    .set({ state: 'done', status_code: reply.statusCode, reply_body: reply.body, lease_id: null, lease_until: null })
    .where('scope', '=', k.scope)
    .where('key', '=', k.key)
    .where('lease_id', '=', k.leaseId)
    .where('state', '=', 'in_flight')
    .returning('key')
    .executeTakeFirst()
  return row !== undefined
}

/**
 * completeClaim for several keys in one statement (a group commit). Returns how many were still
 * held under their lease: fewer than given means some request lost its key.
 */
export async function completeClaims(trx: Tx, items: readonly (ClaimKey & { leaseId: string; reply: StoredReply })[]): Promise<number> {
  if (items.length === 0) return 0
  const rows = items.map((i) => sql`(${i.scope}::text, ${i.key}::text, ${i.leaseId}::text, ${i.reply.statusCode}::int, ${i.reply.body}::text)`)
  const { rows: done } = await sql<{ key: string }>`
    update idempotency_keys k
    set state = 'done', status_code = v.status_code, reply_body = v.reply_body, lease_id = null, lease_until = null
    from (values ${sql.join(rows)}) as v (scope, key, lease_id, status_code, reply_body)
    where k.scope = v.scope and k.key = v.key and k.lease_id = v.lease_id and k.state = 'in_flight'
    returning k.key`.execute(trx)
  return done.length
}

/** Gives the key back after a failure that changed nothing, so the client may retry with it. */
export async function releaseClaim(db: Executor, k: ClaimKey & { leaseId: string }): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('scope', '=', k.scope)
    .where('key', '=', k.key)
    .where('lease_id', '=', k.leaseId)
    .where('state', '=', 'in_flight')
    .execute()
}

export async function purgeExpiredKeys(db: Executor, now: number): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).executeTakeFirst()
  return Number(result.numDeletedRows)
}
