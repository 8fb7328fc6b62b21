/**
 * `npm run restore -- <file> [--force]`: puts a backup made by `npm run backup` back, into the
 * database this environment names (DATABASE_URL, else DATA_DIR's PGlite folder, as the server
 * reads them). The file's own first bytes say what it is; a PostgreSQL archive goes only into
 * PostgreSQL and a PGlite tarball only into a PGlite folder.
 *
 * It refuses a target that already holds anything: restoring over a live ledger is how one loses
 * it. `--force` allows it: PostgreSQL's objects in the archive are dropped and made again
 * (pg_restore --clean), all in one transaction; a PGlite folder is moved aside to
 * `<folder>.replaced-<UTC time>`, never deleted. Stop the server first: it would keep writing.
 */
import { existsSync } from 'node:fs'
import { open, readdir, readFile, rename } from 'node:fs/promises'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { sql } from 'kysely'
import pg from 'pg'
import { openDatabase } from '../server/db/index'
import { type BackupTarget, formatOf, pgConnection, pgProgram, run, targetFromEnv } from './backup'

export type RestoreOptions = { force?: boolean }

export type RestoreResult = { kind: BackupTarget['kind']; ledgerEntries: number; users: number; movedAside: string | null }

/** Relations a user made (tables, sequences, views) in a PostgreSQL database: 0 is an empty one. */
async function userRelations(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
       where s.nspname not in ('pg_catalog', 'information_schema') and s.nspname not like 'pg_toast%' and c.relkind in ('r', 'p', 'S', 'v', 'm')`,
    )
    return Number(rows[0]?.n ?? 0)
  } finally {
    await client.end()
  }
}

async function readHead(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r')
  try {
    const head = new Uint8Array(512)
    const { bytesRead } = await handle.read(head, 0, head.length, 0)
    return head.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

async function isEmptyFolder(dir: string): Promise<boolean> {
  return !existsSync(dir) || (await readdir(dir)).length === 0
}

/** What the restored database holds, counted through the server's own database module. */
async function counted(options: { url: string } | { dataDir: string }): Promise<{ ledgerEntries: number; users: number }> {
  const handle = await openDatabase(options)
  try {
    const { rows } = await sql<{ entries: number; users: number }>`
      select (select count(*) from ledger_entries)::int as entries, (select count(*) from users)::int as users`.execute(handle.db)
    return { ledgerEntries: rows[0]!.entries, users: rows[0]!.users }
  } finally {
    await handle.close()
  }
}

export async function restore(target: BackupTarget, file: string, options: RestoreOptions = {}): Promise<RestoreResult> {
  if (!existsSync(file)) throw new Error(`no backup at ${file}`)
  const format = formatOf(await readHead(file))
  if (format === null) throw new Error(`${file} is not a Tijori backup (neither a pg_dump custom archive nor a PGlite tarball)`)
  if (format !== target.kind) {
    const names = { postgres: 'a PostgreSQL archive', pglite: 'a PGlite tarball' }
    throw new Error(`${file} is ${names[format]}; the target is ${target.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${target.dataDir}`}`)
  }

  if (target.kind === 'postgres') {
    const full = await userRelations(target.url)
    if (full > 0 && !options.force) throw new Error(`the database is not empty (${full} tables, sequences or views): restore into an empty one, or pass --force to replace what the backup holds`)
    const connection = pgConnection(target.url)
    const args = ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${connection.url}`]
    if (full > 0) args.push('--clean', '--if-exists')
    await run(pgProgram('pg_restore'), [...args, file], connection.env)
    return { kind: 'postgres', ...(await counted({ url: target.url })), movedAside: null }
  }

  let movedAside: string | null = null
  if (!(await isEmptyFolder(target.dataDir))) {
    if (!options.force) throw new Error(`${target.dataDir} is not empty: restore into an empty DATA_DIR, or pass --force to move the present database aside`)
    movedAside = `${target.dataDir}.replaced-${new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}`
    await rename(target.dataDir, movedAside)
  }
  const handle = await openDatabase({ dataDir: target.dataDir, fromDump: await readFile(file) })
  await handle.close()
  return { kind: 'pglite', ...(await counted({ dataDir: target.dataDir })), movedAside }
}

const runDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href
if (runDirectly) {
  const args = process.argv.slice(2)
  const force = args.includes('--force')
  const files = args.filter((a) => a !== '--force')
  if (files.length !== 1) {
    console.error('Usage: npm run restore -- <backup file> [--force]')
    process.exit(2)
  }
  const target = targetFromEnv(process.env)
  restore(target, resolve(files[0]!), { force }).then(
    (done) => {
      const into = done.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${(target as { dataDir: string }).dataDir}`
      console.log(`Restored ${files[0]} into ${into}: ${done.users} users, ${done.ledgerEntries} ledger entries`)
      if (done.movedAside) console.log(`  the database that was there is now in ${done.movedAside}`)
      // Every database handle is closed, but PGlite, having loaded a tarball, can leave the event loop waiting.
      process.exit(0)
    },
    (err: unknown) => {
      console.error(`Restore failed: ${err instanceof Error ? err.message : String(err)}`)
      process.exit(1)
    },
  )
}
