/**
 * The simulated exchange feed: a seeded random walk that turns an instrument, an India day and the
 * previous close into that day's 1-minute bars, plus the simulated corporate actions (splits and
 * dividends) of each stock. Pure and deterministic: the same (seed, instrument, day, previous
 * close, minutes) give the same bars on every machine, because every number comes from
 * server/market/random.ts and every step is an IEEE-754 operation (+ - * / sqrt, round) whose
 * result the standard fixes. The live stream and a backfilled history therefore agree bar for bar.
 *
 * The model, per instrument and day:
 * - close-to-close returns have the instrument's daily volatility; a share of their variance
 *   (`factorShareBp`) is a common factor per kind (the market, the rupee, the coin market), so
 *   NIFTY moves less than its members but they move together, as real ones do;
 * - a day's volatility varies around the target (quiet and busy days), and the factor decides it;
 * - sessions with a break open with a small overnight gap (15% of the day's variance);
 * - variance and volume both follow a U-shaped intraday curve, heavy at the open and close;
 * - each minute is a multiplicative step on an unrounded price; bars show it rounded to the tick,
 *   so rounding never accumulates into drift; prices never fall below one tick;
 * - with a price band (the order rules' percentage around the previous close), the price is held
 *   at its edge, as an exchange's circuit holds it: a quote the feed shows can always be ordered.
 */
import {
  type TradingCalendar,
  MINUTE_MS,
  MINUTES_PER_DAY,
  indiaDayStart,
  tradingDaysBetween,
  tradingMinutesOfDay,
} from './calendar'
import { priceBand } from '../trade/rules'
import { type SimulatedInstrument, type Stock } from './instruments'
import { type Rng, rngFor } from './random'

/** One minute of trading. Prices in the instrument's price units, volume in its volume units. */
export type Bar = {
  /** The minute's start, epoch ms. */
  readonly t: number
  readonly open: number
  readonly high: number
  readonly low: number
  readonly close: number
  readonly volume: number
  /** Turnover in paise. */
  readonly amount: number
}

/** A planned corporate action; its rupee effect is fixed on the ex-day from the previous close. */
export type CorporateAction =
  /** Each share becomes `ratio` shares (a 1:2 split has ratio 2; a bonus issue is the same to prices). */
  | { readonly kind: 'split'; readonly symbol: string; readonly exDay: string; readonly ratio: number }
  /** A dividend of `yieldBp` of the previous close, in whole ticks, paid per share. */
  | { readonly kind: 'dividend'; readonly symbol: string; readonly exDay: string; readonly yieldBp: number }

/**
 * An action as it happened: what the candle adjuster needs. Backward adjustment multiplies prices
 * before `exStart` by `priceFactor` and volumes by `volumeFactor`.
 */
export type PriceAdjustment = {
  readonly symbol: string
  readonly kind: 'split' | 'dividend'
  readonly exDay: string
  /** India midnight of the ex-day. */
  readonly exStart: number
  /** The last close before the ex-day, unadjusted. */
  readonly previousClose: number
  /** Shares per old share: the split ratio, 1 for a dividend. */
  readonly ratio: number
  /** Dividend per share in price units (after any split that day), 0 for a split. */
  readonly dividend: number
  /** 1 / ratio for a split; (previous close - dividend) / previous close for a dividend. */
  readonly priceFactor: number
  /** ratio for a split (more shares traded), 1 for a dividend. */
  readonly volumeFactor: number
}

export type SimulatedDay = {
  readonly symbol: string
  readonly day: string
  /** The base of today's change: yesterday's close, adjusted for a split today (not for a dividend). */
  readonly prevClose: number
  readonly bars: readonly Bar[]
  readonly adjustments: readonly PriceAdjustment[]
}

/** Variance of the close-to-close return that the overnight gap carries, when there is one. */
const GAP_VARIANCE_SHARE = 0.15
/** How far a minute's high and low reach past its open and close, in minute standard deviations. */
const WICK_REACH = 0.5

type IntradayCurve = {
  /** Each minute's share of the day's volume; sums to 1. */
  volume: Float64Array
  /** Square root of each minute's share of the day's variance (shares sum to 1). */
  sigma: Float64Array
}

const curveCache = new Map<string, IntradayCurve>()

/**
 * The U shape: busiest in the first minutes after the open, quiet at midday, busy again into the
 * close. x in (0, 1) is the position in the session. Powers are written as products because
 * `**` is not required to round the same on every engine.
 */
function uShape(x: number): number {
  const y = 1 - x
  const y2 = y * y
  const y4 = y2 * y2
  const x2 = x * x
  const x4 = x2 * x2
  const d = 2 * x - 1
  return 1 + 3 * (y4 * y4) + 1.5 * (x4 * x4) + 0.8 * d * d
}

/** Session markets trade in a U; coins trade around the clock with no open or close to crowd. */
function intradayCurve(minutes: number, shaped: boolean): IntradayCurve {
  const key = `${minutes}:${shaped ? 'u' : 'flat'}`
  const cached = curveCache.get(key)
  if (cached !== undefined) return cached
  const raw = new Float64Array(minutes)
  let total = 0
  for (let i = 0; i < minutes; i++) {
    raw[i] = shaped ? uShape((i + 0.5) / minutes) : 1
    total += raw[i] ?? 0
  }
  const mean = total / minutes
  const volume = new Float64Array(minutes)
  const sigma = new Float64Array(minutes)
  // Volatility follows volume only half way: midday still moves.
  for (let i = 0; i < minutes; i++) {
    const r = raw[i] ?? 0
    volume[i] = r / total
    sigma[i] = Math.sqrt((0.5 + (0.5 * r) / mean) / minutes)
  }
  const curve = { volume, sigma }
  curveCache.set(key, curve)
  return curve
}

/** The nearest price on the tick grid, never below one tick. */
export function roundToTick(price: number, tick: number): number {
  return Math.max(tick, Math.round(price / tick) * tick)
}

function floorToTick(price: number, tick: number): number {
  return Math.floor(price / tick) * tick
}

/** Turnover in paise of `volume` units at `price`, for any price and volume scale. */
export function turnover(price: number, volume: number, instrument: Pick<SimulatedInstrument, 'priceScale' | 'quantityScale'>): number {
  return Math.round((price * volume * 100) / (instrument.priceScale * instrument.quantityScale))
}

/** Each kind moves with its own common factor; the name keys the factor's random stream. */
const FACTOR_GROUP: Record<SimulatedInstrument['kind'], string> = { stock: 'NSE', forex: 'INR', crypto: 'COINS' }

export type SimulateDayInput = {
  instrument: SimulatedInstrument
  /** India day `YYYY-MM-DD`. */
  day: string
  /** Start instants of the day's trading minutes, from calendar.tradingMinutesOfDay. */
  minutes: readonly number[]
  /** The last close before this day, unadjusted, in price units. */
  previousClose: number
  seed: number
  /** Actions of this instrument; those whose ex-day is `day` take effect at the open. */
  actions?: readonly CorporateAction[]
  /** The order rules' price band, +/- this percentage of the previous close; none when absent. */
  bandPct?: number
}

/** The band's edges on the tick grid, inside it; null when no band or no tick fits in it. */
function bandLimits(prevClose: number, tick: number, bandPct: number | undefined): { lo: number; hi: number } | null {
  if (bandPct === undefined) return null
  const band = priceBand(prevClose, { priceBandPct: bandPct })
  const lo = Math.max(tick, Math.ceil(band.min / tick) * tick)
  const hi = Math.floor(band.max / tick) * tick
  return lo <= hi ? { lo, hi } : null
}

/** Applies the day's corporate actions to the previous close, recording each as an adjustment. */
function applyActions(input: SimulateDayInput): { prevClose: number; start: number; adjustments: PriceAdjustment[] } {
  const { instrument, day } = input
  const tick = instrument.tickSize
  const exStart = indiaDayStart(day)
  const today = (input.actions ?? []).filter((a) => a.symbol === instrument.symbol && a.exDay === day)
  // A split first, so a dividend declared for the same day is per new share.
  today.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'split' ? -1 : 1))
  let prevClose = input.previousClose
  let start = input.previousClose
  const adjustments: PriceAdjustment[] = []
  for (const action of today) {
    if (action.kind === 'split') {
      if (!Number.isSafeInteger(action.ratio) || action.ratio < 2) throw new Error(`a split ratio is a whole number >= 2, got ${action.ratio}`)
      const before = start
      start = roundToTick(start / action.ratio, tick)
      prevClose = start
      adjustments.push({ symbol: action.symbol, kind: 'split', exDay: day, exStart, previousClose: before, ratio: action.ratio, dividend: 0, priceFactor: 1 / action.ratio, volumeFactor: action.ratio })
    } else {
      // A dividend cannot take more than half the price: the simulated yields are a few percent.
      const dividend = Math.min(floorToTick((start * action.yieldBp) / 10_000, tick), floorToTick(start / 2, tick))
      if (dividend <= 0) continue
      const before = start
      start = before - dividend
      adjustments.push({ symbol: action.symbol, kind: 'dividend', exDay: day, exStart, previousClose: before, ratio: 1, dividend, priceFactor: (before - dividend) / before, volumeFactor: 1 })
    }
  }
  return { prevClose, start, adjustments }
}

/** One day of 1-minute bars for a stock, currency pair or coin. */
export function simulateDay(input: SimulateDayInput): SimulatedDay {
  const { instrument, day, minutes, seed } = input
  if (!(input.previousClose > 0) || !Number.isSafeInteger(input.previousClose)) {
    throw new Error(`previous close must be a positive whole number of price units, got ${input.previousClose}`)
  }
  const { prevClose, start, adjustments } = applyActions(input)
  const n = minutes.length
  if (n === 0) return { symbol: instrument.symbol, day, prevClose, bars: [], adjustments }

  const tick = instrument.tickSize
  const own = rngFor(seed, 'walk', instrument.symbol, day)
  // Every member of a group draws the factor in the same order, so they share its values.
  const factor = rngFor(seed, 'factor', FACTOR_GROUP[instrument.kind], day, n)
  const common = Math.sqrt(instrument.factorShareBp / 10_000)
  const specific = Math.sqrt(1 - instrument.factorShareBp / 10_000)
  const draw = (): number => common * factor.normal() + specific * own.normal()

  // E[dayScale^2] = 1, so the long-run volatility stays on target.
  const dayScale = Math.sqrt(0.5 + factor.uniform())
  const dailySigma = (instrument.dailyVolatilityBp / 10_000) * dayScale
  const hasGap = n < MINUTES_PER_DAY
  const gapSigma = hasGap ? dailySigma * Math.sqrt(GAP_VARIANCE_SHARE) : 0
  const sessionSigma = dailySigma * Math.sqrt(hasGap ? 1 - GAP_VARIANCE_SHARE : 1)
  const curve = intradayCurve(n, instrument.kind !== 'crypto')

  // Volume is value-driven: after a split (or a fall) more shares trade for the same rupees.
  const dayVolume = ((instrument.referenceDailyVolume * instrument.referencePrice) / start) * (0.6 + 0.8 * own.uniform()) * dayScale

  // Held inside the band; its edges are on the tick grid, so rounding keeps a price inside it.
  const limits = bandLimits(prevClose, tick, input.bandPct)
  const lo = limits?.lo ?? tick
  const hi = limits?.hi ?? Infinity
  const hold = (p: number): number => Math.min(hi, Math.max(lo, p))

  let price = hold(start * (1 + gapSigma * draw()))
  let open = roundToTick(price, tick)
  const bars: Bar[] = new Array<Bar>(n)
  for (let i = 0; i < n; i++) {
    const sigma = sessionSigma * (curve.sigma[i] ?? 0)
    const z = draw()
    price = hold(price * (1 + sigma * z))
    const close = roundToTick(price, tick)
    const reach = price * sigma * WICK_REACH
    const high = Math.min(hi, roundToTick(Math.max(open, close) + reach * Math.abs(own.normal()), tick))
    const low = Math.max(lo, Math.min(Math.min(open, close), roundToTick(Math.min(open, close) - reach * Math.abs(own.normal()), tick)))
    // Busy minutes are the ones that move: volume leans on |z| (mean of 0.76 + 0.3|z| is 1).
    const noise = Math.max(0.2, 1 + 0.25 * own.normal())
    const volume = Math.round(dayVolume * (curve.volume[i] ?? 0) * (0.76 + 0.3 * Math.abs(z)) * noise)
    const amount = turnover((open + high + low + close) / 4, volume, instrument)
    bars[i] = { t: minutes[i] ?? 0, open, high, low, close, volume, amount }
    open = close
  }
  return { symbol: instrument.symbol, day, prevClose, bars, adjustments }
}

export type SimulateDaysInput = {
  instrument: SimulatedInstrument
  /** First and last India day, both included. */
  from: string
  to: string
  cal: TradingCalendar
  seed: number
  /** The close before `from`; the instrument's reference price by default. */
  previousClose?: number
  /** The corporate actions to apply; for a stock, the simulated ones of the years covered by default. */
  actions?: readonly CorporateAction[]
  bandPct?: SimulateDayInput['bandPct']
}

/** Consecutive trading days, each continuing from the last close of the one before. */
export function* simulateDays(input: SimulateDaysInput): Generator<SimulatedDay, void, undefined> {
  const { instrument, cal, seed } = input
  const actions = input.actions ?? (instrument.kind === 'stock' ? corporateActionsBetween(instrument, input.from, input.to, seed, cal) : [])
  let previousClose = input.previousClose ?? instrument.referencePrice
  for (const day of tradingDaysBetween(input.from, input.to, cal)) {
    const result = simulateDay({ instrument, day, minutes: tradingMinutesOfDay(day, cal), previousClose, seed, actions, bandPct: input.bandPct })
    const last = result.bars[result.bars.length - 1]
    if (last !== undefined) previousClose = last.close
    yield result
  }
}

// ---- live: how far into a minute the feed has got ----

/**
 * The path a minute's price takes: open, then the extreme against the minute's direction, then
 * the other extreme, then close, at a third of the minute each. The live stream reveals a minute
 * along it and index bars sample it, so both agree with the finished bar.
 */
export function barPath(bar: Bar): readonly [number, number, number, number] {
  return bar.close >= bar.open ? [bar.open, bar.low, bar.high, bar.close] : [bar.open, bar.high, bar.low, bar.close]
}

/** The bar as traded `elapsedMs` into its minute: the live view of the current minute. */
export function barAt(bar: Bar, elapsedMs: number, tick: number): Bar {
  if (elapsedMs >= MINUTE_MS) return bar
  const f = Math.max(0, elapsedMs) / MINUTE_MS
  const path = barPath(bar)
  const leg = Math.min(2, Math.floor(f * 3))
  const from = path[leg] ?? bar.open
  const to = path[leg + 1] ?? bar.close
  const price = roundToTick(from + (to - from) * (f * 3 - leg), tick)
  let high = Math.max(bar.open, price)
  let low = Math.min(bar.open, price)
  for (let k = 1; k <= leg; k++) {
    high = Math.max(high, path[k] ?? high)
    low = Math.min(low, path[k] ?? low)
  }
  return { t: bar.t, open: bar.open, high, low, close: price, volume: Math.floor(bar.volume * f), amount: Math.floor(bar.amount * f) }
}

/** A day's bars as seen at `now`: the finished minutes, then the current one so far. */
export function barsAsOf(bars: readonly Bar[], now: number, tick: number): Bar[] {
  const seen: Bar[] = []
  for (const bar of bars) {
    if (bar.t > now) break
    seen.push(now >= bar.t + MINUTE_MS ? bar : barAt(bar, now - bar.t, tick))
  }
  return seen
}

// ---- corporate actions ----

function pick<T>(items: readonly T[], rng: Rng): T | undefined {
  return items[Math.floor(rng.uniform() * items.length)]
}

/**
 * A stock's simulated corporate actions in one calendar year, deterministic per (seed, symbol,
 * year): a final dividend every year (ex-day in June-August, 0.4-2% of the price), an interim one
 * in about a third of years (mid-October to mid-December, 0.2-1%), and now and then a split,
 * likelier for a high reference price (20% a year above ₹5,000, else 4%), 1:10 above ₹10,000,
 * 1:5 above ₹5,000, else 1:2. Ex-days are trading days of `cal`.
 */
export function corporateActions(stock: Stock, year: number, seed: number, cal: TradingCalendar): CorporateAction[] {
  const rng = rngFor(seed, 'actions', stock.symbol, year)
  const actions: CorporateAction[] = []
  const dividend = (from: string, to: string, minBp: number, spreadBp: number): void => {
    const exDay = pick(tradingDaysBetween(`${year}-${from}`, `${year}-${to}`, cal), rng)
    const yieldBp = minBp + Math.floor(rng.uniform() * spreadBp)
    if (exDay !== undefined) actions.push({ kind: 'dividend', symbol: stock.symbol, exDay, yieldBp })
  }
  dividend('06-01', '08-31', 40, 160)
  const interim = rng.uniform() < 0.35
  if (interim) dividend('10-15', '12-15', 20, 80)
  const rupees = stock.referencePrice / stock.priceScale
  const splitChance = rupees > 5_000 ? 0.2 : 0.04
  const splits = rng.uniform() < splitChance
  const splitDay = pick(
    tradingDaysBetween(`${year}-01-01`, `${year}-12-31`, cal).filter((d) => !actions.some((a) => a.exDay === d)),
    rng,
  )
  if (splits && splitDay !== undefined) {
    actions.push({ kind: 'split', symbol: stock.symbol, exDay: splitDay, ratio: rupees > 10_000 ? 10 : rupees > 5_000 ? 5 : 2 })
  }
  return actions.sort((a, b) => (a.exDay < b.exDay ? -1 : a.exDay > b.exDay ? 1 : 0))
}

/** The simulated actions with ex-days from `from` to `to`, both included. */
export function corporateActionsBetween(stock: Stock, from: string, to: string, seed: number, cal: TradingCalendar): CorporateAction[] {
  const first = Number(from.slice(0, 4))
  const last = Number(to.slice(0, 4))
  const actions: CorporateAction[] = []
  for (let year = first; year <= last; year++) {
    for (const action of corporateActions(stock, year, seed, cal)) if (action.exDay >= from && action.exDay <= to) actions.push(action)
  }
  return actions
}

/**
 * Shares outstanding on an India day: the reference count times every split up to and including
 * that day. `actions` are those since the simulation began, when the reference count held.
 */
export function sharesOutstandingOn(stock: Stock, day: string, actions: readonly (CorporateAction | PriceAdjustment)[]): number {
  let shares = stock.sharesOutstanding
  for (const action of actions) {
    if (action.kind === 'split' && action.symbol === stock.symbol && action.exDay <= day) shares *= action.ratio
  }
  return shares
}

