/**
 * The chart's choice (period, range, adjustment) and its place in a screen's search params, so a
 * link or a back step keeps it. Kept apart from the chart's components: route files import it.
 */
import { type CandleAdjust, type CandlePeriod, type CandleRange } from '../../../data/db'
import { CANDLE_RANGES, fitRange } from '../../../contract/chart'

export const PERIODS = ['1min', '5min', '15min', '30min', 'day', 'week', 'month'] as const satisfies readonly CandlePeriod[]
export const RANGES = CANDLE_RANGES
export const ADJUSTS = ['none', 'forward', 'backward'] as const satisfies readonly CandleAdjust[]

export type ChartChoice = { period: CandlePeriod; range: CandleRange; adjust: CandleAdjust }

/** Intraday minutes over a week: what a trader looks at first. */
export const DEFAULT_CHART: ChartChoice = { period: '1min', range: '1w', adjust: 'none' }

function pick<T extends string>(options: readonly T[], value: unknown, fallback: T): T {
  return options.find((o) => o === value) ?? fallback
}

export type SymbolSearch = { symbol: string } & Partial<ChartChoice>

export function validateSymbolSearch(search: Record<string, unknown>): SymbolSearch {
  const symbol = typeof search.symbol === 'string' ? search.symbol.trim().toUpperCase().slice(0, 32) : ''
  const out: SymbolSearch = { symbol }
  // Defaults stay out of the URL.
  if (search.period !== undefined) out.period = pick(PERIODS, search.period, DEFAULT_CHART.period)
  if (search.range !== undefined) out.range = pick(RANGES, search.range, DEFAULT_CHART.range)
  // A link from before the ranges were tied to periods (month candles over a week): the nearest offered.
  if (out.range !== undefined) out.range = fitRange(out.period ?? DEFAULT_CHART.period, out.range)
  if (search.adjust !== undefined) out.adjust = pick(ADJUSTS, search.adjust, DEFAULT_CHART.adjust)
  return out
}

export function chartChoice(search: SymbolSearch): ChartChoice {
  const period = search.period ?? DEFAULT_CHART.period
  return { period, range: fitRange(period, search.range ?? DEFAULT_CHART.range), adjust: search.adjust ?? DEFAULT_CHART.adjust }
}

/** Another period keeps the range when it offers it, else takes the nearest it does (src/contract/chart.ts). */
export function withPeriod(choice: ChartChoice, period: CandlePeriod): ChartChoice {
  return { ...choice, period, range: fitRange(period, choice.range) }
}
