/**
 * Waiting for a lock wait, instead of sleeping and hoping the other transaction got there: the
 * event that shows a transaction is blocked behind another's row lock.
 */
import { sql } from 'kysely'
import { expect } from 'vitest'
import { type DatabaseHandle } from '../../server/db/index'

/**
 * Resolves once `count` sessions of this database wait for a lock (PostgreSQL). PGlite has one
 * session: a second transaction cannot even start until the first ends, so there is nothing to
 * wait for and it resolves at once.
 */
export async function lockWaiters(database: DatabaseHandle, count = 1): Promise<void> {
  if (database.kind === 'pglite') return
  await expect
    .poll(
      async () => {
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`.execute(database.db)
        return rows[0]!.n
      },
      { timeout: 10_000, interval: 5 },
    )
    .toBe(count)
}
