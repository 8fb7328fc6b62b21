/**
 * Opens the one database behind a Kysely<Database>: embedded PGlite (a folder, or memory when
 * dataDir is null) by default, PostgreSQL when a URL is given. All SQL is plain PostgreSQL so
 * both run the same migrations and repositories.
 */
import { mkdir } from 'node:fs/promises'
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite'
import { Kysely, PostgresDialect, sql } from 'kysely'
import { PGliteDialect } from 'kysely-pglite-dialect'
import pg from 'pg'
import { type Database } from './types'
import { PgliteStatements } from './pglite-statements'
import { PreparingClient } from './postgres-client'
import { type ListenOptions, type Unlisten, listenPglite, listenPostgres } from '../events/listen'

export type DatabaseKind = 'pglite' | 'postgres'

/** A PostgreSQL pool's connections now: open ones, idle ones, queries waiting for one, and its ceiling. */
export type PoolUse = { max: number; total: number; idle: number; waiting: number }

export type DatabaseHandle = {
  db: Kysely<Database>
  kind: DatabaseKind
  /** PostgreSQL only (the metrics): PGlite has one session, which Kysely serialises. */
  poolUse?: () => PoolUse
  /** The PGlite data folder as a tarball, plain unless told (PGlite only): a backup, or a template for tests. */
  dump?: (compression?: 'none' | 'gzip') => Promise<Blob>
  /** Runs a multi-statement SQL script (a migration) on `executor`, which may be a transaction. */
  runScript: (executor: Kysely<Database>, script: string) => Promise<void>
  /** LISTENs on `channel` for NOTIFYs committed by any process on this database (server/events/listen.ts). */
  listen: (channel: string, options: ListenOptions) => Promise<Unlisten>
  close: () => Promise<void>
}

/**
 * `url`: PostgreSQL. `dataDir`: PGlite in that folder, or in memory when null; `fromDump` starts it
 * from the bytes of a PGlite.dumpDataDir() tarball, plain or gzipped, instead of running initdb
 * (a restore; tests start from a migrated one).
 */
export type DatabaseOptions = { url: string } | { dataDir: string | null; fromDump?: Uint8Array }

const INT8_OID = 20

/**
 * PGlite's PostgreSQL touches all of its shared buffers at start, inside the process's memory:
 * its default 128 MB was a quarter of the server's idle RSS (issue 14). 32 MB holds the working
 * set here (the whole demo database after a year of market history is 28 MB); anything else is
 * is read from the data files (through the page cache; memory for an in-memory database).
 */
const PGLITE_SHARED_BUFFERS = '32MB'

/**
 * The one place int8 becomes a JS number (ids, epoch ms, paise). A value past 2^53 would lose
 * precision silently, so it throws instead.
 */
export function parseInt8(text: string): number {
  const value = Number(text)
  if (!Number.isSafeInteger(value)) throw new RangeError(`int8 value ${text} is outside the safe integer range`)
  return value
}

/**
 * A tarball PGlite reads with arrayBuffer(), handed the bytes already in memory: Node's own
 * Blob.arrayBuffer() copies a tarball through small chunks, 0.8 s of a 1.5 s start from a 43 MB
 * dump (measured with a test database).
 */
class TarballBytes extends Blob {
  readonly #tarball: Uint8Array

  constructor(tarball: Uint8Array) {
    // PGlite unpacks a tarball it is told is gzipped; a plain one as it is.
    super([], { type: tarball[0] === 0x1f && tarball[1] === 0x8b ? 'application/x-gzip' : 'application/x-tar' })
    this.#tarball = tarball
  }

  override get size(): number {
    return this.#tarball.byteLength
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    // A copy: PGlite may keep or change what it is given.
    return Promise.resolve(this.#tarball.slice().buffer)
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return 'url' in options ? openPostgres(options.url) : openPglite(options.dataDir, options.fromDump)
}

async function openPglite(dataDir: string | null, fromDump: Uint8Array | undefined): Promise<DatabaseHandle> {
  if (dataDir !== null) await mkdir(dataDir, { recursive: true })
  const pglite = await PGlite.create(dataDir ?? 'memory://', {
    parsers: { [pgliteTypes.INT8]: parseInt8 },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    ...(fromDump ? { loadDataDir: new TarballBytes(fromDump) } : {}),
  })
  // The dialect calls only query() and close(), which PgliteStatements has.
  const db = new Kysely<Database>({ dialect: new PGliteDialect(new PgliteStatements(pglite) as unknown as PGlite) })
  return {
    db,
    kind: 'pglite',
    dump: (compression = 'none') => pglite.dumpDataDir(compression),
    // PGlite's query() speaks the extended protocol (one statement); exec() takes a script. It runs
    // on PGlite's single session, so it joins the transaction Kysely has open on that session.
    runScript: async (_executor, script) => {
      await pglite.exec(script)
    },
    listen: (channel, options) => listenPglite(pglite, channel, options),
    close: () => db.destroy(),
  }
}

export { PREPARED_PER_CONNECTION } from './statement-names'

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const max = 10
  const pool = new pg.Pool({
    Client: PreparingClient,
    connectionString: url,
    max,
    // No JIT: every statement here reads or writes a few rows, but on a large book the planner's
    // estimates for the engine's sweep pass jit_above_cost, and compiling took 40-50 ms of
    // PostgreSQL's CPU each second for a scan of under 1 ms (issue 14).
    options: '-c jit=off',
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  })
  // An idle connection the server ended (a restart, a failover, an administrator) is reported
  // here; without a listener it would crash the process. The pool replaces it on the next query.
  pool.on('error', (err) => console.warn(`PostgreSQL closed an idle connection: ${err.message}`))
  // A connection ended while checked out but between queries (a job's lock transaction waiting for
  // its sweep) emits 'error' on the client, outside the pool's idle listener: without a listener it
  // would crash the process. The transaction's next statement fails instead, and the pool drops
  // the client when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined))
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  // Fail at start-up, not on the first request, when the server is unreachable.
  await sql`select 1`.execute(db)
  return {
    db,
    kind: 'postgres',
    poolUse: () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    // Without parameters node-postgres uses the simple protocol, which accepts several statements.
    runScript: async (executor, script) => {
      await sql.raw(script).execute(executor)
    },
    listen: (channel, options) => listenPostgres(url, channel, options),
    close: () => db.destroy(),
  }
}
