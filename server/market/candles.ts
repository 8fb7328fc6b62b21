/**
 * Candles for charts (issue 3: intraday, 5, 15, 30 minutes, day, week, month over ranges of one
 * week to one year, adjusted none / forward / backward) from the 1-minute bars of the feed.
 *
 * Buckets are India time: minute candles count from the session open (NSE's 30-minute candles
 * run 09:15-09:45 ... 15:15-15:30), days run from India midnight, weeks from Monday, months from
 * the 1st. A candle's `t` is the start of its bucket.
 *
 * Adjustment, over the `PriceAdjustment`s the simulation records (f = its priceFactor: 1/ratio for
 * a split, (C - D) / C for a dividend D after a close C; r = its volumeFactor):
 * - backward: a bar before an ex-day gets P' = P x f and V' = V x r for every action after it.
 *   Today's prices stay real and history is put on today's basis, so a chart runs continuously
 *   through a split instead of halving on the ex-day (what NSE and most charting sites show).
 * - forward, the reverse: a bar on or after an ex-day gets P' = P / f and V' = V / r for every
 *   action at or before it. The oldest prices stay real and later ones are lifted onto their basis.
 * Adjusted prices are rounded to whole price units (not to the tick: they never trade); turnover
 * is money that really changed hands and is never adjusted.
 */
import {
  type TradingCalendar,
  DAY_MS,
  MINUTE_MS,
  dayNumberStart,
  indiaDayNumber,
  weekdayOfDayNumber,
} from './calendar'
import { type Bar, type PriceAdjustment } from './simulation'

export type Candle = Bar

export const PERIODS = {
  minute: '1min',
  fiveMinutes: '5min',
  fifteenMinutes: '15min',
  thirtyMinutes: '30min',
  day: 'day',
  week: 'week',
  month: 'month',
} as const
export type Period = (typeof PERIODS)[keyof typeof PERIODS]

export const RANGES = { week: '1w', month: '1mo', quarter: '3mo', halfYear: '6mo', year: '1y' } as const
export type Range = (typeof RANGES)[keyof typeof RANGES]

export const ADJUSTMENTS = { none: 'none', forward: 'forward', backward: 'backward' } as const
export type Adjustment = (typeof ADJUSTMENTS)[keyof typeof ADJUSTMENTS]

const MINUTES_OF: Partial<Record<Period, number>> = { '1min': 1, '5min': 5, '15min': 15, '30min': 30 }
const MONTHS_OF: Record<Range, number> = { '1w': 0, '1mo': 1, '3mo': 3, '6mo': 6, '1y': 12 }

/** Minute candles count from the session open: 09:15 on NSE, midnight when trading never stops. */
export function anchorMinuteOf(cal: TradingCalendar): number {
  return cal.alwaysOpen ? 0 : cal.hours.open
}

function monthStartDayNumber(n: number): number {
  const date = new Date(n * DAY_MS)
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / DAY_MS
}

/** The start of the bucket of `period` that holds instant `t`. */
export function periodStart(t: number, period: Period, anchorMinute: number): number {
  const n = indiaDayNumber(t)
  const minutes = MINUTES_OF[period]
  if (minutes !== undefined) {
    const dayStart = dayNumberStart(n)
    const minute = Math.floor((t - dayStart) / MINUTE_MS)
    return dayStart + (anchorMinute + Math.floor((minute - anchorMinute) / minutes) * minutes) * MINUTE_MS
  }
  if (period === 'day') return dayNumberStart(n)
  if (period === 'week') return dayNumberStart(n - ((weekdayOfDayNumber(n) + 6) % 7))
  return dayNumberStart(monthStartDayNumber(n))
}

/**
 * Bars (oldest first) into candles of `period`: open of the first bar, close of the last, the
 * extremes, summed volume and turnover.
 */
export function aggregate(bars: readonly Bar[], period: Period, anchorMinute: number): Candle[] {
  const out: Candle[] = []
  let current: { t: number; open: number; high: number; low: number; close: number; volume: number; amount: number } | null = null
  let previousT = -Infinity
  // Day, week and month keys change only with the day, so they are worked out once per day.
  let cachedDay = Number.NaN
  let cachedStart = 0
  const daily = MINUTES_OF[period] === undefined
  for (const bar of bars) {
    if (bar.t < previousT) throw new Error('bars must be in time order')
    previousT = bar.t
    let start: number
    if (daily) {
      const n = indiaDayNumber(bar.t)
      if (n !== cachedDay) {
        cachedDay = n
        cachedStart = periodStart(bar.t, period, anchorMinute)
      }
      start = cachedStart
    } else {
      start = periodStart(bar.t, period, anchorMinute)
    }
    if (current === null || current.t !== start) {
      if (current !== null) out.push(current)
      current = { t: start, open: bar.open, high: bar.high, low: bar.low, close: bar.close, volume: bar.volume, amount: bar.amount }
    } else {
      if (bar.high > current.high) current.high = bar.high
      if (bar.low < current.low) current.low = bar.low
      current.close = bar.close
      current.volume += bar.volume
      current.amount += bar.amount
    }
  }
  if (current !== null) out.push(current)
  return out
}

/**
 * India midnight of the first day a range covers: the same calendar day one week, or 1, 3, 6 or
 * 12 months, before the day of `now` (the 31st falls back to the month's last day).
 */
export function rangeStart(now: number, range: Range): number {
  const today = indiaDayNumber(now)
  if (range === '1w') return dayNumberStart(today - 7)
  const date = new Date(today * DAY_MS)
  const year = date.getUTCFullYear()
  const month = date.getUTCMonth() - MONTHS_OF[range]
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return dayNumberStart(Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay)) / DAY_MS)
}

/** Backward multiplies by the later factors; forward divides by the earlier ones. */
function scalePrice(price: number, factor: number, backward: boolean): number {
  return Math.max(1, Math.round(backward ? price * factor : price / factor))
}

/** Bars with prices and volumes adjusted over corporate actions (see the module comment). */
export function adjustBars(bars: readonly Bar[], adjustments: readonly PriceAdjustment[], mode: Adjustment): readonly Bar[] {
  if (mode === 'none' || adjustments.length === 0) return bars
  const sorted = [...adjustments].sort((a, b) => a.exStart - b.exStart)
  const k = sorted.length
  // price[j] and volume[j]: products of the factors of actions j.. (backward) or ..j-1 (forward).
  const price = new Float64Array(k + 1)
  const volume = new Float64Array(k + 1)
  if (mode === 'backward') {
    price[k] = 1
    volume[k] = 1
    for (let j = k - 1; j >= 0; j--) {
      const a = sorted[j]
      price[j] = (price[j + 1] ?? 1) * (a?.priceFactor ?? 1)
      volume[j] = (volume[j + 1] ?? 1) * (a?.volumeFactor ?? 1)
    }
  } else {
    price[0] = 1
    volume[0] = 1
    for (let j = 1; j <= k; j++) {
      const a = sorted[j - 1]
      price[j] = (price[j - 1] ?? 1) * (a?.priceFactor ?? 1)
      volume[j] = (volume[j - 1] ?? 1) * (a?.volumeFactor ?? 1)
    }
  }
  const out: Bar[] = new Array<Bar>(bars.length)
  // passed = how many actions have their ex-day at or before the bar.
  let passed = 0
  for (let i = 0; i < bars.length; i++) {
    const bar = bars[i] as Bar
    while (passed < k && (sorted[passed]?.exStart ?? Infinity) <= bar.t) passed++
    const p = price[passed] ?? 1
    const v = volume[passed] ?? 1
    if (p === 1 && v === 1) {
      out[i] = bar
      continue
    }
    const backward = mode === 'backward'
    out[i] = {
      t: bar.t,
      open: scalePrice(bar.open, p, backward),
      high: scalePrice(bar.high, p, backward),
      low: scalePrice(bar.low, p, backward),
      close: scalePrice(bar.close, p, backward),
      volume: Math.round(backward ? bar.volume * v : bar.volume / v),
      amount: bar.amount,
    }
  }
  return out
}

export type CandleOptions = {
  period: Period
  /** Minute of India day that minute candles count from: anchorMinuteOf(calendar). */
  anchorMinute: number
  adjust?: Adjustment
  /** Every adjustment of the instrument, also those outside the range: they shift the bars in it. */
  adjustments?: readonly PriceAdjustment[]
  /** Without a range, every bar given. */
  range?: Range
  /** The end of the range; required with `range`. */
  now?: number
}

/**
 * The candles a chart asks for: bars within the range (widened back to the start of its first
 * week or month, so that candle is whole), adjusted, then aggregated.
 */
export function candles(bars: readonly Bar[], options: CandleOptions): Candle[] {
  let selected = bars
  if (options.range !== undefined) {
    if (options.now === undefined) throw new Error('a range needs `now`')
    const now = options.now
    const from = periodStart(rangeStart(now, options.range), options.period, options.anchorMinute)
    selected = bars.filter((bar) => bar.t >= from && bar.t <= now)
  }
  const adjusted = adjustBars(selected, options.adjustments ?? [], options.adjust ?? 'none')
  return aggregate(adjusted, options.period, options.anchorMinute)
}
