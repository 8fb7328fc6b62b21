/**
 * Who may run a job's sweep right now, across every API process sharing the database.
 *
 * PostgreSQL: a transaction-level advisory lock, `pg_try_advisory_xact_lock`, taken in a
 * transaction that stays open for the whole sweep. Kysely over a pg Pool hands each query its own
 * connection, so a session lock taken by one query could be released by a different connection
 * (or leak into the pool when an unlock fails); a transaction keeps one connection, and its end,
 * commit, rollback or a dropped connection, always releases the lock, so a crashed sweep never
 * leaves a job locked. The sweep's own queries go through the pool, not through this transaction:
 * each sweep keeps its short per-row transactions, and the lock's transaction only waits (it
 * takes no snapshot-holding statement, so it does not hold back vacuum). Cost: one pooled
 * connection per job running at that moment. When the holder dies the lock goes with its
 * connection, and the next tick of another process takes the job over (HOLDER_KEEPALIVE).
 *
 * PGlite: one process owns the data folder and Kysely serialises its single session, so a
 * transaction held for the sweep would block the sweep's own queries, and an advisory lock would
 * be granted to every caller (locks are re-entrant within a session). The claim is a name held in
 * memory per database handle instead: two apps built on one PGlite still run each sweep once.
 */
import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import { type DatabaseHandle } from '../db/index'

/** Whether the work ran (with its result) or was skipped because another holder had the name. */
export type Claimed<R> = { ran: true; result: R } | { ran: false }

/** Runs `work` only if no one else, in any process on this database, is running `name`. */
export type ExclusiveRunner = <R>(name: string, work: () => Promise<R>) => Promise<Claimed<R>>

/** The advisory locks' first key: Tijori's jobs, apart from any other user of advisory locks. */
export const JOB_LOCK_NAMESPACE = 0x546a6f62 // "Tjob"

/** A job name's second advisory-lock key: stable across processes and releases (not hashtext). */
export function jobLockKey(name: string): number {
  return createHash('sha256').update(name).digest().readInt32BE(0)
}

/**
 * TCP keepalive of a lock holder's connection, seconds: a holder whose process dies (kill -9) closes
 * its socket and PostgreSQL ends the transaction, releasing the lock, at once; one whose machine
 * dies is found dead after idle + interval x count = 11 s, and another process takes the job over.
 */
export const HOLDER_KEEPALIVE = { idle: 5, interval: 2, count: 3 } as const

const heldInMemory = new WeakMap<DatabaseHandle, Set<string>>()

export function exclusiveRunner(database: DatabaseHandle): ExclusiveRunner {
  if (database.kind === 'postgres') {
    return (name, work) =>
      database.db.transaction().execute(async (trx) => {
        // The keepalives, for this transaction only, cover a holder whose host dies without closing
        // its socket: PostgreSQL would otherwise keep the lock until the system's TCP timeout (hours).
        const { rows } = await sql<{ got: boolean }>`
          select pg_try_advisory_xact_lock(${JOB_LOCK_NAMESPACE}, ${jobLockKey(name)}) as got,
            set_config('tcp_keepalives_idle', ${String(HOLDER_KEEPALIVE.idle)}, true), set_config('tcp_keepalives_interval', ${String(HOLDER_KEEPALIVE.interval)}, true),
            set_config('tcp_keepalives_count', ${String(HOLDER_KEEPALIVE.count)}, true)`.execute(trx)
        if (rows[0]?.got !== true) return { ran: false }
        return { ran: true, result: await work() }
      })
  }
  let held = heldInMemory.get(database)
  if (held === undefined) heldInMemory.set(database, (held = new Set()))
  const names = held
  return async (name, work) => {
    // Checked and claimed before the first await: two callers in the same tick cannot both pass.
    if (names.has(name)) return { ran: false }
    names.add(name)
    try {
      return { ran: true, result: await work() }
    } finally {
      names.delete(name)
    }
  }
}
