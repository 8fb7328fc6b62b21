/**
 * The books do not slow down as they grow (issue 8): the database's own checks on every ledger
 * write are index lookups, never a scan of a ledger table, whatever the statistics said when a
 * connection cached their plans. Counted with pg_stat_user_tables, on PostgreSQL and on PGlite.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_PREFIX, buildApp } from '../../../server/app'
import { openDatabase } from '../../../server/db/index'
import { HOUSE_PROMOTIONS, userAccount } from '../../../server/ledger/rules'
import { TEST_MARKET_SEED, createClock, createTestApp, toReply, type TestApp } from '../helpers'
import { close, create, orderOf, trader, type Trader } from '../trade/support'

const LEDGER_TABLES = ['ledger_legs', 'ledger_entries', 'ledger_balances'] as const
type LedgerTable = (typeof LEDGER_TABLES)[number]
type Counts = Record<LedgerTable, { seqScans: number; indexScans: number; inserted: number }>

let t: TestApp
let who: Trader
let restarted: TestApp | null = null
beforeAll(async () => {
  // Saturday 11:30 India time; the demo market is open around the clock.
  t = await createTestApp({ clock: createClock('2026-01-10T06:00:00Z') })
  who = await trader(t, '9740000001', 10_000_000_000)
})
afterAll(async () => {
  await restarted?.close()
  await t.close()
})

/** How many legs and entries were ever written: their identity sequences, which no scan counts. */
async function written(books: TestApp): Promise<{ legs: number; entries: number }> {
  const { rows } = await sql<{ legs: number; entries: number }>`
    select (select case when is_called then last_value else 0 end from ledger_legs_id_seq) as legs,
      (select case when is_called then last_value else 0 end from ledger_entries_id_seq) as entries`.execute(books.database.db)
  return rows[0]!
}

async function readCounts(books: TestApp): Promise<Counts> {
  const { rows } = await sql<{ relname: LedgerTable; seq_scan: number; idx_scan: number | null; n_tup_ins: number }>`
    select relname, seq_scan, idx_scan, n_tup_ins from pg_stat_user_tables
    where relname in (${sql.join(LEDGER_TABLES)})`.execute(books.database.db)
  const of = (table: LedgerTable) => {
    const row = rows.find((r) => r.relname === table)!
    return { seqScans: row.seq_scan, indexScans: row.idx_scan ?? 0, inserted: row.n_tup_ins }
  }
  return { ledger_legs: of('ledger_legs'), ledger_entries: of('ledger_entries'), ledger_balances: of('ledger_balances') }
}

/**
 * The counts once every write so far is in them. A backend reports its counts at the end of a
 * transaction, at most once a second: PGlite is this one backend, so forcing its next report is
 * enough; on PostgreSQL each pool connection reports shortly after it goes idle, so wait for the
 * event itself, every leg and entry ever written counted as inserted (the database is new). The
 * scans a backend counted are reported with its inserts, in the same report.
 */
async function settledCounts(books: TestApp): Promise<Counts> {
  await sql`select pg_stat_force_next_flush()`.execute(books.database.db)
  if (books.database.kind === 'pglite') return readCounts(books)
  for (let attempt = 0; attempt < 1200; attempt++) {
    const target = await written(books)
    const counts = await readCounts(books)
    if (counts.ledger_legs.inserted >= target.legs && counts.ledger_entries.inserted >= target.entries) return counts
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error('the statistics never counted every ledger write')
}

/**
 * On PostgreSQL, the server restarted on the same database: a backend reports all its counts
 * before it leaves pg_stat_activity, so once the old connections have left, everything done
 * before is counted, and the new connections plan every check afresh from the statistics in force.
 * PGlite is one backend, counted exactly without this.
 */
async function restart(old: TestApp): Promise<TestApp> {
  if (old.database.kind === 'pglite') return old
  const { rows } = await sql<{ name: string; pids: number[] }>`
    select current_database() as name, array_agg(pid) as pids from pg_stat_activity
    where datname = current_database() and backend_type = 'client backend'`.execute(old.database.db)
  const { name, pids } = rows[0]!
  await old.app.close()
  await old.database.close()
  const url = new URL(process.env.TEST_DATABASE_URL!)
  url.pathname = `/${name}`
  const database = await openDatabase({ url: url.toString() })
  for (;;) {
    const left = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where pid = any(${pids}::int[])`.execute(database.db)
    if (left.rows[0]!.n === 0) break
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  const app = await buildApp({ database, config: old.config, now: old.clock.now, staticDir: null, marketSeed: TEST_MARKET_SEED })
  const call: TestApp['call'] = async (path, body, options = {}) => {
    const headers: Record<string, string> = { ...options.headers }
    if (options.key !== undefined) headers['idempotency-key'] = options.key === true ? randomUUID() : options.key
    return toReply(await app.inject({ method: 'POST', url: `${API_PREFIX}${path}`, headers, payload: body as object }))
  }
  return {
    ...old,
    app,
    database,
    call,
    close: async () => {
      await app.close()
      await database.close()
    },
  }
}

describe('money operations on a growing ledger', () => {
  it('never scan a ledger table, even when the statistics were taken while the books were small', async () => {
    // The planner's view of the books is set by this test, not by when autovacuum happens to run:
    // statistics of a ledger holding a few entries (what autovacuum takes early in a database's
    // life), then no more. ledger_balances is left unanalysed: only the app's own statements read
    // it, planned afresh each time, and on a table of a few rows a scan is the planner's right choice.
    for (const table of LEDGER_TABLES) await sql`alter table ${sql.table(table)} set (autovacuum_enabled = false)`.execute(t.database.db)
    for (let i = 0; i < 5; i++) orderOf(await create(t, who, { symbol: 'ITC' }))
    await sql`analyze ledger_legs, ledger_entries`.execute(t.database.db)

    const books = (restarted = await restart(t))
    const before = await settledCounts(books)
    const start = await written(books)
    // Each India day: the daily sign-in, then positions opened and closed after their lock.
    for (let day = 0; day < 4; day++) {
      expect((await books.call('/user/signIn', {}, { headers: who.headers, key: true })).body.status).toBe(1)
      const opened = []
      for (let i = 0; i < 15; i++) opened.push(orderOf(await create(books, who, { symbol: i % 2 === 0 ? 'ITC' : 'BTCINR', direction: i % 3 === 0 ? 'short' : 'long' })))
      books.clock.advance(60_000)
      for (const position of opened) orderOf(await close(books, who, position.id))
      books.clock.advance(86_400_000)
    }
    const after = await settledCounts(books)
    const end = await written(books)

    const legs = end.legs - start.legs
    expect(legs).toBeGreaterThan(300)
    expect(after.ledger_legs.inserted - before.ledger_legs.inserted).toBe(legs)
    for (const table of LEDGER_TABLES) expect(after[table].seqScans - before[table].seqScans, `sequential scans of ${table}`).toBe(0)
    // The zero-sum check of each entry, once per statement, is an index probe on ledger_legs.
    expect(after.ledger_legs.indexScans - before.ledger_legs.indexScans).toBeGreaterThanOrEqual(end.entries - start.entries)
    expect(after.ledger_entries.indexScans - before.ledger_entries.indexScans).toBeGreaterThanOrEqual(end.entries - start.entries)
  })
})

describe('the checks that replaced the foreign keys to ledger_entries', () => {
  const db = () => (restarted ?? t).database.db
  const entry = async () =>
    (await db().insertInto('ledger_entries').values({ reason: 'demo_grant', reference: 'test', operator: null, created_at: 0 }).returning('id').executeTakeFirstOrThrow()).id
  const legs = (entryId: number, amount: number) => [
    { entry_id: entryId, account: userAccount(who.userId, 'available'), currency: 'INR', amount },
    { entry_id: entryId, account: HOUSE_PROMOTIONS, currency: 'INR', amount: -amount },
  ]

  it('refuse a leg or a sign-in that names no entry', async () => {
    const missing = (await entry()) + 1000
    await expect(db().insertInto('ledger_legs').values(legs(missing, 100)).execute()).rejects.toMatchObject({ code: '23503' })
    await expect(
      db().insertInto('sign_ins').values({ user_id: who.userId, day: '2030-01-01', reward: 1, entry_id: missing, created_at: 0 }).execute(),
    ).rejects.toMatchObject({ code: '23503' })
  })

  it('refuse removing or renumbering an entry, as the foreign keys did for one with legs', async () => {
    const id = await entry()
    await expect(db().deleteFrom('ledger_entries').where('id', '=', id).execute()).rejects.toThrow(/never removed or renumbered/)
    await expect(sql`update ledger_entries set id = default where id = ${id}`.execute(db())).rejects.toThrow(/never removed or renumbered/)
    await expect(sql`truncate ledger_entries`.execute(db())).rejects.toThrow(/never removed or renumbered/)
  })

  it('check each entry when the statement writing its legs ends: one with legs in two statements is refused at the first', async () => {
    const split = (second: number) =>
      db()
        .transaction()
        .execute(async (trx) => {
          const id = (await trx.insertInto('ledger_entries').values({ reason: 'demo_grant', reference: 'test', operator: null, created_at: 0 }).returning('id').executeTakeFirstOrThrow()).id
          const [credit, debit] = legs(id, 100)
          await trx.insertInto('ledger_legs').values(credit!).execute()
          await trx.insertInto('ledger_legs').values({ ...debit!, amount: second }).execute()
        })
    // Even when the second statement would balance it: every writer writes an entry's legs at once.
    await expect(split(-100)).rejects.toThrow(/does not sum to zero/)
    await expect(split(-99)).rejects.toThrow(/does not sum to zero/)
  })

  it('refuse a statement writing several entries when one of them does not balance, and keep none of them', async () => {
    const ids = [await entry(), await entry(), await entry()]
    const before = await db().selectFrom('ledger_legs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    const rows = [...legs(ids[0]!, 100), ...legs(ids[1]!, 200), ...legs(ids[2]!, 300)]
    rows[3] = { ...rows[3]!, amount: -199 }
    await expect(db().insertInto('ledger_legs').values(rows).execute()).rejects.toThrow(new RegExp(`ledger entry ${ids[1]} does not sum to zero`))
    // The same legs balanced go in, in one statement.
    rows[3] = { ...rows[3]!, amount: -200 }
    await db().insertInto('ledger_legs').values(rows).execute()
    const after = await db().selectFrom('ledger_legs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    expect(Number(after.n) - Number(before.n)).toBe(6)
  })
})
