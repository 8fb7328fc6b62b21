/**
 * The jobs registry on a real app and database (PGlite, and PostgreSQL when TEST_DATABASE_URL is
 * set): every job declared once, started and stopped together, never overlapping itself, a
 * failure logged under its job's name. Nothing is slept: tests wait for the event.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { exclusiveRunner } from '../../../server/jobs/lock'
import { createJobRegistry } from '../../../server/jobs/registry'
import { balancesOf } from '../../../server/ledger/repository'
import { findUserByAccount } from '../../../server/accounts/repository'
import { createTestApp, type TestApp } from '../helpers'
import { loadConfig } from '../../../server/config'
import { png } from '../pictures'

const JOBS = ['market', 'trading', 'reviews', 'dividends', 'ipo', 'block', 'follow', 'vip', 'loan', 'cleanup']

/** A promise the test settles by hand: a sweep that runs until the test lets it finish. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open = () => undefined as void
  const wait = new Promise<void>((resolve) => (open = resolve))
  return { wait, open }
}

/** A verified customer's pending deposit of `amount` paise. */
async function pendingDeposit(t: TestApp, account: string, amount: number): Promise<{ userId: number; id: number }> {
  await t.register(account)
  const headers = await t.login(account, 'secret123')
  const userId = (await findUserByAccount(t.database.db, account))!.id
  await t.database.db.updateTable('users').set({ real_name_status: 'verified', real_name: 'Asha Rao' }).where('id', '=', userId).execute()
  const upload = await t.call('/user/upload', { kind: 'receipt', data: png(Number(account) % 1000).toString('base64') }, { headers, key: true })
  const receiptUploadId = (upload.body.data as { id: number }).id
  const sent = await t.call('/user/recharge', { channel: 'upi', amount, receiptUploadId }, { headers, key: true })
  expect(sent.body.status, sent.raw).toBe(1)
  return { userId, id: (sent.body.data as { id: number }).id }
}

describe('the jobs registry', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('declares market catch-up, matching, the demo reviewer and cleanup, none on a timer when its interval is 0', () => {
    expect(t.app.jobs.status().map((job) => [job.name, job.scope, job.started])).toEqual([
      ['market', 'process', false],
      ['trading', 'database', false],
      ['reviews', 'database', false],
      ['dividends', 'database', t.config.dividends.sweepIntervalMs > 0],
      ['ipo', 'database', false],
      ['block', 'database', false],
      ['follow', 'database', false],
      ['vip', 'database', false],
      ['loan', 'database', false],
      ['cleanup', 'database', false],
    ])
  })

  it('sweeps a job by name at the moved clock, and through the old aliases', async () => {
    expect(await t.app.jobs.sweep('cleanup', t.clock.now())).toEqual({ ran: true, result: { keys: 0, failures: 0, registrations: 0, guestThreads: 0, sessions: 0 } })
    const deposit = await pendingDeposit(t, '9730000001', 550_000)
    t.clock.advance(t.config.autoReviewSeconds! * 1000)
    expect(await t.app.reviews.sweep(t.clock.now())).toBe(1)
    expect(await balancesOf(t.database.db, deposit.userId)).toMatchObject({ available: 550_000 })
    expect((await t.app.trading.sweep(t.clock.now())).filled).toBe(0)
    await expect(t.app.jobs.sweep('draws', t.clock.now())).rejects.toThrow('no job named "draws"')
  })

  it('skips a sweep called while the same job is still running in this process, even a job that takes no lock', async () => {
    const registry = createJobRegistry({ exclusive: exclusiveRunner(t.database), onError: () => undefined })
    const held = gate()
    let runs = 0
    // A 'process' job takes no lock: the registry alone keeps it from overlapping itself.
    const probe = registry.add({
      name: 'probe',
      scope: 'process',
      intervalMs: 0,
      sweep: async () => {
        await held.wait
        return ++runs
      },
    })
    const first = probe(t.clock.now())
    expect(await probe(t.clock.now())).toEqual({ ran: false })
    expect(registry.status()[0]).toMatchObject({ running: true, skips: 1 })
    held.open()
    expect(await first).toEqual({ ran: true, result: 1 })
    expect(await probe(t.clock.now())).toEqual({ ran: true, result: 2 })
    expect(registry.status()[0]).toMatchObject({ running: false, runs: 2, skips: 1 })
  })

  it('logs a failed timed sweep under its job name and keeps every timer going', async () => {
    const errors: [string, string][] = []
    const registry = createJobRegistry({ exclusive: exclusiveRunner(t.database), onError: (name, error) => errors.push([name, String(error)]) })
    let counted = 0
    registry.add({ name: 'fails', intervalMs: 1, sweep: () => Promise.reject(new Error('boom')) })
    registry.add({ name: 'counts', intervalMs: 1, sweep: async () => ++counted })
    registry.start(t.clock.now)
    await vi.waitFor(() => {
      expect(errors.length).toBeGreaterThanOrEqual(2)
      expect(counted).toBeGreaterThanOrEqual(2)
    })
    await registry.stop()
    expect(errors[0]).toEqual(['fails', 'Error: boom'])
    expect(registry.status().map((job) => [job.name, job.started, job.running, job.failures > 1])).toEqual([
      ['fails', false, false, true],
      ['counts', false, false, false],
    ])
  })
})

describe('the jobs registry with intervals', () => {
  it('starts every job with the app and stops them all when it closes, after the sweeps under way', async () => {
    const base = loadConfig('demo')
    const t = await createTestApp({
      config: {
        marketCatchUpIntervalMs: 5,
        matchIntervalMs: 5,
        autoReviewIntervalMs: 5,
        cleanupIntervalMs: 5,
        dividends: { ...base.dividends, sweepIntervalMs: 5 },
        ipo: { ...base.ipo, sweepIntervalMs: 5, demoStepMs: null },
        block: { ...base.block, sweepIntervalMs: 5, demoStepMs: null },
        follow: { ...base.follow, sweepIntervalMs: 5, demoLockUnit: null },
        vip: { ...base.vip, sweepIntervalMs: 5 },
        loans: { ...base.loans, sweepIntervalMs: 5 },
      },
    })
    try {
      expect(t.app.jobs.status().filter((job) => job.started).map((job) => job.name)).toEqual(JOBS)
      // The reviewer approves on its own timer: nobody sweeps by hand here.
      const deposit = await pendingDeposit(t, '9730000002', 600_000)
      t.clock.advance(t.config.autoReviewSeconds! * 1000)
      await vi.waitFor(async () => expect(await balancesOf(t.database.db, deposit.userId)).toMatchObject({ available: 600_000 }), { timeout: 20_000 })
      await vi.waitFor(() => expect(t.app.jobs.status().filter((job) => job.runs > 0).map((job) => job.name)).toEqual(JOBS), { timeout: 20_000 })

      await t.app.close()
      expect(t.app.jobs.status().map((job) => [job.name, job.started, job.running])).toEqual(JOBS.map((name) => [name, false, false]))
    } finally {
      await t.close()
    }
  })
})
