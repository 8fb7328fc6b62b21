/**
 * The matching engine's cost as the book grows (issue 14): the process CPU (process.cpuUsage,
 * which includes in-process PGlite) of one simulated minute of 'trading' sweeps (one sweep per
 * config.matchIntervalMs of the injected clock over 60 s, the demo market open) with 0, 10,000
 * and 100,000 open positions and as many resting limit orders, and the wall time of one sweep.
 * The rows are bulk-inserted far from their stop-out level and limit, so no sweep moves them:
 * the figures are what an idle book costs. On in-memory PGlite, and on PostgreSQL too when
 * TEST_DATABASE_URL is set (a fresh database per book size, as the server tests make).
 */
import { performance } from 'node:perf_hooks'
import { sql } from 'kysely'
import { loadConfig } from '../../server/config'
import { STOCKS } from '../../server/market/instruments'
import { type NewOrder } from '../../server/trade/repository'
import { stopOutPrice } from '../../server/trade/position-rules'
import { createTestApp, type TestApp } from '../server/helpers'
import { trader } from '../server/trade/accounts'
import { detail } from '../server/trade/support'

const BOOK_SIZES = [0, 10_000, 100_000]
const MARKET_MS = 60_000
const CHUNK = 1_000
/**
 * ENGINE_BENCH_SWEEPS caps the sweeps measured (the CPU is then scaled to the minute): an engine
 * that sweeps the whole book takes minutes per simulated minute at 100,000 rows.
 */
const SWEEP_CAP = Number(process.env.ENGINE_BENCH_SWEEPS ?? Number.POSITIVE_INFINITY)

type Figures = { cpuMs: number; sweepMs: number; sweeps: number }

/** `count` open positions and `count` resting limit orders of one account, spread over the stocks. */
async function fillBook(t: TestApp, count: number): Promise<void> {
  if (count === 0) return
  const owner = await trader(t, '9790000001', 0)
  const symbols = STOCKS.slice(0, 40).map((s) => s.symbol)
  const prices = new Map<string, number>()
  for (const symbol of symbols) prices.set(symbol, (await detail(t, symbol)).quote.price)
  const at = t.clock.now()
  // As placement stores it, where the schema has the column (the bench also runs on older engines).
  const { rows: levelColumn } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'orders' AND column_name = 'stop_out_price'`.execute(t.database.db)
  const storesLevels = levelColumn[0]!.n > 0
  const row = (i: number, pending: boolean): NewOrder => {
    const symbol = symbols[i % symbols.length]!
    const price = prices.get(symbol)!
    const long = i % 2 === 0
    // Leverage 1 puts a long's stop-out far below the price and a short's far above; a limit at
    // half or twice the price is never crossed within a minute.
    const limit = long ? Math.max(1, Math.floor(price / 2)) : price * 2
    const quantity = 100
    const amount = quantity * (pending ? limit : price)
    return {
      user_id: owner.userId,
      symbol,
      kind: 'stock',
      type: pending ? 'limit' : 'market',
      direction: long ? 'long' : 'short',
      lots: 1,
      quantity,
      unit_divisor: 1,
      quantity_scale: 1,
      leverage: 1,
      day_trading: false,
      limit_price: pending ? limit : null,
      entry_price: pending ? null : price,
      exit_price: null,
      margin: amount,
      fee: 0,
      stamp_duty: 0,
      total_debit: amount,
      close_fee: null,
      close_stamp_duty: null,
      pnl: null,
      cash_returned: null,
      status: pending ? 'pending' : 'holding',
      unlock_at: pending ? null : at,
      created_at: at,
      opened_at: pending ? null : at,
      closed_at: null,
      close_reason: null,
      updated_at: at,
      ...(storesLevels && !pending
        ? { stop_out_price: stopOutPrice({ direction: long ? 'long' : 'short', quantity, entryPrice: price, margin: amount, unitDivisor: 1 }, t.config.trading) }
        : {}),
    }
  }
  for (const pending of [false, true]) {
    for (let start = 0; start < count; start += CHUNK) {
      const rows = Array.from({ length: Math.min(CHUNK, count - start) }, (_, k) => row(start + k, pending))
      await t.database.db.insertInto('orders').values(rows).execute()
    }
  }
}

async function minuteOfSweeps(count: number): Promise<Figures> {
  const t = await createTestApp({ config: { marketAlwaysOpen: true } })
  try {
    await fillBook(t, count)
    const step = loadConfig('demo').matchIntervalMs
    // A first sweep outside the measure: whatever one-off work a new book needs.
    const first = await t.app.trading.sweep(t.clock.now())
    if (first.filled + first.stoppedOut + first.squaredOff + first.expired > 0) throw new Error(`the book moved: ${JSON.stringify(first)}`)
    const cpu = process.cpuUsage()
    const started = performance.now()
    let sweeps = 0
    for (let elapsed = 0; elapsed < MARKET_MS && sweeps < SWEEP_CAP; elapsed += step) {
      t.clock.advance(step)
      const report = await t.app.trading.sweep(t.clock.now())
      if (report.filled + report.stoppedOut + report.squaredOff + report.expired > 0) throw new Error(`the book moved: ${JSON.stringify(report)}`)
      sweeps++
    }
    const wall = performance.now() - started
    const used = process.cpuUsage(cpu)
    const minuteSweeps = Math.ceil(MARKET_MS / step)
    return { cpuMs: ((used.user + used.system) / 1000) * (minuteSweeps / sweeps), sweepMs: wall / sweeps, sweeps }
  } finally {
    await t.close()
  }
}

export async function engineBench(): Promise<void> {
  const where = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'in-memory PGlite'
  console.log(`\nmatching engine, one simulated minute of sweeps with the book idle (${where})`)
  const byCount = new Map<number, Figures>()
  for (const count of BOOK_SIZES) {
    const f = await minuteOfSweeps(count)
    byCount.set(count, f)
    console.log(
      `  ${count.toLocaleString('en')} open positions + ${count.toLocaleString('en')} resting limit orders: ` +
        `${f.cpuMs.toFixed(0)} ms CPU per simulated minute (${f.sweeps} sweeps measured), ${f.sweepMs.toFixed(1)} ms per sweep`,
    )
  }
  const none = byCount.get(0)!
  const most = byCount.get(BOOK_SIZES.at(-1)!)!
  console.log(`  ratio 100k/0: CPU ${(most.cpuMs / none.cpuMs).toFixed(2)}x, sweep time ${(most.sweepMs / none.sweepMs).toFixed(2)}x`)
}

if (import.meta.url === `file://${process.argv[1]}`) await engineBench()
