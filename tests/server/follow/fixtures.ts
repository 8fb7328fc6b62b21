/** Copy-trading tests (issue 11): an app whose follow job makes the demo's strategies, and funded investors. */
import { expect } from 'vitest'
import { sql } from 'kysely'
import { loadConfig } from '../../../server/config'
import { type Executor } from '../../../server/db/executor'
import { unbalancedEntries } from '../../../server/ledger/repository'
import { HOUSE_FOLLOW_HOLDINGS } from '../../../server/follow/ledger-legs'
import { valueOf } from '../../../server/follow/nav-rules'
import { type TestApp, type TestClock, createTestApp } from '../helpers'
import { type Trader, trader } from '../trade/accounts'

/** Days of stored history: enough for the strategies' 20-close lookbacks to trade in the tests. */
export const FOLLOW_BACKFILL_DAYS = 90

let serial = 0

/** A test app with the demo's strategies and products (made on the first 'follow' sweep, which also runs them). */
export async function followApp(options: { clock?: TestClock; sweep?: boolean; stopLossMin?: number } = {}): Promise<TestApp> {
  const follow = loadConfig('demo').follow
  const t = await createTestApp({
    clock: options.clock,
    config: { marketBackfillDays: FOLLOW_BACKFILL_DAYS, follow: { ...follow, sweepIntervalMs: 0, demoLockUnit: 'minute', stopLossMin: options.stopLossMin ?? follow.stopLossMin } },
  })
  if (options.sweep ?? true) await t.app.jobs.sweep('follow', t.clock.now())
  return t
}

/** A verified investor with `paise` of available cash. */
export async function investor(t: TestApp, paise: number): Promise<Trader> {
  serial += 1
  return trader(t, `98${String(process.pid % 1000).padStart(3, '0')}${String(serial).padStart(5, '0')}`, paise, { marginTrading: false })
}

/** What the holdings account holds for each product: the legs of its investments' entries. */
export async function holdingsByProduct(db: Executor): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('ledger_legs as l')
    .innerJoin('ledger_entries as e', 'e.id', 'l.entry_id')
    .innerJoin('follow_investments as i', (join) => join.on(sql`e.reference`, '=', sql`'follow:' || i.id`))
    .select(['i.product_id', sql<number>`sum(l.amount)::bigint`.as('sum')])
    .where('l.account', '=', HOUSE_FOLLOW_HOLDINGS)
    .groupBy('i.product_id')
    .execute()
  return new Map(rows.map((r) => [r.product_id, Number(r.sum)]))
}

/** Sum of units x NAV at invest (exactly each amount) of each product's open investments. */
export async function openValueByProduct(db: Executor): Promise<Map<number, number>> {
  const rows = await db.selectFrom('follow_investments').select(['product_id', 'units', 'nav_at_invest', 'amount']).where('status', '=', 'in_progress').execute()
  const out = new Map<number, number>()
  for (const r of rows) {
    expect(valueOf(r.units, r.nav_at_invest)).toBe(r.amount)
    out.set(r.product_id, (out.get(r.product_id) ?? 0) + valueOf(r.units, r.nav_at_invest))
  }
  return out
}

/** The books of copy-trading are whole: every entry balances, no pocket below zero, each product's holdings are its open investments. */
export async function expectFollowBooksWhole(t: TestApp): Promise<void> {
  const db = t.database.db
  expect(await unbalancedEntries(db)).toEqual([])
  const total = await db.selectFrom('ledger_legs').select(sql<number>`coalesce(sum(amount), 0)::bigint`.as('sum')).executeTakeFirstOrThrow()
  expect(Number(total.sum)).toBe(0)
  const pockets = await db.selectFrom('ledger_legs').select(['account', sql<number>`sum(amount)::bigint`.as('sum')]).where('account', 'like', 'user:%').groupBy('account').execute()
  for (const p of pockets) expect(Number(p.sum), p.account).toBeGreaterThanOrEqual(0)
  const held = await holdingsByProduct(db)
  const open = await openValueByProduct(db)
  for (const id of new Set([...held.keys(), ...open.keys()])) expect(held.get(id) ?? 0, `product ${id}`).toBe(open.get(id) ?? 0)
}
