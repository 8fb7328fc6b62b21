/**
 * The draw at scale (issue 10): 100,000 applications are frozen and drawn in batches, not one
 * UPDATE each, in reasonable time on PGlite, and exactly the allottable number of them win.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { sql } from 'kysely'
import { createTestApp, type TestApp } from '../helpers'
import { createIssue } from './fixtures'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

it('freezes and draws 100,000 applications with exactly 20,000 winners of one minimum lot, and reallocates 20,000 unpaid lots', { timeout: 240_000 }, async () => {
  const db = t.database.db
  const issue = await createIssue(db, { at: t.clock.now(), payment_mode: 'pay_after_win', retail_shares: 200_000, lot_size: 10 })
  await t.register('9750000001')
  const user = await db.selectFrom('users').select('id').where('account', '=', '9750000001').executeTakeFirstOrThrow()
  // Rows written straight in: the point is the job's work, not 100,000 sign-ups.
  await sql`
    insert into ipo_applications (issue_id, user_id, pan, ref, lots, amount, status, created_at, updated_at)
    select ${issue.id}, ${user.id}, 'PAN' || n, lpad(n::text, 10, '0'), 1 + n % 3, (1 + n % 3) * 100000, 'applied', 0, 0
    from generate_series(1, 100000) as n`.execute(db)
  const started = performance.now()
  await t.app.jobs.sweep('ipo', issue.closes_at)
  await t.app.jobs.sweep('ipo', issue.draw_at)
  const seconds = (performance.now() - started) / 1000
  const counts = await db
    .selectFrom('ipo_applications')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('allotted_lots').as('lots')])
    .where('issue_id', '=', issue.id)
    .groupBy('status')
    .orderBy('status')
    .execute()
  expect(counts.map((c) => [c.status, Number(c.n), Number(c.lots)])).toEqual([
    ['not_won', 80_000, 0],
    ['pending_payment', 20_000, 20_000],
  ])
  // Generous for a shared 2-core machine; one UPDATE per row takes minutes.
  expect(seconds).toBeLessThan(60)

  // Nobody pays: at the refund step the 20,000 fail and their lots go to the next 20,000 in draw order.
  const settling = performance.now()
  await t.app.jobs.sweep('ipo', issue.refund_at)
  const settled = await db
    .selectFrom('ipo_applications')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('issue_id', '=', issue.id)
    .groupBy('status')
    .orderBy('status')
    .execute()
  expect(settled.map((c) => [c.status, Number(c.n)])).toEqual([
    ['not_won', 60_000],
    ['payment_failed', 20_000],
    ['pending_payment', 20_000],
  ])
  expect((performance.now() - settling) / 1000).toBeLessThan(60)
})
