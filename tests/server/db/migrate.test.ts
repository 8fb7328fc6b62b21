import { readdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseInt8 } from '../../../server/db/index'
import { migrateToLatest } from '../../../server/db/migrate'
import { createTestDatabase, type TestDatabase } from '../helpers'

let db: TestDatabase
beforeAll(async () => {
  db = await createTestDatabase()
})
afterAll(() => db.drop())

describe('migrations', () => {
  it('are named <epoch-ms>_<name>.sql', async () => {
    const files = await readdir(fileURLToPath(new URL('../../../server/db/migrations/', import.meta.url)))
    expect(files.length).toBeGreaterThan(0)
    for (const f of files) expect(f).toMatch(/^\d{13}_[a-z0-9_]+\.sql$/)
  })

  it('apply once and record themselves', async () => {
    expect(await migrateToLatest(db.handle)).toEqual([])
    const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db.handle.db)
    expect(rows.rows.length).toBeGreaterThan(0)
  })

  it('return int8 as JS numbers, and refuse values past 2^53', async () => {
    const { rows } = await sql<{ big: unknown; n: unknown }>`select 9007199254740991::bigint as big, count(*) as n from users`.execute(db.handle.db)
    expect(rows[0]).toEqual({ big: Number.MAX_SAFE_INTEGER, n: 0 })
    expect(() => parseInt8('9007199254740993')).toThrow(RangeError)
  })
})
