/**
 * PostgreSQL only (runs when TEST_DATABASE_URL is set, as in CI): idle pool connections that the
 * server ends (a restart, a failover, an administrator) must not crash the process, and the next
 * query gets a fresh connection; a connection prepares each parameterised statement once, and sends
 * a transaction's begin, and statements marked SENT_WITH_NEXT, with the statement after them.
 */
import { describe, expect, it, vi } from 'vitest'
import { sql } from 'kysely'
import pg from 'pg'
import { PREPARED_PER_CONNECTION } from '../../../server/db/index'
import { SENT_WITH_NEXT, type Executor } from '../../../server/db/executor'
import { runStatement } from '../../../server/db/columns'
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

describe.skipIf(!process.env.TEST_DATABASE_URL)("a transaction's begin", () => {
  class Rollback extends Error {}

  it('goes with a prepared first statement, which runs inside the transaction, and alone before any other', async () => {
    const database = await createTestDatabase()
    const db = database.handle.db
    // Statements sent in the simple protocol: the begin when it goes alone, and every rollback.
    const simple = vi.spyOn(pg.Connection.prototype, 'query')
    try {
      await sql`create table begin_probe (n int not null)`.execute(db)
      const rolledBack = async (insert: (trx: typeof db) => Promise<unknown>) => {
        simple.mockClear()
        await expect(
          db.transaction().execute(async (trx) => {
            await insert(trx)
            throw new Rollback()
          }),
        ).rejects.toBeInstanceOf(Rollback)
        return simple.mock.calls.map(([text]) => text)
      }
      const insert = (n: number) => (trx: typeof db) => sql`insert into begin_probe (n) values (${n})`.execute(trx)
      // The first time the insert is parsed on its connection, and the begin goes before it; after
      // that it is prepared there, and the begin goes with it.
      expect(await rolledBack(insert(1))).toEqual(['begin', 'rollback'])
      expect(await rolledBack(insert(2))).toEqual(['rollback'])
      // A first statement without parameters is never prepared: the begin goes alone.
      const unprepared = 'insert into begin_probe (n) select 3'
      expect(await rolledBack((trx) => sql.raw(unprepared).execute(trx))).toEqual(['begin', unprepared, 'rollback'])
      // Each insert was inside its transaction: all three rolled back.
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from begin_probe`.execute(db)
      expect(rows[0]!.n).toBe(0)
    } finally {
      simple.mockRestore()
      await database.drop()
    }
  })

  it('fails with a first statement that fails, and the connection goes on', async () => {
    const database = await createTestDatabase()
    const db = database.handle.db
    try {
      const divide = async (trx: typeof db, by: number) => (await sql<{ q: number }>`select 10 / ${by}::int as q`.execute(trx)).rows[0]!.q
      // Prepared in a first transaction; in the second it carries the begin, and fails.
      expect(await db.transaction().execute((trx) => divide(trx, 2))).toBe(5)
      await expect(db.transaction().execute((trx) => divide(trx, 0))).rejects.toThrow(/division by zero/)
      // The next transaction on the pool carries its begin again, and its statements share it.
      const xact = async (trx: typeof db) => (await sql<{ id: string }>`select pg_current_xact_id()::text as id`.execute(trx)).rows[0]!.id
      const [q, first, second] = await db.transaction().execute(async (trx) => [await divide(trx, 5), await xact(trx), await xact(trx)])
      expect(q).toBe(2)
      expect(second).toBe(first)
    } finally {
      await database.drop()
    }
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('a statement sent with the next', () => {
  class Rollback extends Error {}

  /** A database with a table whose check a held insert can break. */
  const probed = async () => {
    const database = await createTestDatabase()
    await sql`create table held_probe (n int not null check (n < 100))`.execute(database.handle.db)
    return database
  }
  const held = (trx: Executor, n: number) => runStatement(trx, `${SENT_WITH_NEXT}insert into held_probe (n) values ($1::int)`, [n])

  it('goes with the next prepared statement, which sees its effect, or with the commit, one round trip for both', async () => {
    const database = await probed()
    const db = database.handle.db
    // Round trips: each Sync of the extended protocol, and each statement in the simple one.
    const syncs = vi.spyOn(pg.Connection.prototype, 'sync')
    const simple = vi.spyOn(pg.Connection.prototype, 'query')
    const trips = () => syncs.mock.calls.length + simple.mock.calls.length
    try {
      const count = async (trx: typeof db) => (await runStatement<{ n: number }>(trx, 'select count(*)::int as n from held_probe where n > $1::int', [0]))[0]!.n
      // The first time, each statement is parsed on its connection and goes alone.
      expect(await db.transaction().execute(async (trx) => [await held(trx, 1), await count(trx)])).toEqual([[], 1])
      // Prepared now: the begin and the insert go with the count, which counts the insert.
      syncs.mockClear()
      simple.mockClear()
      expect(await db.transaction().execute(async (trx) => [await held(trx, 2), await count(trx)])).toEqual([[], 2])
      expect(trips()).toBe(2)
      // The last statement goes with the commit: one round trip for the whole transaction.
      syncs.mockClear()
      simple.mockClear()
      await db.transaction().execute((trx) => held(trx, 3))
      expect(trips()).toBe(1)
      expect(await count(db)).toBe(3)
    } finally {
      syncs.mockRestore()
      simple.mockRestore()
      await database.drop()
    }
  })

  it('fails the statement or the commit it goes with, which then never runs; a rollback drops it unsent', async () => {
    const database = await probed()
    const db = database.handle.db
    const simple = vi.spyOn(pg.Connection.prototype, 'query')
    try {
      const sum = async (trx: typeof db) => (await runStatement<{ n: number }>(trx, 'select coalesce(sum(n), 0)::int as n from held_probe where n > $1::int', [0]))[0]!.n
      await db.transaction().execute(async (trx) => [await held(trx, 1), await sum(trx)])
      // Answered at once, failing with the statement after it, which does not run.
      let after = false
      await expect(
        db.transaction().execute(async (trx) => {
          await held(trx, 500)
          await sum(trx)
          after = true
        }),
      ).rejects.toThrow(/check constraint/)
      expect(after).toBe(false)
      // Failing with the commit, which commits nothing: not even what went before it.
      await expect(
        db.transaction().execute(async (trx) => {
          await held(trx, 2)
          expect(await sum(trx)).toBe(3)
          await held(trx, 500)
        }),
      ).rejects.toThrow(/check constraint/)
      expect(await sum(db)).toBe(1)
      // Rolled back before anything reached PostgreSQL: neither the begin nor the insert is sent.
      simple.mockClear()
      await expect(
        db.transaction().execute(async (trx) => {
          await held(trx, 4)
          throw new Rollback()
        }),
      ).rejects.toBeInstanceOf(Rollback)
      expect(simple).not.toHaveBeenCalled()
      // The connection goes on.
      await db.transaction().execute((trx) => held(trx, 5))
      expect(await sum(db)).toBe(6)
    } finally {
      simple.mockRestore()
      await database.drop()
    }
  })
})
