/**
 * Orders per second through HAProxy with 1, 2 and 4 API processes on one PostgreSQL (issue 14),
 * each cluster started as `npm run cluster` starts it (scripts/cluster.ts) on a fresh database, and
 * beside each, alternately in the same run, pgbench tpcb-like (8 clients) on the same server: the
 * ratio orders/s / TPS per round, with its spread. The load is the HTTP driver's (http-load.ts):
 * verified, funded users placing market orders with an Idempotency-Key each, `inFlight` at a time.
 *
 * Needs BENCH_DATABASE_URL or TEST_DATABASE_URL (a PostgreSQL URL that may create databases) and
 * HAProxy. BENCH_CLUSTER_SECONDS (10) per side of a round, BENCH_CLUSTER_ROUNDS (2),
 * BENCH_CLUSTER_PROCESSES (1,2,4). As a script: `tsx tests/bench/cluster.ts`.
 */
import { randomBytes } from 'node:crypto'
import { startCluster } from '../../scripts/cluster'
import { adminQuery, databaseUrl, dropDatabase } from '../server/helpers'
import { makeUsers, placeOrders, runLine } from './http-load'
import { preparePgbench } from './pgbench'

// Open around the clock, so the figures do not depend on the hour of the run.
const SYMBOL = 'SOLINR'

function spread(values: readonly number[], digits = 0): string {
  const sorted = [...values].sort((a, b) => a - b)
  const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2
  return `median ${median.toFixed(digits)} (${sorted[0]!.toFixed(digits)}–${sorted[sorted.length - 1]!.toFixed(digits)})`
}

export type ClusterBenchOptions = { processes?: number[]; seconds?: number; rounds?: number; users?: number; inFlight?: number }

export async function clusterBench(options: ClusterBenchOptions = {}): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
  if (!serverUrl) {
    console.log('\norders through HAProxy with 1, 2, 4 processes: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server)')
    return
  }
  const counts = options.processes ?? (process.env.BENCH_CLUSTER_PROCESSES ?? '1,2,4').split(',').map(Number)
  const seconds = options.seconds ?? Number(process.env.BENCH_CLUSTER_SECONDS ?? 10)
  const rounds = options.rounds ?? Number(process.env.BENCH_CLUSTER_ROUNDS ?? 2)
  const users = options.users ?? 32
  const inFlight = options.inFlight ?? 32
  const pgbench = await preparePgbench(serverUrl, { name: 'tijori_cluster_pgbench' })
  const summary: string[] = []
  console.log(`\norders through HAProxy (market, ${users} users, ${inFlight} in flight) beside pgbench tpcb-like (8 clients), alternating, ${seconds} s each`)
  try {
    for (const n of counts) {
      const name = `tijori_cluster_bench_${randomBytes(4).toString('hex')}`
      await adminQuery(serverUrl, `create database ${name}`)
      const cluster = await startCluster({
        processes: n,
        databaseUrl: databaseUrl(serverUrl, name),
        port: 0,
        env: { LOG_LEVEL: 'warn', STATIC_DIR: 'none', MARKET_BACKFILL_DAYS: '5' },
      })
      try {
        const made = await makeUsers(cluster.url, users, { tag: 40 + n })
        await placeOrders(cluster.url, made, { count: 300, inFlight, symbol: SYMBOL }) // warm-up: JIT on every process
        const rates: number[] = []
        const tps: number[] = []
        const ratios: number[] = []
        for (let round = 1; round <= rounds; round++) {
          const t = await pgbench.run(seconds)
          const run = await placeOrders(cluster.url, made, { seconds, inFlight, symbol: SYMBOL, offset: round * 1_000_000 })
          tps.push(t)
          rates.push(run.rate)
          ratios.push(run.rate / t)
          console.log(`  ${n} process${n === 1 ? '' : 'es'}, round ${round}: pgbench ${t.toFixed(0)} TPS; ${runLine('orders', run).trim()}; ratio ${(run.rate / t).toFixed(2)}`)
        }
        const line = `  ${n} process${n === 1 ? '' : 'es'}: orders/s ${spread(rates)}; pgbench TPS ${spread(tps)}; ratio ${spread(ratios, 2)}`
        summary.push(line)
        console.log(line)
      } finally {
        await cluster.stop()
        await dropDatabase(serverUrl, name)
      }
    }
  } finally {
    await pgbench.drop()
  }
  console.log('  summary:')
  for (const line of summary) console.log(line)
}

if (process.argv[1]?.endsWith('cluster.ts') && process.argv[1].includes('bench')) await clusterBench()
