/**
 * The quote entity every list and detail screen shows (issue 3: name, code, current price,
 * rise/fall rate, previous close, open, high, low, volume, amount, market value, industry, 52-week
 * high and low, foreign ratio), derived from the feed's bars. Rates are whole basis points and
 * money whole paise, so the client formats and never computes.
 */
import { DAY_MS, dayNumberStart, indiaDayNumber } from './calendar'
import { type Instrument, type InstrumentKind, type Sector, type Stock } from './instruments'
import { rngFor } from './random'
import { type Bar } from './simulation'

export type Quote = {
  readonly symbol: string
  readonly name: string
  readonly kind: InstrumentKind
  /** Price units per rupee (100: paise). */
  readonly priceScale: number
  /** The instant the quote describes. */
  readonly time: number
  readonly price: number
  readonly prevClose: number
  readonly open: number
  readonly high: number
  readonly low: number
  /** price - prevClose, in price units. */
  readonly change: number
  /** change / prevClose in basis points (1.23% = 123), rounded half away from zero. */
  readonly changeRateBp: number
  readonly volume: number
  /** Turnover in paise. */
  readonly amount: number
  readonly high52w: number
  readonly low52w: number
}

export type StockQuote = Quote & {
  readonly kind: 'stock'
  readonly sector: Sector
  readonly industry: string
  readonly sharesOutstanding: number
  /** price x shares outstanding, in paise. */
  readonly marketValue: number
  /** Share of the company's shares held by foreign investors, in bp. Simulated: see foreignRatioBp. */
  readonly foreignRatioBp: number
}

export type QuoteInput = {
  /** The latest session's bars as of `now` (simulation.barsAsOf); empty before its first trade. */
  session: readonly Bar[]
  /** The base of the session's change (SimulatedDay.prevClose). */
  prevClose: number
  /**
   * Day candles of earlier sessions, oldest first, for the 52-week range. Pass them adjusted
   * backward, or a split would show as a 52-week low.
   */
  history: readonly Bar[]
  now: number
}

/** The rise or fall from `prevClose` to `price` in whole basis points. */
export function changeRateBp(price: number, prevClose: number): number {
  if (!(prevClose > 0)) return 0
  const rate = ((price - prevClose) * 10_000) / prevClose
  return Math.sign(rate) * Math.round(Math.abs(rate))
}

/** The 52-week window: the 364 India days before today, and today. */
export function fiftyTwoWeekStart(now: number): number {
  return dayNumberStart(indiaDayNumber(now) - 364)
}

/** Highest high and lowest low over the 52 weeks to `now`, today's session included. */
export function fiftyTwoWeekRange(history: readonly Bar[], session: readonly Bar[], now: number, fallback: number): { high: number; low: number } {
  const from = fiftyTwoWeekStart(now)
  let high = -Infinity
  let low = Infinity
  for (const bars of [history, session]) {
    for (const bar of bars) {
      if (bar.t < from || bar.t > now) continue
      if (bar.high > high) high = bar.high
      if (bar.low < low) low = bar.low
    }
  }
  return Number.isFinite(high) ? { high, low } : { high: fallback, low: fallback }
}

/** A session's figures so far: first open, highest high, lowest low, last close, summed volume and amount. */
export type SessionFigures = { open: number; high: number; low: number; close: number; volume: number; amount: number }

/**
 * The quote from a session's figures (null before its first trade, when every price rests at the
 * previous close with no volume, as an exchange's pre-open screen shows it) and the 52-week range
 * (null when there is none yet: the price is both ends). The one place a Quote is put together.
 */
export function composeQuote(
  instrument: Instrument,
  session: SessionFigures | null,
  prevClose: number,
  year: { high: number; low: number } | null,
  now: number,
): Quote {
  const price = session?.close ?? prevClose
  return {
    symbol: instrument.symbol,
    name: instrument.name,
    kind: instrument.kind,
    priceScale: instrument.priceScale,
    time: now,
    price,
    prevClose,
    open: session?.open ?? prevClose,
    high: session?.high ?? prevClose,
    low: session?.low ?? prevClose,
    change: price - prevClose,
    changeRateBp: changeRateBp(price, prevClose),
    volume: session?.volume ?? 0,
    amount: session?.amount ?? 0,
    high52w: year?.high ?? price,
    low52w: year?.low ?? price,
  }
}

/** A stock's quote: the base quote with its company fields; market value = price x shares. */
export function withCompany(stock: Stock, base: Quote, shares: number, foreignBp: number): StockQuote {
  const marketValue = base.price * shares
  if (!Number.isSafeInteger(marketValue)) throw new Error(`market value of ${stock.symbol} is not an exact integer: ${marketValue}`)
  return { ...base, kind: 'stock', sector: stock.sector, industry: stock.industry, sharesOutstanding: shares, marketValue, foreignRatioBp: foreignBp }
}

/** The figures of a session's bars; null before its first trade. */
export function sessionFigures(session: readonly Bar[]): SessionFigures | null {
  const first = session[0]
  const last = session[session.length - 1]
  if (!first || !last) return null
  const figures = { open: first.open, high: first.high, low: first.low, close: last.close, volume: 0, amount: 0 }
  for (const bar of session) {
    if (bar.high > figures.high) figures.high = bar.high
    if (bar.low < figures.low) figures.low = bar.low
    figures.volume += bar.volume
    figures.amount += bar.amount
  }
  return figures
}

/** Any instrument's quote, straight from its bars: the reference the live view (live.ts) keeps to. */
export function quote(instrument: Instrument, input: QuoteInput): Quote {
  const figures = sessionFigures(input.session)
  const year = fiftyTwoWeekRange(input.history, input.session, input.now, figures?.close ?? input.prevClose)
  return composeQuote(instrument, figures, input.prevClose, year, input.now)
}

/**
 * The foreign (FPI) holding of a stock, in bp of its shares: SIMULATED, not the real filing.
 * Companies disclose holdings quarterly, so the figure is fixed per (seed, stock, India quarter):
 * a level per stock between 25% and 70% of its free float, moving up to ±2.5% of the free float
 * from quarter to quarter. It can never exceed the free float, as foreign holders are public ones.
 */
export function foreignRatioBp(stock: Stock, seed: number, now: number): number {
  const date = new Date(indiaDayNumber(now) * DAY_MS)
  const quarter = `${date.getUTCFullYear()}Q${Math.floor(date.getUTCMonth() / 3) + 1}`
  const level = 0.25 + 0.45 * rngFor(seed, 'foreign', stock.symbol).uniform()
  const drift = 0.05 * (rngFor(seed, 'foreign', stock.symbol, quarter).uniform() - 0.5)
  const share = Math.min(1, Math.max(0, level + drift))
  return Math.round(stock.freeFloatBp * share)
}

/** A stock's quote with its company fields; `shares` from simulation.sharesOutstandingOn. */
export function stockQuote(stock: Stock, input: QuoteInput, shares: number, seed: number): StockQuote {
  return withCompany(stock, quote(stock, input), shares, foreignRatioBp(stock, seed, input.now))
}
