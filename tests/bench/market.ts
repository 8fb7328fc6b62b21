/**
 * The exchange's costs on in-memory PGlite: the first start's backfill of a year, a restart that
 * loads it, quote() of every symbol, one stream tick for every symbol (what the route does each
 * interval for one client), and a year of 1-minute candles through /stock/kline for a stock, an
 * index (capped at INDEX_MINUTE_BARS) and a coin.
 */
import { performance } from 'node:perf_hooks'
import { API_PREFIX, buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { INSTRUMENTS } from '../../server/market/instruments'
import { createMarketFeed } from '../../server/market/live-feed'
import { quoteDto } from '../../server/market/quote-dto'
import { TEST_MARKET_SEED, createTestDatabase } from '../server/helpers'
import { streamChanges } from '../../src/contract/quote-delta'
import { type Quote } from '../../src/contract/replies'

const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 0)} ms`

export async function marketBench(): Promise<void> {
  // PGlite in memory whatever TEST_DATABASE_URL says: the figure is for the embedded database.
  const saved = process.env.TEST_DATABASE_URL
  delete process.env.TEST_DATABASE_URL
  const database = await createTestDatabase()
  if (saved !== undefined) process.env.TEST_DATABASE_URL = saved
  const config = loadConfig('demo', { matchIntervalMs: 0, cleanupIntervalMs: 0, marketBackfillDays: 365 })
  // Monday 11:30 India time.
  const now = Date.parse('2026-01-12T06:00:00Z')
  try {
    console.log(`\nmarket (demo profile, ${INSTRUMENTS.length} instruments, in-memory PGlite)`)
    const feed = createMarketFeed({ db: database.handle.db, config, seed: TEST_MARKET_SEED })
    let started = performance.now()
    await feed.prepare(now)
    console.log(`  first start, 365 days of backfill: ${ms(performance.now() - started)} (${feed.lastPrepare().rows.toLocaleString('en')} day rows)`)

    started = performance.now()
    for (const instrument of INSTRUMENTS) feed.quote(instrument.symbol, now)
    console.log(`  quote() of every symbol, first call (builds each live day): ${ms(performance.now() - started)}`)
    const rounds = 200
    started = performance.now()
    for (let k = 1; k <= rounds; k++) for (const instrument of INSTRUMENTS) feed.quote(instrument.symbol, now + k * 250)
    const round = (performance.now() - started) / rounds
    console.log(`  quote() of every symbol, warm: ${ms(round)} (${((round * 1000) / INSTRUMENTS.length).toFixed(1)} µs a quote)`)

    // The stream route's tick: quotes as DTOs, the deltas of those that moved, one JSON message.
    const sent = new Map<string, Quote>()
    let bytes = 0
    started = performance.now()
    for (let k = 1; k <= rounds; k++) {
      const at = now + 60_000 + k * config.streamIntervalMs
      const quotes = INSTRUMENTS.flatMap((instrument) => {
        const q = feed.quote(instrument.symbol, at)
        return q ? [quoteDto(q, instrument, config)] : []
      })
      const changes = streamChanges(sent, quotes, at)
      bytes += `event: ticks\nid: ${at}\ndata: ${JSON.stringify({ at, changes })}\n\n`.length
    }
    console.log(`  one stream tick of all ${INSTRUMENTS.length} symbols: ${ms((performance.now() - started) / rounds)} (${Math.round(bytes / rounds).toLocaleString('en')} bytes)`)
    await feed.close()

    // A restart on the stored year: the app loads the rows, then answers.
    started = performance.now()
    const app = await buildApp({ database: database.handle, config, now: () => now + 120_000 })
    console.log(`  restart (buildApp loading the stored year): ${ms(performance.now() - started)}`)
    try {
      for (const symbol of ['ITC', 'NIFTY50', 'BTCINR']) {
        const times: number[] = []
        let count = 0
        for (let k = 0; k < 2; k++) {
          started = performance.now()
          const res = await app.inject({ method: 'POST', url: `${API_PREFIX}/stock/kline`, payload: { symbol, period: '1min', range: '1w', adjust: 'forward' } })
          times.push(performance.now() - started)
          count = res.json<{ data: { t: number[] } }>().data.t.length
          if (k === 0) bytes = res.body.length
        }
        console.log(`  /stock/kline ${symbol} 1min 1w (the largest offered): ${count.toLocaleString('en')} candles, ${(bytes / 1e6).toFixed(1)} MB; first ${ms(times[0]!)}, again ${ms(times[1]!)}`)
      }
    } finally {
      await app.close()
    }
  } finally {
    await database.drop()
  }
}

// `npx tsx tests/bench/market.ts` runs this one alone.
if (import.meta.url === `file://${process.argv[1]}`) await marketBench()
