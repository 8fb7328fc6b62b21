/**
 * `npm run backup -- [file]`: one consistent copy of Tijori's database, from the same environment
 * the server reads (server/main.ts): DATABASE_URL, else the PGlite folder in DATA_DIR (./data).
 *
 * - PostgreSQL: `pg_dump --format=custom` (one snapshot, so the ledger is taken at one instant while
 *   the server runs on); `npm run restore` gives it to pg_restore. pg_dump comes from PG_BIN, else
 *   PATH, else the newest /usr/lib/postgresql/<version>/bin; it must be at least the server's version.
 * - PGlite: the data folder as a gzipped tarball (PGlite's dumpDataDir). PGlite is one process's
 *   embedded database and a second process must not open its folder: stop the server first.
 *
 * The file defaults to backups/tijori-<kind>-<UTC time>.<dump | tar.gz>. The password in
 * DATABASE_URL goes to pg_dump through PGPASSWORD, never on its command line (ps shows that).
 */
import { spawn } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { mkdir, rename, stat, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { type DatabaseHandle, openDatabase } from '../server/db/index'

/** Where the database is: PostgreSQL by URL, or PGlite's data folder (DATA_DIR/pglite). */
export type BackupTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string }

export type BackupResult = { file: string; kind: BackupTarget['kind']; bytes: number }

/** The database the server in this environment would open, as main.ts chooses it. */
export function targetFromEnv(env: NodeJS.ProcessEnv): BackupTarget {
  if (env.DATABASE_URL) return { kind: 'postgres', url: env.DATABASE_URL }
  return { kind: 'pglite', dataDir: resolve(env.DATA_DIR ?? 'data', 'pglite') }
}

/** A file's format from its first bytes: pg_dump's custom archive, or PGlite's (gzipped) tarball. */
export function formatOf(head: Uint8Array): BackupTarget['kind'] | null {
  if (Buffer.from(head.subarray(0, 5)).toString('latin1') === 'PGDMP') return 'postgres'
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite'
  // An uncompressed tar: "ustar" at offset 257.
  if (Buffer.from(head.subarray(257, 262)).toString('latin1') === 'ustar') return 'pglite'
  return null
}

/** A PostgreSQL client program: PG_BIN, then PATH, then the newest Debian cluster's bin folder. */
export function pgProgram(name: 'pg_dump' | 'pg_restore', env: NodeJS.ProcessEnv = process.env): string {
  if (env.PG_BIN) return join(env.PG_BIN, name)
  for (const dir of (env.PATH ?? '').split(':')) if (dir && existsSync(join(dir, name))) return join(dir, name)
  const debian = '/usr/lib/postgresql'
  const versions = existsSync(debian) ? readdirSync(debian).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : []
  for (const version of versions) if (existsSync(join(debian, version, 'bin', name))) return join(debian, version, 'bin', name)
  throw new Error(`${name} not found: install PostgreSQL's client programs or set PG_BIN`)
}

/** The URL without its password, and the environment that passes the password instead. */
export function pgConnection(url: string, env: NodeJS.ProcessEnv = process.env): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url)
  const password = decodeURIComponent(parsed.password)
  parsed.password = ''
  return { url: parsed.toString(), env: password ? { ...env, PGPASSWORD: password } : { ...env } }
}

/** Runs a program to its end; rejects with its standard error when it fails. */
export function run(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'inherit', 'pipe'] })
    let errors = ''
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString()
      process.stderr.write(chunk)
    })
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolvePromise() : reject(new Error(`${program} exited with ${code}: ${errors.trim()}`))))
  })
}

export function defaultBackupFile(kind: BackupTarget['kind'], at: Date = new Date()): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')
  return resolve('backups', `tijori-${kind}-${stamp}.${kind === 'postgres' ? 'dump' : 'tar.gz'}`)
}

/** Writes `bytes` to `file` through a temporary name, so a half-written backup never has the real one. */
async function writeWhole(file: string, bytes: Uint8Array): Promise<void> {
  await mkdir(dirname(file), { recursive: true })
  const partial = `${file}.partial`
  await writeFile(partial, bytes)
  await rename(partial, file)
}

/** A PGlite database already open (a test's, in memory or in a folder): its data folder as a gzipped tarball. */
export async function backupPgliteHandle(handle: DatabaseHandle, file: string): Promise<BackupResult> {
  if (!handle.dump) throw new Error('only a PGlite database dumps its folder')
  const bytes = new Uint8Array(await (await handle.dump('gzip')).arrayBuffer())
  await writeWhole(file, bytes)
  return { file, kind: 'pglite', bytes: bytes.length }
}

export async function backup(target: BackupTarget, file: string = defaultBackupFile(target.kind)): Promise<BackupResult> {
  if (existsSync(file)) throw new Error(`${file} exists already: choose another file`)
  if (target.kind === 'postgres') {
    const connection = pgConnection(target.url)
    await mkdir(dirname(file), { recursive: true })
    const partial = `${file}.partial`
    await run(pgProgram('pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, `--dbname=${connection.url}`], connection.env)
    await rename(partial, file)
    return { file, kind: 'postgres', bytes: (await stat(file)).size }
  }
  if (!existsSync(join(target.dataDir, 'PG_VERSION'))) throw new Error(`no PGlite database in ${target.dataDir}: set DATA_DIR (or DATABASE_URL for PostgreSQL)`)
  const handle = await openDatabase({ dataDir: target.dataDir })
  try {
    return await backupPgliteHandle(handle, file)
  } finally {
    await handle.close()
  }
}

const runDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href
if (runDirectly) {
  const file = process.argv[2]
  const target = targetFromEnv(process.env)
  backup(target, file ? resolve(file) : undefined).then(
    (made) => {
      console.log(`Backed up ${made.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${(target as { dataDir: string }).dataDir}`} to ${made.file} (${made.bytes} bytes)`)
      // As restore.ts: done, whatever PGlite left on the event loop.
      process.exit(0)
    },
    (err: unknown) => {
      console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`)
      process.exit(1)
    },
  )
}
