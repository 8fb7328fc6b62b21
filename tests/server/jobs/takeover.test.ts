/**
 * PostgreSQL only (TEST_DATABASE_URL, as in CI): when the process holding a job's lock dies, the
 * lock dies with its connection and another process runs the job on its next try; the pool of
 * the dead holder keeps nothing that would hold it. The holder's death is its backend ended
 * (pg_terminate_backend), what PostgreSQL does when a killed process's socket closes. The
 * three-process kill test (tests/server/cluster/kill.test.ts) does it with kill -9.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../../../server/db/index'
import { exclusiveRunner, HOLDER_KEEPALIVE, JOB_LOCK_NAMESPACE, jobLockKey } from '../../../server/jobs/lock'
import { createTestDatabase, type TestDatabase } from '../helpers'

describe.skipIf(!process.env.TEST_DATABASE_URL)("a job whose holder's connection dies", () => {
  let first: TestDatabase
  let second: DatabaseHandle
  beforeAll(async () => {
    first = await createTestDatabase()
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(first.handle.db)
    const url = new URL(process.env.TEST_DATABASE_URL!)
    url.pathname = `/${rows[0]!.name}`
    second = await openDatabase({ url: url.toString() })
  })
  afterAll(async () => {
    await second.close()
    await first.drop()
  })

  /** The backend holding `name`'s lock, or null. */
  async function holder(name: string): Promise<number | null> {
    const { rows } = await sql<{ pid: number }>`
      select pid from pg_locks where locktype = 'advisory' and granted and classid = ${JOB_LOCK_NAMESPACE}
        and objid = (${jobLockKey(name)}::int4 & x'ffffffff'::bigint)::oid and database = (select oid from pg_database where datname = current_database())`.execute(second.db)
    return rows[0]?.pid ?? null
  }

  it('is run by the other process at once, and the dead holder neither crashes its process nor keeps its connection', async () => {
    const runFirst = exclusiveRunner(first.handle)
    const runSecond = exclusiveRunner(second)
    let started = () => undefined as void
    const isRunning = new Promise<void>((resolve) => (started = resolve))
    let letGo = () => undefined as void
    const held = new Promise<void>((resolve) => (letGo = resolve))
    const firstRun = runFirst('takeover', async () => {
      started()
      await held
      return 'first'
    })
    await isRunning
    expect(await runSecond('takeover', async () => 'second')).toEqual({ ran: false })
    const pid = await holder('takeover')
    expect(pid).not.toBeNull()
    // A dead host (no FIN) is found by the holder's keepalives within seconds.
    expect(HOLDER_KEEPALIVE.idle + HOLDER_KEEPALIVE.interval * HOLDER_KEEPALIVE.count).toBeLessThanOrEqual(15)

    await sql`select pg_terminate_backend(${pid})`.execute(second.db)
    // The job is free at once: the other process runs it while the dead holder's sweep is still under way.
    await expect.poll(() => holder('takeover'), { timeout: 10_000, interval: 5 }).toBeNull()
    expect(await runSecond('takeover', async () => 'second')).toEqual({ ran: true, result: 'second' })
    // The holder's sweep, when it ends, fails with its transaction (its commit has no connection)
    // instead of crashing the process.
    letGo()
    await expect(firstRun).rejects.toThrow()
    // The first process's pool replaced the ended connection: it can hold the job again.
    expect(await runFirst('takeover', async () => 'first again')).toEqual({ ran: true, result: 'first again' })
  })
})
