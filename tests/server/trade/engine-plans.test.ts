/**
 * PostgreSQL only (runs when TEST_DATABASE_URL is set, as in CI): with 100,000 open positions and
 * 100,000 resting limit orders, analysed, every statement the engine's sweep sends reads the
 * orders table through an index, never a sequential scan (issue 14: a tick's cost follows what
 * it crosses, not the size of the book). The plans are PostgreSQL's own (EXPLAIN), of the very
 * statements the engine builds (engineQueries), with a price for every stock.
 */
import { CompiledQuery, sql, type Compilable } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STOCKS } from '../../../server/market/instruments'
import { engineQueries, type SymbolPrice } from '../../../server/trade/repository'
import { createClock, createTestApp, type TestApp } from '../helpers'
import { trader } from './support'

const ROWS = 100_000

describe.skipIf(!process.env.TEST_DATABASE_URL)('the sweep on a large book (PostgreSQL)', () => {
  let t: TestApp
  const prices: SymbolPrice[] = STOCKS.map((s) => ({ symbol: s.symbol, price: 100_000 }))
  beforeAll(async () => {
    t = await createTestApp({ clock: createClock('2026-01-10T06:00:00Z') })
    const owner = await trader(t, '9715000001', 0)
    const now = t.clock.now()
    const symbols = sql.join(STOCKS.map((s) => sql`${s.symbol}::text`))
    // Positions (a third locked, a tenth day-trading, a few closing) and limit orders, all far from
    // the prices above: nothing is crossed, so any row a plan reads beyond the index is waste.
    await sql`
      INSERT INTO orders (user_id, symbol, kind, type, direction, lots, quantity, unit_divisor, quantity_scale, leverage, day_trading,
        limit_price, entry_price, margin, fee, stamp_duty, total_debit, status, unlock_at, created_at, opened_at, updated_at, stop_out_price, square_off_at)
      SELECT ${owner.userId}::bigint, (ARRAY[${symbols}])[1 + i % ${STOCKS.length}::int], 'stock', 'market', CASE WHEN i % 2 = 0 THEN 'long' ELSE 'short' END,
        1, 100, 1, 1, 1, i % 10 = 0, NULL, 100000, 10000000, 0, 0, 10000000,
        CASE WHEN i % 1000 = 0 THEN 'preparing_to_close' WHEN i % 3 = 0 THEN 'locked' ELSE 'holding' END,
        CASE WHEN i % 3 = 0 THEN ${now + 86_400_000}::bigint ELSE ${now}::bigint END, ${now}::bigint, ${now}::bigint, ${now}::bigint,
        CASE WHEN i % 2 = 0 THEN 20000 ELSE 180000 END, CASE WHEN i % 10 = 0 THEN ${now + 3_600_000}::bigint END
      FROM generate_series(1, ${ROWS}::int) AS i`.execute(t.database.db)
    await sql`
      INSERT INTO orders (user_id, symbol, kind, type, direction, lots, quantity, unit_divisor, quantity_scale, leverage, day_trading,
        limit_price, entry_price, margin, fee, stamp_duty, total_debit, status, unlock_at, created_at, opened_at, updated_at, stop_out_price, square_off_at)
      SELECT ${owner.userId}::bigint, (ARRAY[${symbols}])[1 + i % ${STOCKS.length}::int], 'stock', 'limit', CASE WHEN i % 2 = 0 THEN 'long' ELSE 'short' END,
        1, 100, 1, 1, 1, i % 10 = 0, CASE WHEN i % 2 = 0 THEN 50000 ELSE 200000 END, NULL, 10000000, 0, 0, 10000000,
        'pending', NULL, ${now}::bigint, NULL, ${now}::bigint, NULL, CASE WHEN i % 10 = 0 THEN ${now + 3_600_000}::bigint END
      FROM generate_series(1, ${ROWS}::int) AS i`.execute(t.database.db)
    await sql`ANALYZE orders`.execute(t.database.db)
  }, 120_000)
  afterAll(() => t?.close())

  async function plan(query: Compilable): Promise<string> {
    const compiled = query.compile()
    const { rows } = await t.database.db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]))
    return rows.map((r) => r['QUERY PLAN']).join('\n')
  }

  it('reads orders through the indexes for every question of a sweep', async () => {
    const db = t.database.db
    const now = t.clock.now()
    const statements: Record<string, Compilable> = {
      'limit orders crossed': { compile: () => engineQueries.crossedLimitOrders(prices, now).compile(db) },
      'stop-outs crossed': { compile: () => engineQueries.stopOutsCrossed(prices, now).compile(db) },
      'closes waiting for an open market': { compile: () => engineQueries.closingInOpenMarkets(prices).compile(db) },
      'square-offs due, first batch': engineQueries.squareOffsDue(db, now, null, 500),
      'square-offs due, next batch': engineQueries.squareOffsDue(db, now, { at: now - 1000, id: 12 }, 500),
      'rows missing levels': { compile: () => engineQueries.rowsMissingLevels(0, 500).compile(db) },
      'locks due': engineQueries.unlockDue(db, now),
    }
    for (const [name, query] of Object.entries(statements)) {
      const text = await plan(query)
      expect(text, `${name}:\n${text}`).not.toMatch(/Seq Scan on orders/)
      expect(text, `${name}:\n${text}`).toMatch(/Index (Only )?Scan|Bitmap Index Scan/)
      // The planner's row estimates on a large book pass jit_above_cost: compiling the statement
      // took 40-50 ms of PostgreSQL's CPU on every sweep, for a scan that reads no row.
      expect(text, `${name}:\n${text}`).not.toMatch(/JIT:/)
    }
  })
})
