/**
 * The live view of one instrument's latest session: its minute bars regenerated once, with running
 * highs, lows, volumes and turnovers per minute, so a quote at any instant costs a few array reads
 * (the stream asks for ~80 quotes a second per client, the engine for every open order).
 */
import { MINUTE_MS, dayNumberStart, indiaDayNumber } from './calendar'
import { type DayRow, type DayStore } from './days'
import { type Instrument, type Stock } from './instruments'
import { type Quote, type StockQuote, composeQuote, foreignRatioBp, type SessionFigures, withCompany } from './quotes'
import { type Bar, barAt } from './simulation'

export type LiveDay = {
  /** The India day the view is for (the session may be an earlier one: a weekend shows Friday). */
  readonly n: number
  readonly row: DayRow
  readonly bars: readonly Bar[]
  /** Running extremes and sums through minute i. */
  readonly high: Float64Array
  readonly low: Float64Array
  readonly volume: Float64Array
  readonly amount: Float64Array
  /** The 52 weeks before the session, on today's basis (adjusted backward); null without history. */
  readonly year: { high: number; low: number } | null
  readonly shares: number | null
  /** Holdings are disclosed quarterly: fixed for the day, so worked out once. */
  foreign: { n: number; bp: number } | null
}

/** The 52-week window holds the 364 India days before today, and today (quotes.fiftyTwoWeekStart). */
const WINDOW_DAYS = 364

export function buildLiveDay(store: DayStore, instrument: Instrument, n: number): LiveDay | undefined {
  const index = store.indexAtOrBefore(instrument.symbol, n)
  const rows = store.rows(instrument.symbol)
  const row = rows[index]
  if (row === undefined) return undefined
  const bars = store.bars(instrument, row)
  const count = bars.length
  const high = new Float64Array(count)
  const low = new Float64Array(count)
  const volume = new Float64Array(count)
  const amount = new Float64Array(count)
  for (let i = 0; i < count; i++) {
    const bar = bars[i] as Bar
    high[i] = i === 0 ? bar.high : Math.max(high[i - 1] ?? bar.high, bar.high)
    low[i] = i === 0 ? bar.low : Math.min(low[i - 1] ?? bar.low, bar.low)
    volume[i] = (i === 0 ? 0 : (volume[i - 1] ?? 0)) + bar.volume
    amount[i] = (i === 0 ? 0 : (amount[i - 1] ?? 0)) + bar.amount
  }
  // Earlier sessions in the window, newest first, each scaled by the actions after it.
  let factor = 1
  for (const a of row.adjustments) factor *= a.priceFactor
  let yearHigh = -Infinity
  let yearLow = Infinity
  for (let i = index - 1; i >= 0; i--) {
    const earlier = rows[i] as DayRow
    if (earlier.n < n - WINDOW_DAYS) break
    const h = factor === 1 ? earlier.high : Math.max(1, Math.round(earlier.high * factor))
    const l = factor === 1 ? earlier.low : Math.max(1, Math.round(earlier.low * factor))
    if (h > yearHigh) yearHigh = h
    if (l < yearLow) yearLow = l
    for (const a of earlier.adjustments) factor *= a.priceFactor
  }
  const year = Number.isFinite(yearHigh) ? { high: yearHigh, low: yearLow } : null
  const shares = instrument.kind === 'stock' ? store.shares(instrument, row.day) : null
  return { n, row, bars, high, low, volume, amount, year, shares, foreign: null }
}

/** The session as traded by `now`: running figures and the price, or null before its first trade. */
export function sessionAsOf(live: LiveDay, now: number, tick: number): SessionFigures | null {
  const first = live.bars[0]
  if (first === undefined || now < first.t || now < dayNumberStart(live.row.n)) return null
  const index = Math.floor((now - first.t) / MINUTE_MS)
  const last = live.bars.length - 1
  if (index > last) {
    return { open: first.open, high: live.high[last] ?? 0, low: live.low[last] ?? 0, close: live.bars[last]?.close ?? 0, volume: live.volume[last] ?? 0, amount: live.amount[last] ?? 0 }
  }
  const current = barAt(live.bars[index] as Bar, now - first.t - index * MINUTE_MS, tick)
  if (index === 0) return { open: first.open, high: current.high, low: current.low, close: current.close, volume: current.volume, amount: current.amount }
  return {
    open: first.open,
    high: Math.max(live.high[index - 1] ?? current.high, current.high),
    low: Math.min(live.low[index - 1] ?? current.low, current.low),
    close: current.close,
    volume: (live.volume[index - 1] ?? 0) + current.volume,
    amount: (live.amount[index - 1] ?? 0) + current.amount,
  }
}

function foreignOf(live: LiveDay, stock: Stock, seed: number, now: number): number {
  const n = indiaDayNumber(now)
  if (live.foreign?.n !== n) live.foreign = { n, bp: foreignRatioBp(stock, seed, now) }
  return live.foreign.bp
}

/** The quote entity (quotes.ts) from the live view; the same figures quotes.quote gives. */
export function liveQuote(instrument: Instrument, live: LiveDay, now: number, seed: number): Quote | StockQuote {
  const session = sessionAsOf(live, now, instrument.tickSize)
  const high = Math.max(live.year?.high ?? -Infinity, session?.high ?? -Infinity)
  const low = Math.min(live.year?.low ?? Infinity, session?.low ?? Infinity)
  const base = composeQuote(instrument, session, live.row.prevClose, Number.isFinite(high) ? { high, low } : null, now)
  if (instrument.kind !== 'stock' || live.shares === null) return base
  return withCompany(instrument, base, live.shares, foreignOf(live, instrument, seed, now))
}
