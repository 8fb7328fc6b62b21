/**
 * PostgreSQL only (runs when TEST_DATABASE_URL is set, as in CI): idle pool connections that the
 * server ends (a restart, a failover, an administrator) must not crash the process, and the next
 * query gets a fresh connection.
 */
import { describe, expect, it, vi } from 'vitest'
import { sql } from 'kysely'
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
