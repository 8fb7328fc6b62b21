/**
 * Runs server/db/migrations/<epoch-ms>_<name>.sql in name order through Kysely's Migrator, which
 * records applied names in kysely_migration and holds a lock so two processes never race.
 * A migration file, once shipped, never changes: add a new one instead.
 */
import { readdir, readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { type Migration, type MigrationProvider, Migrator } from 'kysely'
import { type DatabaseHandle } from './index'

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url))
const MIGRATION_FILE = /^(\d{13}_[a-z0-9_]+)\.sql$/

export class SqlFileMigrationProvider implements MigrationProvider {
  readonly #handle: DatabaseHandle
  readonly #dir: string

  constructor(handle: DatabaseHandle, dir = MIGRATIONS_DIR) {
    this.#handle = handle
    this.#dir = dir
  }

  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {}
    for (const file of (await readdir(this.#dir)).sort()) {
      const match = MIGRATION_FILE.exec(file)
      if (!match?.[1]) {
        if (file.endsWith('.sql')) throw new Error(`migration file ${file} must be named <epoch-ms>_<name>.sql`)
        continue
      }
      const script = await readFile(`${this.#dir}/${file}`, 'utf8')
      migrations[match[1]] = { up: (db) => this.#handle.runScript(db, script) }
    }
    return migrations
  }
}

/** Applies every pending migration; returns the names applied now. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const migrator = new Migrator({ db: handle.db, provider: new SqlFileMigrationProvider(handle) })
  const { error, results } = await migrator.migrateToLatest()
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName
    throw new Error(`migration ${failed ?? '(unknown)'} failed`, { cause: error })
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
