/**
 * Test harness: the real app on a real database, never mocks. In-memory PGlite by default; with
 * TEST_DATABASE_URL (an admin URL) a fresh PostgreSQL database per test file, dropped afterwards.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type FastifyInstance, type LightMyRequestResponse } from 'fastify'
import pg from 'pg'
import { API_PREFIX, buildApp } from '../../server/app'
import { ADMIN_PREFIX } from '../../server/admin/routes'
import { type ServerConfig, loadConfig } from '../../server/config'
import { type DatabaseHandle, openDatabase } from '../../server/db/index'
import { migrateToLatest } from '../../server/db/migrate'
import { DEMO_ACCOUNT, seedFirstOperator, seedIfEmpty } from '../../server/db/seed'

export { DEMO_ACCOUNT }

/** The simulation seed of every test market. */
export const TEST_MARKET_SEED = 20261122

export type TestDatabase = { handle: DatabaseHandle; drop: () => Promise<void> }

const MIGRATIONS_DIR = fileURLToPath(new URL('../../server/db/migrations/', import.meta.url))

/**
 * The tests use the `postgres` database only; without the two template databases the dump holds
 * 747 files instead of 1,354 and 28 MB instead of 43, and each PGlite unpacks it faster.
 */
const DUMP_WITHOUT_TEMPLATES = [
  "update pg_database set datistemplate = false where datname in ('template0', 'template1')",
  'drop database template0', // one statement at a time: not in a transaction block
  'drop database template1',
  'checkpoint',
]

/**
 * PGlite's initdb costs seconds, loading a dump a fraction of one: the first test file migrates
 * an empty PGlite and leaves its dump in the temp folder, keyed by the migrations' content, and
 * every later file starts from that dump. A worker reads it once (the server files share their
 * worker's modules).
 */
let dumpBytes: Promise<Uint8Array> | undefined

function migratedPgliteDump(): Promise<Uint8Array> {
  dumpBytes ??= readOrMakeDump()
  return dumpBytes
}

/** A hash of the migrations' names and content. */
async function migrationsHash(): Promise<ReturnType<typeof createHash>> {
  const hash = createHash('sha256')
  for (const file of (await readdir(MIGRATIONS_DIR)).sort()) hash.update(file).update(await readFile(join(MIGRATIONS_DIR, file)))
  return hash
}

async function readOrMakeDump(): Promise<Uint8Array> {
  const hash = await migrationsHash()
  // A dump only loads into the PGlite that wrote it: the installed version is part of the key.
  hash.update(await readFile(fileURLToPath(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url))))
  hash.update(DUMP_WITHOUT_TEMPLATES.join(';'))
  const path = join(tmpdir(), `tijori-test-pglite-${hash.digest('hex').slice(0, 16)}.tar`)
  try {
    return await readFile(path)
  } catch {
    const handle = await openDatabase({ dataDir: null })
    await migrateToLatest(handle)
    for (const statement of DUMP_WITHOUT_TEMPLATES) await handle.runScript(handle.db, statement)
    const dump = new Uint8Array(await (await handle.dump!()).arrayBuffer())
    await handle.close()
    // Written under a private name and renamed, so a file running alongside never reads half of it.
    const partial = `${path}.${randomBytes(4).toString('hex')}`
    await writeFile(partial, dump)
    await rename(partial, path)
    return dump
  }
}

/** One statement on a PostgreSQL server as its admin URL's role (create or drop a database). */
export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(sql)
  } finally {
    await admin.end()
  }
}

/** Drops database `name` (if it exists) and whoever is still connected to it. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    // An autovacuum worker on the busy test database cannot be ended by a role without
    // pg_signal_backend, and FORCE then refuses; it finishes in a moment, so try again.
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
        return
      } catch (error) {
        if (attempt >= 20) throw error
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
    }
  } finally {
    await admin.end()
  }
}

/** `adminUrl` naming database `name` instead. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/**
 * Migrating a PostgreSQL database costs 0.6 s, copying one a fraction of that: the first test file
 * migrates a template database named by the migrations' hash, and every file copies it. It is
 * built under a private name and renamed when done, so no file copies half of it; a file that
 * loses the race to rename drops its own. Templates of older migrations are dropped.
 */
let postgresTemplate: Promise<string> | undefined

function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  postgresTemplate ??= makePostgresTemplate(adminUrl)
  return postgresTemplate
}

async function makePostgresTemplate(adminUrl: string): Promise<string> {
  const name = `tijori_tpl_${(await migrationsHash()).digest('hex').slice(0, 16)}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    const { rows } = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'tijori\\_tpl\\_%'")
    if (rows.some((row) => row.datname === name)) return name
    const partial = `${name}_${randomBytes(4).toString('hex')}`
    await admin.query(`CREATE DATABASE ${partial}`)
    const handle = await openDatabase({ url: databaseUrl(adminUrl, partial) })
    try {
      await migrateToLatest(handle)
    } finally {
      await handle.close()
    }
    try {
      await admin.query(`ALTER DATABASE ${partial} RENAME TO ${name}`)
    } catch (error) {
      await admin.query(`DROP DATABASE ${partial}`)
      if ((error as { code?: string }).code !== '42P04') throw error // another file's template is in place
    }
    const older = rows.filter((row) => !row.datname.startsWith(name))
    for (const row of older) await admin.query(`DROP DATABASE IF EXISTS ${row.datname}`).catch(() => undefined) // one in use stays
    return name
  } finally {
    await admin.end()
  }
}

/** A migrated, empty database of the kind this run uses. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) {
    const handle = await openDatabase({ dataDir: null, fromDump: await migratedPgliteDump() })
    await migrateToLatest(handle) // a no-op unless the dump is older than the migrations
    return { handle, drop: () => handle.close() }
  }
  const template = await migratedPostgresTemplate(adminUrl)
  const name = `tijori_t_${randomBytes(6).toString('hex')}`
  await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`)
  const handle = await openDatabase({ url: databaseUrl(adminUrl, name) })
  await migrateToLatest(handle) // a no-op: the template has every migration
  return {
    handle,
    drop: async () => {
      await handle.close()
      await dropDatabase(adminUrl, name)
    },
  }
}

/** A clock the test moves by hand. */
export type TestClock = { now: () => number; set: (ms: number | string) => void; advance: (ms: number) => void }

export function createClock(start: number | string = '2026-01-10T06:00:00Z'): TestClock {
  let current = typeof start === 'string' ? Date.parse(start) : start
  return {
    now: () => current,
    set: (ms) => {
      current = typeof ms === 'string' ? Date.parse(ms) : ms
    },
    advance: (ms) => {
      current += ms
    },
  }
}

export type CallOptions = {
  headers?: Record<string, string>
  /** Sends an Idempotency-Key; `true` picks a fresh UUID. */
  key?: string | true
  remoteAddress?: string
  lang?: string
}

export type Reply = {
  statusCode: number
  headers: LightMyRequestResponse['headers']
  raw: string
  body: { status: 0 | 1; msg: string; code?: string; params?: Record<string, string | number>; data?: unknown }
}

export type SessionHeaders = { token: string; account: string }

export type TestApp = {
  app: FastifyInstance
  database: DatabaseHandle
  clock: TestClock
  config: ServerConfig
  /** Every wait the server asked for (the sign-in slow-down, AppDeps.sleep), in ms; none is slept. */
  sleeps: number[]
  /** POST under /api/vue with a JSON body (or a raw string body with its own content type). */
  call: (path: string, body: unknown, options?: CallOptions) => Promise<Reply>
  /** Registers an account with the demo invite code; returns its number and password. */
  register: (account: string, password?: string) => Promise<{ account: string; password: string }>
  /** Signs in and returns the session headers. */
  login: (account: string, password: string, remoteAddress?: string) => Promise<SessionHeaders>
  close: () => Promise<void>
}

/** A built PWA folder (dist/) holding `files` by relative path, for the static-file tests; remove() deletes it. */
export async function builtDist(files: Record<string, string | Buffer>): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'tijori-dist-'))
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true })
    await writeFile(join(dir, path), content)
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) }
}

export type AuditRow = { action: string; subject: string | null; detail: Record<string, unknown> }

/** A signed-in back-office operator (root, made first): its calls, with its token unless told otherwise, and the audit log. */
export type OperatorDesk = {
  headers: Record<string, string>
  admin(path: string, body: object, headers?: Record<string, string>): Promise<Reply>
  auditActions(): Promise<AuditRow[]>
}

/** The first operator as tests make it, and the password it changes to on first sign-in. */
export const ROOT_OPERATOR = { username: 'root', password: 'root-password', changedTo: 'root-password-changed' } as const

/**
 * Makes the first operator (root) and signs it in as a person would the first time: sign in with
 * the given password, then change it, as every other back-office route refuses until then.
 */
export async function firstOperatorHeaders(t: TestApp): Promise<Record<string, string>> {
  const post = async (path: string, body: object, headers: Record<string, string>) =>
    toReply(await t.app.inject({ method: 'POST', url: `${ADMIN_PREFIX}${path}`, headers, payload: body }))
  await seedFirstOperator(t.database.db, { username: ROOT_OPERATOR.username, password: ROOT_OPERATOR.password }, t.clock.now())
  // A file that asks again (a new session after its clock moved) finds the password changed already.
  const root = await t.database.db.selectFrom('operators').select('must_change_password').where('username', '=', ROOT_OPERATOR.username).executeTakeFirstOrThrow()
  const password = root.must_change_password ? ROOT_OPERATOR.password : ROOT_OPERATOR.changedTo
  const login = await post('/operator/login', { username: ROOT_OPERATOR.username, password }, {})
  if (login.body.status !== 1) throw new Error(`operator sign-in: ${login.raw}`)
  const headers = { 'operator-token': (login.body.data as { token: string }).token }
  if (!root.must_change_password) return headers
  const changed = await post('/operator/password', { oldPassword: ROOT_OPERATOR.password, password: ROOT_OPERATOR.changedTo }, headers)
  if (changed.body.status !== 1) throw new Error(`operator password change: ${changed.raw}`)
  return headers
}

export async function operatorDesk(t: TestApp): Promise<OperatorDesk> {
  const admin = async (path: string, body: object, headers: Record<string, string>) =>
    toReply(await t.app.inject({ method: 'POST', url: `${ADMIN_PREFIX}${path}`, headers, payload: body }))
  const headers = await firstOperatorHeaders(t)
  return {
    headers,
    admin: (path, body, given = headers) => admin(path, body, given),
    auditActions: async () => ((await admin('/audit/list', { page: 1 }, headers)).body.data as { data: AuditRow[] }).data,
  }
}

export function toReply(res: LightMyRequestResponse): Reply {
  return { statusCode: res.statusCode, headers: res.headers, raw: res.body, body: res.json() }
}

export async function createTestApp(
  options: { clock?: TestClock; config?: Partial<Omit<ServerConfig, 'profile'>>; profile?: ServerConfig['profile']; seed?: boolean; staticDir?: string } = {},
): Promise<TestApp> {
  const db = await createTestDatabase()
  const clock = options.clock ?? createClock()
  // No job runs on its own in tests (intervals 0): they sweep by hand with the test clock.
  // A fixed seed and a short history keep every test file fast and its prices repeatable.
  // Test files register dozens of accounts from one address (inject's 127.0.0.1), so the harness
  // lifts the per-address registration limit; the test of that limit passes the default back.
  const base = loadConfig(options.profile ?? 'demo')
  const config = loadConfig(options.profile ?? 'demo', {
    matchIntervalMs: 0,
    autoReviewIntervalMs: 0,
    marketCatchUpIntervalMs: 0,
    cleanupIntervalMs: 0,
    marketBackfillDays: 10,
    registrationLimitIp: 1_000_000,
    // New shares move only when a test sweeps 'ipo'; the demo's own issues only where a test asks.
    ipo: { ...base.ipo, sweepIntervalMs: 0, demoStepMs: null },
    // Block offerings likewise: the 'block' job runs when a test sweeps it, the demo's only where asked.
    block: { ...base.block, sweepIntervalMs: 0, demoStepMs: null },
    // Strategies run only when a test sweeps 'follow'; the demo's strategies only where a test asks.
    follow: { ...base.follow, sweepIntervalMs: 0, demoLockUnit: null },
    // Levels are recomputed only when a test sweeps 'vip'.
    vip: { ...base.vip, sweepIntervalMs: 0 },
    // Loans' interest accrues only when a test sweeps 'loan'.
    loans: { ...base.loans, sweepIntervalMs: 0 },
    ...options.config,
  })
  if (options.seed ?? true) await seedIfEmpty(db.handle.db, config, clock.now())
  // The sign-in slow-down is recorded, never slept: tests assert the wait the server asked for.
  const sleeps: number[] = []
  const sleep = async (ms: number) => {
    sleeps.push(ms)
  }
  const app = await buildApp({ database: db.handle, config, now: clock.now, staticDir: options.staticDir ?? null, marketSeed: TEST_MARKET_SEED, sleep })

  const call: TestApp['call'] = async (path, body, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers }
    if (opts.key !== undefined) headers['idempotency-key'] = opts.key === true ? randomUUID() : opts.key
    if (opts.lang !== undefined) headers.lang = opts.lang
    const res = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}${path}`,
      headers,
      remoteAddress: opts.remoteAddress ?? '127.0.0.1',
      ...(typeof body === 'string' ? { payload: body } : { payload: body as object }),
    })
    return toReply(res)
  }

  const register: TestApp['register'] = async (account, password = 'secret123') => {
    const res = await call(
      '/user/register',
      { account, password, confirmPassword: password, inviteCode: config.demoInviteCode, agree: true },
      { key: true },
    )
    if (res.body.status !== 1) throw new Error(`register ${account} failed: ${res.raw}`)
    return { account, password }
  }

  const login: TestApp['login'] = async (account, password, remoteAddress) => {
    const res = await call('/user/login', { account, password }, remoteAddress ? { remoteAddress } : {})
    const data = res.body.data as { token?: string } | undefined
    if (res.body.status !== 1 || !data?.token) throw new Error(`login ${account} failed: ${res.raw}`)
    return { token: data.token, account }
  }

  return {
    app,
    database: db.handle,
    clock,
    config,
    sleeps,
    call,
    register,
    login,
    close: async () => {
      await app.close()
      await db.drop()
    },
  }
}
