/**
 * Two API processes on one database: two apps built on the same database (PGlite, and PostgreSQL
 * when TEST_DATABASE_URL is set, where each app takes its own pooled connections as a second
 * process would). While one app's sweep of a job is under way the other's is skipped, and the
 * sweep's effect, the demo reviewer crediting a deposit, happens once.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type FastifyInstance } from 'fastify'
import { buildApp } from '../../../server/app'
import { JOB_LOCK_NAMESPACE, jobLockKey } from '../../../server/jobs/lock'
import { balancesOf } from '../../../server/ledger/repository'
import { findUserByAccount } from '../../../server/accounts/repository'
import { createTestApp, TEST_MARKET_SEED, type TestApp } from '../helpers'
import { png } from '../pictures'

let t: TestApp
let second: FastifyInstance
beforeAll(async () => {
  t = await createTestApp()
  second = await buildApp({ database: t.database, config: t.config, now: t.clock.now, staticDir: null, marketSeed: TEST_MARKET_SEED })
})
afterAll(async () => {
  await second.close()
  await t.close()
})

/** A verified customer's pending deposit, sent long enough ago for the demo reviewer. */
async function dueDeposit(account: string, amount: number): Promise<{ userId: number; id: number }> {
  await t.register(account)
  const headers = await t.login(account, 'secret123')
  const userId = (await findUserByAccount(t.database.db, account))!.id
  await t.database.db.updateTable('users').set({ real_name_status: 'verified', real_name: 'Asha Rao' }).where('id', '=', userId).execute()
  const upload = await t.call('/user/upload', { kind: 'receipt', data: png(Number(account) % 1000).toString('base64') }, { headers, key: true })
  const sent = await t.call('/user/recharge', { channel: 'upi', amount, receiptUploadId: (upload.body.data as { id: number }).id }, { headers, key: true })
  expect(sent.body.status, sent.raw).toBe(1)
  t.clock.advance(t.config.autoReviewSeconds! * 1000)
  return { userId, id: (sent.body.data as { id: number }).id }
}

/** Backends of this database waiting for a row lock (PostgreSQL). */
async function lockWaiters(): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(t.database.db)
  return rows[0]!.n
}

describe('a job on two apps sharing one database', () => {
  it("skips the second app's sweep while the first app's is under way, and credits the deposit once", async () => {
    const deposit = await dueDeposit('9740000001', 700_000)
    // The first app's sweep is held inside the deposit's decision: the test holds the deposit's
    // row (PostgreSQL), or PGlite's one session, in a transaction until it lets go.
    let letGo = () => undefined as void
    const held = new Promise<void>((resolve) => (letGo = resolve))
    let holding = () => undefined as void
    const holds = new Promise<void>((resolve) => (holding = resolve))
    const holder = t.database.db.transaction().execute(async (trx) => {
      await trx.selectFrom('recharges').select('id').where('id', '=', deposit.id).forUpdate().execute()
      holding()
      await held
    })
    await holds

    const first = t.app.jobs.sweep('reviews', t.clock.now())
    if (t.database.kind === 'postgres') await vi.waitFor(async () => expect(await lockWaiters()).toBeGreaterThanOrEqual(1))
    // Under way on the first app (and on PostgreSQL blocked on the row): the second skips.
    expect(await second.jobs.sweep('reviews', t.clock.now())).toEqual({ ran: false })

    letGo()
    await holder
    expect(await first).toEqual({ ran: true, result: 1 })
    expect(await second.jobs.sweep('reviews', t.clock.now())).toEqual({ ran: true, result: 0 })

    expect(await balancesOf(t.database.db, deposit.userId)).toMatchObject({ available: 700_000 })
    const credits = await t.database.db.selectFrom('ledger_entries').select('id').where('reference', '=', `recharge:${deposit.id}`).execute()
    expect(credits).toHaveLength(1)
    const approvals = await t.database.db.selectFrom('audit_log').select('id').where('subject', '=', `recharge:${deposit.id}`).execute()
    expect(approvals).toHaveLength(1)
  })

  it.skipIf(!process.env.TEST_DATABASE_URL)('skips the sweep while another PostgreSQL session holds the job, and runs once it is free', async () => {
    const deposit = await dueDeposit('9740000003', 900_000)
    // A third process, as PostgreSQL sees it: its own connection holding the job's lock.
    await t.database.db.connection().execute(async (other) => {
      await sql`select pg_advisory_lock(${JOB_LOCK_NAMESPACE}, ${jobLockKey('reviews')})`.execute(other)
      try {
        expect(await t.app.jobs.sweep('reviews', t.clock.now())).toEqual({ ran: false })
        expect(await second.jobs.sweep('reviews', t.clock.now())).toEqual({ ran: false })
        expect(await balancesOf(t.database.db, deposit.userId)).toMatchObject({ available: 0 })
      } finally {
        await sql`select pg_advisory_unlock(${JOB_LOCK_NAMESPACE}, ${jobLockKey('reviews')})`.execute(other)
      }
    })
    expect(await t.app.jobs.sweep('reviews', t.clock.now())).toEqual({ ran: true, result: 1 })
    expect(await balancesOf(t.database.db, deposit.userId)).toMatchObject({ available: 900_000 })
  })
})
