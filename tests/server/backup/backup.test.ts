/**
 * Backups (scripts/backup.ts, scripts/restore.ts) of a database with real activity — customers,
 * deposits approved by the reviewer, orders opened, limit orders resting, positions closed — restored
 * into an empty database: the same ledger, entry by entry and leg by leg, the same balances, every
 * table the same size, the books still whole (unbalancedEntries, driftedBalances), and the restored
 * database takes new work. On PGlite always; on PostgreSQL (pg_dump) when TEST_DATABASE_URL is set.
 * The command lines run once each as `npm run` would run them, and refuse a database that is not empty.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Kysely, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BackupTarget, backup, backupPgliteHandle, formatOf } from '../../../scripts/backup'
import { restore } from '../../../scripts/restore'
import { buildApp } from '../../../server/app'
import { type DatabaseHandle, openDatabase } from '../../../server/db/index'
import { type Database } from '../../../server/db/types'
import { driftedBalances, unbalancedEntries } from '../../../server/ledger/repository'
import { type OrderDto } from '../../../src/lib/trade'
import { adminQuery, createTestApp, databaseUrl, dropDatabase, TEST_MARKET_SEED, type TestApp } from '../helpers'
import { png } from '../pictures'
import { trader, type Trader } from '../trade/accounts'

const REPO = fileURLToPath(new URL('../../../', import.meta.url))
const PG_ADMIN = process.env.TEST_DATABASE_URL
/** Each script run starts a process (tsx) and opens a database: seconds each on a shared machine. */
const SLOW = 300_000

/** Customers who deposit through the real routes, trade, and close: the ledger a backup must keep. */
async function activity(t: TestApp): Promise<void> {
  const people: Trader[] = []
  for (let i = 0; i < 4; i++) people.push(await trader(t, String(9_830_500_000 + i), 0))
  for (const [i, who] of people.entries()) {
    const receipt = await t.call('/user/upload', { kind: 'receipt', data: png(700 + i).toString('base64') }, { headers: who.headers, key: true })
    const receiptUploadId = (receipt.body.data as { id: number }).id
    const sent = await t.call('/user/recharge', { channel: 'upi', amount: 30_000_000 + i * 100_000, receiptUploadId }, { headers: who.headers, key: true })
    expect(sent.body.status, sent.raw).toBe(1)
  }
  t.clock.advance(t.config.autoReviewSeconds! * 1000)
  expect(await t.app.reviews.sweep(t.clock.now())).toBe(people.length)

  const order = async (who: Trader, body: Record<string, unknown>) => {
    const res = await t.call('/order/create', { direction: 'long', type: 'market', lots: 1, leverage: 1, ...body }, { headers: who.headers, key: true })
    expect(res.body.status, res.raw).toBe(1)
    return res.body.data as OrderDto
  }
  const positions: { who: Trader; id: number }[] = []
  for (const [i, who] of people.entries()) {
    positions.push({ who, id: (await order(who, { symbol: 'ITC', lots: 1 + i })).id })
    positions.push({ who, id: (await order(who, { symbol: 'INFY', direction: 'short', leverage: 2 })).id })
  }
  // A limit order far below the market rests, holding its cost frozen.
  const band = ((await t.call('/stock/detail', { symbol: 'TCS' })).body.data as { band: { min: number } }).band
  await order(people[0]!, { symbol: 'TCS', type: 'limit', price: band.min, leverage: 10 })
  t.clock.advance(10 * 60_000)
  await t.app.trading.sweep(t.clock.now())
  for (const { who, id } of positions.filter((_, i) => i % 2 === 0)) {
    const closed = await t.call('/order/close', { id }, { headers: who.headers, key: true })
    expect(closed.body.status, closed.raw).toBe(1)
  }
  // A refusal leaves nothing in the ledger, but the idempotency row is part of the backup too.
  const tooMuch = await t.call('/order/create', { symbol: 'ITC', direction: 'long', type: 'market', lots: 10_000, leverage: 1 }, { headers: people[3]!.headers, key: true })
  expect(tooMuch.body.status).toBe(0)
}

type Ledger = {
  entries: unknown[]
  legs: unknown[]
  balances: unknown[]
  tables: Record<string, number>
}

/** The whole ledger, row by row, and the size of every table. */
async function ledgerOf(db: Kysely<Database>): Promise<Ledger> {
  const rows = async (query: string) => (await sql.raw(query).execute(db)).rows
  const tables: Record<string, number> = {}
  const names = await sql<{ name: string }>`
    select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db)
  for (const { name } of names.rows) {
    const { rows: counted } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(name)}`.execute(db)
    tables[name] = counted[0]!.n
  }
  return {
    entries: await rows('select * from ledger_entries order by id'),
    legs: await rows('select * from ledger_legs order by id'),
    balances: await rows('select * from ledger_balances order by account, currency'),
    tables,
  }
}

/** The books are whole: every entry sums to zero per currency, every kept balance is the sum of its legs. */
async function expectConserved(db: Kysely<Database>): Promise<void> {
  expect(await unbalancedEntries(db)).toEqual([])
  expect(await driftedBalances(db)).toEqual([])
}

/** The restored database serves: a new customer registers, signs in and is granted money, new ids past the old ones. */
async function expectServes(t: TestApp, handle: DatabaseHandle, before: Ledger): Promise<void> {
  const app = await buildApp({ database: handle, config: t.config, now: t.clock.now, marketSeed: TEST_MARKET_SEED, sleep: async () => undefined })
  try {
    const post = (url: string, payload: object, headers: Record<string, string> = {}) => app.inject({ method: 'POST', url: `/api/vue${url}`, payload, headers })
    const account = '9830599999'
    const made = await post('/user/register', { account, password: 'secret123', confirmPassword: 'secret123', inviteCode: t.config.demoInviteCode, agree: true }, { 'idempotency-key': crypto.randomUUID() })
    expect(made.json().status, made.body).toBe(1)
    expect((await post('/user/login', { account, password: 'secret123' })).json().status).toBe(1)
    expect((await ledgerOf(handle.db)).tables.users).toBe(before.tables.users! + 1)
    await expectConserved(handle.db)
  } finally {
    await app.close()
  }
}

/** Runs one of the scripts as `npm run backup|restore` does, with this environment on top of ours. */
function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const base = { ...process.env }
    delete base.DATABASE_URL
    // One process (node loading tsx), so a kill ends the script itself.
    const child = spawn(process.execPath, ['--import', 'tsx', join(REPO, 'scripts', `${name}.ts`), ...args], { cwd: REPO, env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()))
    // A script that hangs fails its test with what it printed, not a bare timeout.
    const timer = setTimeout(() => child.kill('SIGKILL'), SLOW / 3)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, out })
    })
  })
}

/** A test app on in-memory PGlite whatever this run uses: the PostgreSQL run covers PGlite backups too. */
async function pgliteTestApp(): Promise<TestApp> {
  const saved = process.env.TEST_DATABASE_URL
  delete process.env.TEST_DATABASE_URL
  try {
    return await createTestApp({ config: { autoReviewSeconds: 5 } })
  } finally {
    if (saved !== undefined) process.env.TEST_DATABASE_URL = saved
  }
}

describe('a PGlite backup restored into an empty DATA_DIR', () => {
  let t: TestApp
  let work: string
  let before: Ledger
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'tijori-backup-'))
    t = await pgliteTestApp()
    await activity(t)
    before = await ledgerOf(t.database.db)
  }, SLOW)
  afterAll(async () => {
    await t.close()
    await rm(work, { recursive: true, force: true })
  })

  it('finds the same ledger, entry by entry and leg by leg, the books whole, and the database serving', async () => {
    expect(before.entries.length).toBeGreaterThan(12)
    expect(before.tables.orders).toBeGreaterThan(8)
    await expectConserved(t.database.db)
    const file = join(work, 'tijori.tar.gz')
    const made = await backupPgliteHandle(t.database, file)
    expect(made.bytes).toBeGreaterThan(0)

    const target: BackupTarget = { kind: 'pglite', dataDir: join(work, 'data', 'pglite') }
    const restored = await restore(target, file)
    expect(restored).toEqual({ kind: 'pglite', ledgerEntries: before.entries.length, users: before.tables.users, movedAside: null })
    const handle = await openDatabase({ dataDir: target.dataDir })
    try {
      expect(await ledgerOf(handle.db)).toEqual(before)
      await expectConserved(handle.db)
      await expectServes(t, handle, before)
    } finally {
      await handle.close()
    }
    // Not into a database that holds anything, unless forced; forced, the old one is moved aside.
    await expect(restore(target, file)).rejects.toThrow(/not empty/)
    const forced = await restore(target, file, { force: true })
    expect(forced.ledgerEntries).toBe(before.entries.length)
    expect(forced.movedAside).toMatch(/pglite\.replaced-\d{8}T\d{6}Z$/)
  }, SLOW)

  it('runs as npm run backup and npm run restore on DATA_DIR, and the restore refuses a DATA_DIR in use', async () => {
    // The folder the first test restored (now forced once) is a server's DATA_DIR like any other.
    const dataDir = join(work, 'data')
    const file = join(work, 'cli.tar.gz')
    const made = await script('backup', [file], { DATA_DIR: dataDir })
    expect(made.code, made.out).toBe(0)
    expect(made.out).toContain(`to ${file}`)
    await expect(backup({ kind: 'pglite', dataDir: join(dataDir, 'pglite') }, file)).rejects.toThrow(/exists already/)

    const fresh = join(work, 'fresh')
    const restored = await script('restore', [file], { DATA_DIR: fresh })
    expect(restored.code, restored.out).toBe(0)
    expect(restored.out).toContain(`${before.tables.users} users, ${before.entries.length} ledger entries`)
    const refused = await script('restore', [file], { DATA_DIR: fresh })
    expect(refused.code).toBe(1)
    expect(refused.out).toMatch(/not empty.*--force/)
    const handle = await openDatabase({ dataDir: join(fresh, 'pglite') })
    try {
      const after = await ledgerOf(handle.db)
      expect({ entries: after.entries, legs: after.legs, balances: after.balances }).toEqual({ entries: before.entries, legs: before.legs, balances: before.balances })
      await expectConserved(handle.db)
    } finally {
      await handle.close()
    }
  }, SLOW)

  it('refuses a file that is not a backup, and a PGlite tarball for PostgreSQL', async () => {
    const notBackup = join(REPO, 'package.json')
    await expect(restore({ kind: 'pglite', dataDir: join(work, 'other') }, notBackup)).rejects.toThrow(/not a Tijori backup/)
    await expect(restore({ kind: 'postgres', url: 'postgres://nobody@127.0.0.1:1/none' }, join(work, 'tijori.tar.gz'))).rejects.toThrow(/a PGlite tarball; the target is PostgreSQL/)
    expect(formatOf(new TextEncoder().encode('PGDMP\u0001'))).toBe('postgres')
  })
})

describe.skipIf(!PG_ADMIN)('a PostgreSQL backup (pg_dump) restored into an empty database', () => {
  let t: TestApp
  let work: string
  let before: Ledger
  const made: string[] = []

  /** A new empty database named for these tests, dropped afterwards; its URL. */
  async function emptyDatabase(): Promise<string> {
    const name = `tijori_ops_restore_${randomBytes(5).toString('hex')}`
    await adminQuery(PG_ADMIN!, `CREATE DATABASE ${name}`)
    made.push(name)
    return databaseUrl(PG_ADMIN!, name)
  }

  /** The test app's own database, by name, on the server TEST_DATABASE_URL names. */
  async function appDatabaseUrl(): Promise<string> {
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.database.db)
    const url = new URL(PG_ADMIN!)
    url.pathname = `/${rows[0]!.name}`
    return url.toString()
  }

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'tijori-backup-pg-'))
    t = await createTestApp({ config: { autoReviewSeconds: 5 } })
    expect(t.database.kind).toBe('postgres')
    await activity(t)
    before = await ledgerOf(t.database.db)
  }, SLOW)
  afterAll(async () => {
    await t.close()
    for (const name of made) await dropDatabase(PG_ADMIN!, name)
    await rm(work, { recursive: true, force: true })
  })

  it('finds the same ledger, entry by entry and leg by leg, the books whole, and the database serving', async () => {
    const file = join(work, 'tijori.dump')
    await backup({ kind: 'postgres', url: await appDatabaseUrl() }, file)

    const url = await emptyDatabase()
    const restored = await restore({ kind: 'postgres', url }, file)
    expect(restored).toEqual({ kind: 'postgres', ledgerEntries: before.entries.length, users: before.tables.users, movedAside: null })
    const handle = await openDatabase({ url })
    try {
      expect(await ledgerOf(handle.db)).toEqual(before)
      // pg_dump keeps the sequences where they were: new rows follow the old ones.
      const sequences = `select sequencename, last_value from pg_sequences where schemaname = 'public' order by 1`
      expect((await sql.raw(sequences).execute(handle.db)).rows).toEqual((await sql.raw(sequences).execute(t.database.db)).rows)
      await expectConserved(handle.db)
      await expectServes(t, handle, before)
    } finally {
      await handle.close()
    }
    await expect(restore({ kind: 'postgres', url }, file)).rejects.toThrow(/not empty/)
    const forced = await restore({ kind: 'postgres', url }, file, { force: true })
    expect(forced.ledgerEntries).toBe(before.entries.length)
    expect(forced.users).toBe(before.tables.users)
  }, SLOW)

  it('runs as npm run backup and npm run restore on DATABASE_URL, refusing a database that is not empty', async () => {
    const file = join(work, 'cli.dump')
    const made = await script('backup', [file], { DATABASE_URL: await appDatabaseUrl() })
    expect(made.code, made.out).toBe(0)
    expect(made.out).toContain(`to ${file}`)

    const target = await emptyDatabase()
    const restored = await script('restore', [file], { DATABASE_URL: target })
    expect(restored.code, restored.out).toBe(0)
    expect(restored.out).toContain(`${before.tables.users} users, ${before.entries.length} ledger entries`)
    const refused = await script('restore', [file], { DATABASE_URL: target })
    expect(refused.code).toBe(1)
    expect(refused.out).toMatch(/not empty.*--force/)
    const handle = await openDatabase({ url: target })
    try {
      expect(await ledgerOf(handle.db)).toEqual(before)
      await expectConserved(handle.db)
    } finally {
      await handle.close()
    }
  }, SLOW)
})
