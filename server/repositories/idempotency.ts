/**
 * Idempotency keys: per (scope, key) the hash of the first request, whether it is still running
 * (with a lease so a crashed request's key can be taken over) and, once done, the exact HTTP
 * status and body that were sent, to replay. Rows live idempotency_ttl_seconds.
 */
import { type StoredClaim } from '../domain/idempotency'
import { type Executor, type Tx } from './executor'

export type ClaimKey = { scope: string; key: string }

export type StoredReply = { statusCode: number; body: string }

type NewClaim = ClaimKey & { requestHash: string; leaseId: string; leaseUntil: number; now: number; expiresAt: number }

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
