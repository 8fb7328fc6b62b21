/**
 * Orders per second through the real /order/create route on in-memory PGlite (target >= 1,000):
 * an in-process app (HTTP inject, no socket), funded accounts placing market orders with 32
 * requests in flight, each with its own Idempotency-Key, so every order pays for authentication,
 * the idempotency claim, the locked balance read, the order row, its ledger entry and the stored
 * reply. Beside it, on the same app in the same run: an idempotent route that changes nothing
 * (/user/delOptional of an absent symbol), a ceiling for what any mutation can reach here, and
 * the cost of the locked balance read for an account with a long history.
 */
import { randomUUID } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { sql } from 'kysely'
import { API_PREFIX } from '../../server/app'
import { HOUSE_PROMOTIONS, LEDGER_REASONS, userAccount } from '../../server/ledger/rules'
import { lockTrader } from '../../server/ledger/repository'
import { createTestApp, type TestApp } from '../server/helpers'
import { grant, trader, type Trader } from '../server/trade/accounts'

type Run = { count: number; seconds: number; rate: number; p50: number; p99: number }

/** `count` calls of `one(i)` with `inFlight` running at a time; latency of each in ms. */
async function load(count: number, inFlight: number, one: (i: number) => Promise<void>): Promise<Run> {
  const latencies: number[] = []
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) {
        const i = next++
        const t0 = performance.now()
        await one(i)
        latencies.push(performance.now() - t0)
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!
  return { count, seconds, rate: count / seconds, p50: at(0.5), p99: at(0.99) }
}

function line(label: string, run: Run): string {
  return `  ${label}: ${run.count} in ${run.seconds.toFixed(2)} s = ${run.rate.toFixed(0)}/s, p50 ${run.p50.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms`
}

/** Gives the account `entries` one-paisa grants in one statement: a long ledger history. */
async function history(t: TestApp, userId: number, entries: number): Promise<void> {
  await t.database.db.transaction().execute(async (trx) => {
    await sql`
      with e as (
        insert into ledger_entries (reason, reference, operator, created_at)
        select ${LEDGER_REASONS.demoGrant}, 'bench', null, 0 from generate_series(1, ${entries}) returning id
      )
      insert into ledger_legs (entry_id, account, currency, amount)
      select id, a.account, 'INR', a.amount from e, (values (${userAccount(userId, 'available')}, 1::bigint), (${HOUSE_PROMOTIONS}, -1::bigint)) as a (account, amount)`.execute(trx)
  })
}

/** Mean ms of the locked trader read (flags + balance) over `times` transactions. */
async function lockedReadMs(t: TestApp, userId: number, times: number): Promise<number> {
  const started = performance.now()
  for (let i = 0; i < times; i++) await t.database.db.transaction().execute((trx) => lockTrader(trx, userId))
  return (performance.now() - started) / times
}

export async function ordersBench(options: { orders?: number; accounts?: number; inFlight?: number } = {}): Promise<number> {
  const total = options.orders ?? 4_000
  const accounts = options.accounts ?? 64
  const inFlight = options.inFlight ?? 32
  // PGlite in memory whatever TEST_DATABASE_URL says: the figure is for the embedded database.
  const saved = process.env.TEST_DATABASE_URL
  delete process.env.TEST_DATABASE_URL
  const t = await createTestApp({ seed: true })
  if (saved !== undefined) process.env.TEST_DATABASE_URL = saved
  try {
    const traders: Trader[] = []
    for (let i = 0; i < accounts; i++) traders.push(await trader(t, `98${String(i).padStart(8, '0')}`, 0))
    for (const who of traders) await grant(t, who.userId, 100_000_000_000)
    const post = async (who: Trader, path: string, payload: unknown) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API_PREFIX}${path}`,
        headers: { ...who.headers, 'idempotency-key': randomUUID() },
        payload: payload as Record<string, unknown>,
      })
      if (res.json<{ status: number }>().status !== 1) throw new Error(`${path} refused: ${res.body}`)
    }
    const order = (i: number) =>
      post(traders[i % traders.length]!, '/order/create', { symbol: 'ITC', direction: i % 2 === 0 ? 'long' : 'short', type: 'market', lots: 1, leverage: 1 })
    const noop = (i: number) => post(traders[i % traders.length]!, '/user/delOptional', { symbol: 'ITC' })

    await load(300, inFlight, order) // warm-up: JIT, caches, the feed's day
    await load(300, inFlight, noop)
    const baseline = await load(Math.round(total / 2), inFlight, noop)
    const orders = await load(total, inFlight, order)
    const sequential = await load(Math.round(total / 4), 1, order)

    // The balance is a sum over the account's legs: what the locked read costs as they pile up.
    const fresh = await trader(t, '9899999998', 0)
    const heavy = await trader(t, '9899999999', 0)
    await history(t, heavy.userId, 20_000)
    const freshMs = await lockedReadMs(t, fresh.userId, 200)
    const heavyMs = await lockedReadMs(t, heavy.userId, 200)

    console.log(`\norders (/order/create, market, in-process app on in-memory PGlite, ${accounts} accounts, ${inFlight} in flight)`)
    console.log(line('orders', orders) + ' (target >= 1,000/s)')
    console.log(line('no-op idempotent route (/user/delOptional)', baseline))
    console.log(`  orders / no-op rate: ${(orders.rate / baseline.rate).toFixed(2)}`)
    console.log(line('orders one at a time', sequential))
    console.log(`  locked balance read: ${freshMs.toFixed(2)} ms with no history, ${heavyMs.toFixed(2)} ms with 20,000 entries`)
    return orders.rate
  } finally {
    await t.close()
  }
}
