/**
 * The allocation at scale (issue 11): 5,000 applications to one oversubscribed offering are
 * allocated in batches (entries, positions and rows a few statements each, never one per
 * application) in reasonable time on PGlite: exactly the offering is allocated, every freeze is
 * paid or released, and the books stay whole.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { sql } from 'kysely'
import { postEntries, unbalancedEntries } from '../../../server/ledger/repository'
import { HOUSE_PROMOTIONS, LEDGER_REASONS, transfer, userAccount } from '../../../server/ledger/rules'
import { blockFreezeEntry } from '../../../server/block/ledger-legs'
import { applicationCost } from '../../../server/block/rules'
import { createTestApp, type TestApp } from '../helpers'
import { expectBooksWhole } from '../trade/support'
import { HOUR, createOffering } from './fixtures'

const APPLICATIONS = 5_000

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

it(`allocates ${APPLICATIONS.toLocaleString('en')} applications in proportion, in batches`, { timeout: 240_000 }, async () => {
  const db = t.database.db
  const now = t.clock.now()
  // 20,000 shares in lots of 10 for 5,000 applications of 10 to 50 shares (15,000 lots asked of 2,000).
  const o = await createOffering(db, { at: now, closes_at: now + HOUR, shares: 20_000, min_shares: 10, min_amount: 0 })
  // Rows written straight in: the point is the job's work, not 5,000 sign-ups.
  const users = await sql<{ id: number }>`
    insert into users (account, password_hash, invited_by_code, real_name_status, created_at)
    select '98' || lpad(n::text, 8, '0'), 'x', ${t.config.demoInviteCode}, 'verified', 0 from generate_series(1, ${APPLICATIONS}::int) as n
    returning id`.execute(db)
  const rows = users.rows.map((u, i) => {
    const shares = 10 * (1 + (i % 5))
    return { user: u.id, ref: `S${String(i).padStart(9, '0')}`, shares, ...applicationCost(shares, o.price!, t.config.trading) }
  })
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += 1_000) {
      const chunk = rows.slice(start, start + 1_000)
      await postEntries(
        trx,
        chunk.flatMap((r) => [
          transfer({ reason: LEDGER_REASONS.demoGrant, reference: 'test', from: HOUSE_PROMOTIONS, to: userAccount(r.user, 'available'), currency: 'INR', amount: r.frozen }),
          blockFreezeEntry(r.user, r.ref, r.frozen),
        ]),
        now,
      )
      await trx
        .insertInto('block_applications')
        .values(chunk.map((r) => ({ offering_id: o.id, user_id: r.user, ref: r.ref, shares: r.shares, price: o.price!, amount: r.amount, fee: r.fee, frozen: r.frozen, status: 'applied' as const, created_at: now, updated_at: now })))
        .execute()
    }
  })

  const started = performance.now()
  t.clock.set(o.allocate_at)
  expect(await t.app.jobs.sweep('block', o.allocate_at)).toMatchObject({ ran: true, result: { allocated: 1 } })
  const seconds = (performance.now() - started) / 1000

  const counts = await db
    .selectFrom('block_applications')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('allocated_shares').as('shares')])
    .where('offering_id', '=', o.id)
    .groupBy('status')
    .execute()
  const allocated = counts.reduce((s, c) => s + Number(c.shares), 0)
  expect(allocated).toBe(20_000)
  expect(counts.reduce((s, c) => s + Number(c.n), 0)).toBe(APPLICATIONS)
  const frozenLeft = await sql<{ n: number }>`select coalesce(sum(amount), 0)::bigint as n from ledger_balances where account like 'user:%:frozen'`.execute(db)
  expect(frozenLeft.rows[0]!.n).toBe(0)
  expect(await unbalancedEntries(db)).toEqual([])
  await expectBooksWhole(t)
  console.log(`block allocation of ${APPLICATIONS} applications: ${seconds.toFixed(2)} s`)
  // Generous for a shared 2-core machine; one statement per application takes far longer.
  expect(seconds).toBeLessThan(60)
})
