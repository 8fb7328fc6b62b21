/**
 * A migration that fills a new column for rows written before it computes in SQL what the code
 * computes for new rows. The statement is read from the migration file as shipped and run on the
 * test database (PGlite, and PostgreSQL in CI) over random values.
 */
import { readFile } from 'node:fs/promises'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stopLossNav, valueOf } from '../../../server/follow/nav-rules'
import { createTestDatabase, type TestDatabase } from '../helpers'

let db: TestDatabase
beforeAll(async () => {
  db = await createTestDatabase()
})
afterAll(() => db.drop())

/** The expression after `SET <column> =` up to the WHERE of the migration's UPDATE. */
async function setExpression(migration: string, column: string): Promise<string> {
  const text = await readFile(new URL(`../../../server/db/migrations/${migration}.sql`, import.meta.url), 'utf8')
  const match = new RegExp(`SET ${column} = ([^\\n]+)\\n\\s*WHERE`).exec(text)
  if (!match?.[1]) throw new Error(`no SET ${column} in ${migration}`)
  return match[1]
}

describe('backfills', () => {
  it("gives an investment from before 1764800501000 the stop-loss level a new one gets (nav-rules.ts stopLossNav)", async () => {
    const expression = await setExpression('1764800501000_follow_stop_loss_nav', 'stop_loss_nav')
    let seed = 1_764_800_501
    const below = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed % n
    }
    const rows: { units: number; amount: number; stop_loss_percent: number }[] = []
    while (rows.length < 2_000) {
      const units = 1 + below(10 ** (1 + below(9)))
      const amount = valueOf(units, 1 + below(1_000_000))
      if (amount > 0) rows.push({ units, amount, stop_loss_percent: 1 + below(99) })
    }
    const values = sql.join(rows.map((r) => sql`(${r.units}::bigint, ${r.amount}::bigint, ${r.stop_loss_percent}::integer)`))
    const { rows: got } = await sql<{ level: number }>`
      select ${sql.raw(expression)} as level from (values ${values}) as v(units, amount, stop_loss_percent)`.execute(db.handle.db)
    expect(got.map((r) => r.level)).toEqual(rows.map((r) => stopLossNav(r.units, r.amount, r.stop_loss_percent)))
  })
})
