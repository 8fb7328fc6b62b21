/** Copy-trading tests (issue 11): an app whose follow job makes the demo's strategies, and funded investors. */
import { loadConfig } from '../../../server/config'
import { type TestApp, type TestClock, createTestApp } from '../helpers'
import { type Trader, trader } from '../trade/accounts'

/** Days of stored history: enough for the strategies' 20-close lookbacks to trade in the tests. */
export const FOLLOW_BACKFILL_DAYS = 90

let serial = 0

/** A test app with the demo's strategies and products (made on the first 'follow' sweep, which also runs them). */
export async function followApp(options: { clock?: TestClock; sweep?: boolean } = {}): Promise<TestApp> {
  const t = await createTestApp({
    clock: options.clock,
    config: { marketBackfillDays: FOLLOW_BACKFILL_DAYS, follow: { ...loadConfig('demo').follow, sweepIntervalMs: 0, demoLockUnit: 'minute' } },
  })
  if (options.sweep ?? true) await t.app.jobs.sweep('follow', t.clock.now())
  return t
}

/** A verified investor with `paise` of available cash. */
export async function investor(t: TestApp, paise: number): Promise<Trader> {
  serial += 1
  return trader(t, `98${String(process.pid % 1000).padStart(3, '0')}${String(serial).padStart(5, '0')}`, paise, { marginTrading: false })
}
