/**
 * PostgreSQL only (runs when TEST_DATABASE_URL is set, as in CI): idle pool connections that the
 * server ends (a restart, a failover, an administrator) must not crash the process, and the next
 * query gets a fresh connection; a connection prepares each parameterised statement once.
 */
import { describe, expect, it, vi } from 'vitest'
import { sql } from 'kysely'
import { PREPARED_PER_CONNECTION } from '../../../server/db/index'
import { createTestDatabase } from '../helpers'

describe.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL pool whose idle connections are ended', () => {
  it('survives and answers the next query', async () => {
    const database = await createTestDatabase()
    const db = database.handle.db
    // The pool reports each idle connection the server ended (server/db/index.ts): the event to wait for.
    const warn = vi.spyOn(console, 'warn')
    try {
      // Open a few connections and leave them idle in the pool.
      await Promise.all([1, 2, 3].map(() => sql`select pg_sleep(0.05)`.execute(db)))
      const ended = await sql<{ n: number }>`
        select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`.execute(db)
      expect(ended.rows[0]!.n).toBeGreaterThan(0)
      const reported = () => warn.mock.calls.filter(([message]) => String(message).includes('closed an idle connection')).length
      await expect.poll(reported, { timeout: 10_000, interval: 5 }).toBe(ended.rows[0]!.n)
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db)
      expect(rows[0]!.one).toBe(1)
    } finally {
      warn.mockRestore()
      await database.drop()
    }
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL pool connection', () => {
  it('prepares a parameterised statement once and runs it again by name, up to its bound, then unnamed', async () => {
    const database = await createTestDatabase()
    try {
      // One transaction: one connection, whose prepared statements pg_prepared_statements lists.
      await database.handle.db.transaction().execute(async (trx) => {
        const prepared = async () =>
          (await sql<{ statement: string }>`select statement from pg_prepared_statements where statement like '%tijori_probe%'`.execute(trx)).rows
        for (const n of [1, 2, 3]) {
          const { rows } = await sql<{ n: number }>`select ${n}::int as n, 'tijori_probe' as probe`.execute(trx)
          expect(rows[0]!.n).toBe(n)
        }
        expect(await prepared()).toHaveLength(1)
        // Texts past the bound still run, unprepared.
        for (let i = 0; i < PREPARED_PER_CONNECTION + 20; i++) {
          const { rows } = await sql<{ n: number }>`select ${i}::int + ${sql.lit(i)} as n, 'tijori_probe' as probe`.execute(trx)
          expect(rows[0]!.n).toBe(2 * i)
        }
        // Every statement the connection has prepared, the probes and those before them: the bound exactly.
        const all = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements`.execute(trx)
        expect(all.rows[0]!.n).toBe(PREPARED_PER_CONNECTION)
      })
    } finally {
      await database.drop()
    }
  })
})
