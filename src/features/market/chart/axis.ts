/**
 * The chart's time axis, free of uPlot: which bars get a label and what the label says.
 *
 * The x axis is the bar's index (drawChart.ts), so uPlot's own time ticks do not apply and its
 * number ticks (0, 5000, 10000) fall anywhere in a day. Labels go instead where a bar starts a new
 * step of the calendar in India time (an hour, a day, a week, a month), the finest step that fits
 * the width, so a week of 1-minute bars gets one label a day or every other day, never just one.
 *
 * Every label is unambiguous and in the reader's language (Intl): a date is day and month names
 * ("26 Apr"), with the year when the bars in view span two years; month steps always carry the
 * year ("Apr 2026"), never a two-digit one that reads like a day; times are 24-hour, with the date
 * under them when the bars in view span more than one day.
 */
import { type CandlePeriod } from '../../../contract/replies'
import { INDIA_OFFSET_MS, INDIA_TIME_ZONE } from '../../../lib/dates'

const MINUTE_MS = 60_000
const DAY_MS = 86_400_000

export type Step = { unit: 'minute'; n: number } | { unit: 'day'; n: number } | { unit: 'week' } | { unit: 'month'; n: number }

const MINUTE_STEPS = [5, 15, 30, 60, 120, 180, 360, 720].map((n) => ({ unit: 'minute', n }) as const)
const DAY_STEPS = [1, 2, 3].map((n) => ({ unit: 'day', n }) as const)
const MONTH_STEPS = [1, 2, 3, 6, 12].map((n) => ({ unit: 'month', n }) as const)
const WEEK_STEP = { unit: 'week' } as const

const CANDLE_MINUTES: Partial<Record<CandlePeriod, number>> = { '1min': 1, '5min': 5, '15min': 15, '30min': 30 }

/** The steps a period's labels may use, finest first: none finer than one candle. */
function stepsOf(period: CandlePeriod): readonly Step[] {
  const minutes = CANDLE_MINUTES[period]
  if (minutes !== undefined) return [...MINUTE_STEPS.filter((s) => s.n > minutes), ...DAY_STEPS, WEEK_STEP, ...MONTH_STEPS]
  if (period === 'day') return [...DAY_STEPS, WEEK_STEP, ...MONTH_STEPS]
  if (period === 'week') return [WEEK_STEP, ...MONTH_STEPS]
  return MONTH_STEPS
}

/** Which step of the calendar (India time) instant `t` falls in: a change of key is a boundary. */
function keyOf(t: number, step: Step): number {
  const local = t + INDIA_OFFSET_MS
  if (step.unit === 'minute') return Math.floor(local / (step.n * MINUTE_MS))
  const day = Math.floor(local / DAY_MS)
  if (step.unit === 'day') return Math.floor(day / step.n)
  // Day 0 (1 January 1970) was a Thursday: +3 makes weeks start on Monday.
  if (step.unit === 'week') return Math.floor((day + 3) / 7)
  const date = new Date(local)
  return Math.floor((date.getUTCFullYear() * 12 + date.getUTCMonth()) / step.n)
}

/** Indexes in [i0, i1] of the bars that start a new step (the first bar in view is not one). */
function boundaries(t: readonly number[], i0: number, i1: number, step: Step): number[] {
  const out: number[] = []
  let previous = keyOf(t[i0] as number, step)
  for (let i = i0 + 1; i <= i1; i++) {
    const key = keyOf(t[i] as number, step)
    if (key !== previous) out.push(i)
    previous = key
  }
  return out
}

export type Ticks = { step: Step; indexes: number[] }

/**
 * The bars to label among those in view (indexes i0..i1 of `t`): the boundaries of the finest
 * step with at most `max` of them. When that leaves fewer than two (a step too coarse for the
 * bars in view), every k-th boundary of the next finer step instead, so an axis never has just one.
 */
export function timeTicks(t: readonly number[], period: CandlePeriod, i0: number, i1: number, max: number): Ticks {
  const steps = stepsOf(period)
  const first = steps[0] as Step
  if (t.length === 0 || i1 <= i0 || max < 1) return { step: first, indexes: [] }
  let finer: Ticks | null = null
  for (const step of steps) {
    const indexes = boundaries(t, i0, i1, step)
    if (indexes.length <= max) {
      if (indexes.length >= 2 || finer === null) return { step, indexes }
      const k = Math.ceil(finer.indexes.length / max)
      return { step: finer.step, indexes: finer.indexes.filter((_, j) => j % k === 0) }
    }
    finer = { step, indexes }
  }
  // Even the coarsest step is too fine: thin it.
  const last = finer as Ticks
  const k = Math.ceil(last.indexes.length / max)
  return { step: last.step, indexes: last.indexes.filter((_, j) => j % k === 0) }
}

function indiaYear(t: number): number {
  return new Date(t + INDIA_OFFSET_MS).getUTCFullYear()
}

function indiaDay(t: number): number {
  return Math.floor((t + INDIA_OFFSET_MS) / DAY_MS)
}

export type TimeLabeller = (index: number, step: Step, i0: number, i1: number) => string

/** Labels of bars of `t` in `locale` (an Intl locale), India time; see the module comment. */
export function timeLabeller(t: readonly number[], locale: string): TimeLabeller {
  const zone = { timeZone: INDIA_TIME_ZONE } as const
  const date = new Intl.DateTimeFormat(locale, { ...zone, day: 'numeric', month: 'short' })
  const dateYear = new Intl.DateTimeFormat(locale, { ...zone, day: 'numeric', month: 'short', year: 'numeric' })
  const month = new Intl.DateTimeFormat(locale, { ...zone, month: 'short', year: 'numeric' })
  const time = new Intl.DateTimeFormat(locale, { ...zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
  return (index, step, i0, i1) => {
    const at = t[index]
    if (at === undefined) return ''
    const first = t[i0] ?? at
    const last = t[i1] ?? at
    if (step.unit === 'month') return month.format(at)
    const day = indiaYear(first) === indiaYear(last) ? date : dateYear
    if (step.unit !== 'minute') return day.format(at)
    return indiaDay(first) === indiaDay(last) ? time.format(at) : `${time.format(at)}\n${day.format(at)}`
  }
}
