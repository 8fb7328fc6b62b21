/**
 * Copy-trading (issue 11): a fresh database's first 'follow' sweep, which makes the demo's three
 * strategies and runs a year of their daily closes (every strategy, every completed day, trades
 * and NAV written), on in-memory PGlite; and the size of a /follow/detail reply (every trade and
 * the daily NAV), raw and brotli-compressed, for each product.
 */
import { performance } from 'node:perf_hooks'
import { brotliCompressSync } from 'node:zlib'
import { loadConfig } from '../../server/config'
import { createTestApp } from '../server/helpers'
import { trader } from '../server/trade/accounts'
import { type FollowDetail, type FollowProduct } from '../../src/contract/replies'

const YEAR_DAYS = 365

export async function followBench(): Promise<void> {
  console.log('\ncopy-trading (a fresh database, in-memory PGlite)')
  const t = await createTestApp({ config: { marketBackfillDays: YEAR_DAYS, follow: { ...loadConfig('demo').follow, sweepIntervalMs: 0, demoLockUnit: 'minute' } } })
  try {
    const t0 = performance.now()
    const run = await t.app.jobs.sweep('follow', t.clock.now())
    const seconds = (performance.now() - t0) / 1000
    const result = run.ran ? (run.result as { days: number; trades: number }) : { days: 0, trades: 0 }
    console.log(`  a year of daily strategy runs (3 strategies, ${result.days} strategy-days, ${result.trades} trades): ${seconds.toFixed(2)} s`)
    const t1 = performance.now()
    await t.app.jobs.sweep('follow', t.clock.now())
    console.log(`  the next sweep, nothing due: ${(performance.now() - t1).toFixed(0)} ms`)

    const who = await trader(t, '9700000001', 0)
    const list = (await t.call('/follow/list', {}, { headers: who.headers })).body.data as { data: FollowProduct[] }
    for (const product of list.data) {
      const t2 = performance.now()
      const res = await t.call('/follow/detail', { id: product.id }, { headers: who.headers })
      const ms = performance.now() - t2
      const detail = res.body.data as FollowDetail
      const raw = Buffer.byteLength(res.raw)
      const brotli = brotliCompressSync(Buffer.from(res.raw)).length
      console.log(
        `  /follow/detail ${product.number} (${product.strategyCode}, ${detail.trades.length} trades, ${detail.nav.length} NAV days): ` +
          `${raw.toLocaleString('en')} B raw, ${brotli.toLocaleString('en')} B brotli, ${ms.toFixed(0)} ms`,
      )
    }
  } finally {
    await t.close()
  }
}
