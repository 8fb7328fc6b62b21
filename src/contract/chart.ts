/**
 * Which ranges each candle period offers, shared by the chart's choices and /stock/kline, which
 * refuses any other pair with a 400.
 *
 * Why these: a chart should hold enough candles to read (month candles over a week are one
 * sliver) and no more than its reply can carry (1-minute candles over a year are half a million
 * in the demo, whose market trades around the clock: tens of megabytes). Each pair gives at least
 * about 12 candles on NSE hours and at most about 11,500 around the clock, the most being
 * 1-minute candles over a week (8 India days x 1,440 minutes), which stays under 1 MB as served
 * (tests/server/market/kline-size.test.ts measures it).
 */
import { type CandlePeriod, type CandleRange } from './replies'

/** Ranges in order of length, as the chart lists them. */
export const CANDLE_RANGES = ['1w', '1mo', '3mo', '6mo', '1y'] as const satisfies readonly CandleRange[]

export const RANGES_OF_PERIOD = {
  '1min': ['1w'],
  '5min': ['1w', '1mo'],
  '15min': ['1w', '1mo', '3mo'],
  '30min': ['1w', '1mo', '3mo', '6mo'],
  day: ['1mo', '3mo', '6mo', '1y'],
  week: ['6mo', '1y'],
  month: ['1y'],
} as const satisfies Record<CandlePeriod, readonly CandleRange[]>

export function rangesOf(period: CandlePeriod): readonly CandleRange[] {
  return RANGES_OF_PERIOD[period]
}

export function isRangeOffered(period: CandlePeriod, range: CandleRange): boolean {
  return rangesOf(period).includes(range)
}

/**
 * The range to show `period` over when `range` is asked for: `range` itself when offered, else
 * the offered range nearest in length (switching to month candles from one week shows a year).
 */
export function fitRange(period: CandlePeriod, range: CandleRange): CandleRange {
  const offered = rangesOf(period)
  if (offered.includes(range)) return range
  const at = CANDLE_RANGES.indexOf(range)
  let best = offered[0] as CandleRange
  for (const r of offered) if (Math.abs(CANDLE_RANGES.indexOf(r) - at) < Math.abs(CANDLE_RANGES.indexOf(best) - at)) best = r
  return best
}
