/**
 * /stock/kline stays under 1 MB on the wire: every period over every range it offers, in the demo
 * (market open around the clock, the most candles), gzip-compressed as served and uncompressed.
 * The offered ranges are the shared rule in src/contract/chart.ts; any other pair is a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIGITAL_CURRENCIES, FOREX_PAIRS, INDICES, INSTRUMENTS, STOCKS } from '../../../server/market/instruments'
import { CANDLE_RANGES, RANGES_OF_PERIOD, isRangeOffered } from '../../../src/contract/chart'
import { type CandlePeriod, type CandleRange } from '../../../src/contract/replies'
import { createClock, createTestApp, type TestApp } from '../helpers'

const MB = 1_000_000

let t: TestApp
beforeAll(async () => {
  // A Monday afternoon: a full week and month of history behind it.
  t = await createTestApp({ clock: createClock('2026-01-12T10:30:00Z') })
})
afterAll(() => t.close())

type Sized = { candles: number; gzip: number; plain: number }

async function sized(symbol: string, period: CandlePeriod, range: CandleRange, app: TestApp = t): Promise<Sized> {
  const payload = { symbol, period, range, adjust: 'backward' }
  const url = '/api/vue/stock/kline'
  const gzip = await app.app.inject({ method: 'POST', url, payload, headers: { 'accept-encoding': 'gzip' } })
  const plain = await app.app.inject({ method: 'POST', url, payload })
  expect(plain.statusCode, `${symbol} ${period} ${range}`).toBe(200)
  // Replies under 1 KiB go uncompressed; the rest as gzip.
  expect(gzip.headers['content-encoding'] ?? 'gzip').toBe('gzip')
  const data = (plain.json() as { data: { t: number[] } }).data
  return { candles: data.t.length, gzip: gzip.rawPayload.length, plain: plain.rawPayload.length }
}

const pairs = Object.entries(RANGES_OF_PERIOD).flatMap(([period, ranges]) => ranges.map((range) => [period as CandlePeriod, range] as const))

describe('/stock/kline size', () => {
  it('keeps the largest reply (1-minute candles over a week) under 1 MB for every instrument, gzip or not', async () => {
    const symbols = INSTRUMENTS.map((i) => i.symbol)
    let largest = { symbol: '', candles: 0, gzip: 0, plain: 0 }
    for (const symbol of symbols) {
      const size = await sized(symbol, '1min', '1w')
      if (size.plain > largest.plain) largest = { symbol, ...size }
    }
    console.log(`largest 1min/1w reply: ${largest.symbol}, ${largest.candles} candles, ${largest.plain} bytes plain, ${largest.gzip} gzip`)
    expect(largest.candles).toBeGreaterThan(10_000) // eight India days around the clock
    expect(largest.plain).toBeLessThan(MB)
    expect(largest.gzip).toBeLessThan(MB)
  })

  it('keeps every offered period and range under 1 MB over half a year of history, for the instruments with the longest numbers', async () => {
    // The harness keeps 10 days of history; the long ranges need more to be measured whole.
    const full = await createTestApp({ clock: createClock('2026-01-12T10:30:00Z'), config: { marketBackfillDays: 190 } })
    try {
      // The dearest of each kind: the most digits per price.
      const dearest = <T extends { symbol: string; referencePrice: number }>(list: readonly T[]) => [...list].sort((a, b) => b.referencePrice - a.referencePrice)[0]!.symbol
      const symbols = [dearest(STOCKS), dearest(FOREX_PAIRS), dearest(DIGITAL_CURRENCIES), ...INDICES.map((i) => i.symbol)]
      let largest = { pair: '', candles: 0, plain: 0, gzip: 0 }
      for (const symbol of symbols) {
        for (const [period, range] of pairs) {
          // A year of weeks or months needs more than the 190 days kept here: their sizes are tiny.
          if (range === '1y') continue
          const size = await sized(symbol, period, range, full)
          expect(size.plain, `${symbol} ${period} ${range}`).toBeLessThan(MB)
          expect(size.gzip, `${symbol} ${period} ${range}`).toBeLessThan(MB)
          // Enough candles to read: never one sliver.
          expect(size.candles, `${symbol} ${period} ${range}`).toBeGreaterThanOrEqual(12)
          if (size.plain > largest.plain) largest = { pair: `${symbol} ${period} ${range}`, ...size }
        }
      }
      console.log(`largest reply over half a year: ${largest.pair}, ${largest.candles} candles, ${largest.plain} bytes plain, ${largest.gzip} gzip`)
    } finally {
      await full.close()
    }
  }, 600_000)

  it('refuses, with a 400 naming the field, a range its period does not offer', async () => {
    for (const period of Object.keys(RANGES_OF_PERIOD) as CandlePeriod[]) {
      for (const range of CANDLE_RANGES.filter((r) => !isRangeOffered(period, r))) {
        const res = await t.call('/stock/kline', { symbol: 'TCS', period, range, adjust: 'none' })
        expect(res.statusCode, `${period} ${range}`).toBe(400)
        expect(res.body).toMatchObject({ status: 0, code: 'bad_request', params: { field: 'range' } })
      }
    }
  })
})
