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

export type DatabaseKind = 'pglite' | 'postgres'

export type DatabaseHandle = {
  db: Kysely<Database>
  kind: DatabaseKind
  /** The PGlite data folder as a tarball (PGlite only): a backup, or a template for tests. */
  dump?: () => Promise<Blob>
  /** Runs a multi-statement SQL script (a migration) on `executor`, which may be a transaction. */
  runScript: (executor: Kysely<Database>, script: string) => Promise<void>
  close: () => Promise<void>
}

/**
 * `url`: PostgreSQL. `dataDir`: PGlite in that folder, or in memory when null; `fromDump` starts it
 * from a PGlite.dumpDataDir() tarball instead of running initdb (tests start from a migrated one).
 */
export type DatabaseOptions = { url: string } | { dataDir: string | null; fromDump?: Blob }

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

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return 'url' in options ? openPostgres(options.url) : openPglite(options.dataDir, options.fromDump)
}

async function openPglite(dataDir: string | null, fromDump: Blob | undefined): Promise<DatabaseHandle> {
  if (dataDir !== null) await mkdir(dataDir, { recursive: true })
  const pglite = await PGlite.create(dataDir ?? 'memory://', {
    parsers: { [pgliteTypes.INT8]: parseInt8 },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    ...(fromDump ? { loadDataDir: fromDump } : {}),
  })
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) })
  return {
    db,
    kind: 'pglite',
    dump: () => pglite.dumpDataDir('none'),
    // PGlite's query() speaks the extended protocol (one statement); exec() takes a script. It runs
    // on PGlite's single session, so it joins the transaction Kysely has open on that session.
    runScript: async (_executor, script) => {
      await pglite.exec(script)
    },
    close: () => db.destroy(),
  }
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  })
  // An idle connection the server ended (a restart, a failover, an administrator) is reported
  // here; without a listener it would crash the process. The pool replaces it on the next query.
  pool.on('error', (err) => console.warn(`PostgreSQL closed an idle connection: ${err.message}`))
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  // Fail at start-up, not on the first request, when the server is unreachable.
  await sql`select 1`.execute(db)
  return {
    db,
    kind: 'postgres',
    // Without parameters node-postgres uses the simple protocol, which accepts several statements.
    runScript: async (executor, script) => {
      await sql.raw(script).execute(executor)
    },
    close: () => db.destroy(),
  }
}
