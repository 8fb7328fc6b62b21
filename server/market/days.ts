/**
 * The stored days of the exchange in memory: one row per instrument and India day (the database's
 * market_days), the calendars that made them, and the regeneration of a day's minute bars from its
 * row (simulateDay for a simulated instrument, indexDay over the constituents for an index).
 */
import { type MarketCalendarName, type MarketDaysTable } from '../db/types'
import {
  type SessionHours,
  type TradingCalendar,
  MINUTE_MS,
  MINUTES_PER_DAY,
  NSE_CURRENCY_HOURS,
  NSE_EQUITY_HOURS,
  currencyCalendar,
  cryptoCalendar,
  dayKeyNumber,
  dayNumberStart,
  nseCalendar,
} from './calendar'
import { indexDay, indexDivisor } from './indices'
import { type Instrument, type MarketIndex, type SimulatedInstrument, type Stock, INDICES, stockBySymbol } from './instruments'
import { type Bar, type CorporateAction, type PriceAdjustment, corporateActions, sharesOutstandingOn, simulateDay } from './simulation'

export type DayRow = {
  /** India day number (calendar.indiaDayNumber). */
  readonly n: number
  readonly day: string
  readonly calendar: MarketCalendarName
  readonly startClose: number
  readonly prevClose: number
  readonly open: number
  readonly high: number
  readonly low: number
  readonly close: number
  readonly volume: number
  readonly amount: number
  readonly adjustments: readonly PriceAdjustment[]
}

const WHOLE_DAY: SessionHours = { open: 0, close: MINUTES_PER_DAY }

/** Session hours per stored calendar name: a stored day keeps its minutes whatever config says later. */
export const CALENDAR_HOURS: Record<MarketCalendarName, SessionHours> = {
  nse: NSE_EQUITY_HOURS,
  currency: NSE_CURRENCY_HOURS,
  crypto: WHOLE_DAY,
  always: WHOLE_DAY,
}

export type CalendarSet = Record<MarketCalendarName, TradingCalendar>

export function calendarSet(config: { marketHolidays: readonly string[]; marketSpecialSessions: readonly string[] }): CalendarSet {
  const real = { holidays: config.marketHolidays, specialSessions: config.marketSpecialSessions }
  return { nse: nseCalendar(real), currency: currencyCalendar(real), crypto: cryptoCalendar(), always: nseCalendar({ alwaysOpen: true }) }
}

/**
 * The calendar a day is made on: the real ones before the first start (the backfill), the
 * profile's from then on (demo: around the clock). Digital currencies never close.
 */
export function calendarNameFor(kind: Instrument['kind'], n: number, firstDay: number, alwaysOpen: boolean): MarketCalendarName {
  if (kind === 'crypto') return 'crypto'
  if (n >= firstDay && alwaysOpen) return 'always'
  return kind === 'forex' ? 'currency' : 'nse'
}

/** The start instants of a stored day's minutes. */
export function minutesOf(calendar: MarketCalendarName, n: number): number[] {
  const hours = CALENDAR_HOURS[calendar]
  const start = dayNumberStart(n)
  const out = new Array<number>(hours.close - hours.open)
  for (let m = hours.open; m < hours.close; m++) out[m - hours.open] = start + m * MINUTE_MS
  return out
}

/** Minute candles count from the session's open: 09:15 on NSE, midnight around the clock. */
export function anchorOf(calendar: MarketCalendarName): number {
  return CALENDAR_HOURS[calendar].open
}

export function rowFromTable(row: MarketDaysTable): DayRow {
  return {
    n: dayKeyNumber(row.day),
    day: row.day,
    calendar: row.calendar,
    startClose: row.start_close,
    prevClose: row.prev_close,
    open: row.open,
    high: row.high,
    low: row.low,
    close: row.close,
    volume: row.volume,
    amount: row.amount,
    adjustments: JSON.parse(row.adjustments) as PriceAdjustment[],
  }
}

export function rowToTable(symbol: string, row: DayRow): MarketDaysTable {
  return {
    symbol,
    day: row.day,
    calendar: row.calendar,
    start_close: row.startClose,
    prev_close: row.prevClose,
    open: row.open,
    high: row.high,
    low: row.low,
    close: row.close,
    volume: row.volume,
    amount: row.amount,
    adjustments: JSON.stringify(row.adjustments),
  }
}

/** A day row from its bars; null when the day had no trading minute. */
export function rowFromBars(n: number, day: string, calendar: MarketCalendarName, startClose: number, prevClose: number, bars: readonly Bar[], adjustments: readonly PriceAdjustment[]): DayRow | null {
  const first = bars[0]
  const last = bars[bars.length - 1]
  if (first === undefined || last === undefined) return null
  let high = first.high
  let low = first.low
  let volume = 0
  let amount = 0
  for (const bar of bars) {
    if (bar.high > high) high = bar.high
    if (bar.low < low) low = bar.low
    volume += bar.volume
    amount += bar.amount
  }
  return { n, day, calendar, startClose, prevClose, open: first.open, high, low, close: last.close, volume, amount, adjustments }
}

/** Least recently used day bars, bounded by the number of bars held. */
class BarCache {
  readonly #map = new Map<string, readonly Bar[]>()
  #bars = 0
  constructor(readonly capacity: number) {}

  get(key: string): readonly Bar[] | undefined {
    const found = this.#map.get(key)
    if (found !== undefined) {
      this.#map.delete(key)
      this.#map.set(key, found)
    }
    return found
  }

  set(key: string, bars: readonly Bar[]): void {
    if (this.#map.has(key)) return
    this.#map.set(key, bars)
    this.#bars += bars.length
    for (const [oldest, value] of this.#map) {
      if (this.#bars <= this.capacity) break
      this.#map.delete(oldest)
      this.#bars -= value.length
    }
  }

  clear(): void {
    this.#map.clear()
    this.#bars = 0
  }
}

/**
 * Every stored day in memory, by symbol and oldest first (a year of the whole universe is about
 * 25,000 small rows), with the simulation seed that regenerates their bars.
 */
export class DayStore {
  readonly #rows = new Map<string, DayRow[]>()
  readonly #adjustments = new Map<string, PriceAdjustment[]>()
  readonly #actions = new Map<string, CorporateAction[]>()
  readonly #divisors = new Map<string, number>()
  /** 600,000 bars: a year of 1-minute bars around the clock, about 45 MB. */
  readonly #bars = new BarCache(600_000)

  constructor(
    readonly seed: number,
    readonly calendars: CalendarSet,
    /** The order rules' price band (TradingRules.priceBandPct), which the simulated prices stay inside. */
    readonly bandPct?: number,
  ) {}

  rows(symbol: string): readonly DayRow[] {
    return this.#rows.get(symbol) ?? []
  }

  last(symbol: string): DayRow | undefined {
    const rows = this.#rows.get(symbol)
    return rows?.[rows.length - 1]
  }

  /** Adds rows (any order); a day already held is kept, as another writer's copy is the same. */
  add(symbol: string, rows: readonly DayRow[]): void {
    let list = this.#rows.get(symbol)
    if (list === undefined) {
      list = []
      this.#rows.set(symbol, list)
    }
    const last = list[list.length - 1]
    const inOrder = rows.every((row, i) => row.n > (i === 0 ? (last?.n ?? -Infinity) : (rows[i - 1]?.n ?? Infinity)))
    if (inOrder) {
      // The common case (the next day): append, without rebuilding the symbol's lists.
      for (const row of rows) list.push(row)
      const adjustments = this.#adjustments.get(symbol) ?? []
      for (const row of rows) adjustments.push(...row.adjustments)
      this.#adjustments.set(symbol, adjustments)
      return
    }
    const byDay = new Map(list.map((row) => [row.n, row]))
    for (const row of rows) if (!byDay.has(row.n)) byDay.set(row.n, row)
    list.splice(0, list.length, ...[...byDay.values()].sort((a, b) => a.n - b.n))
    this.#adjustments.set(symbol, list.flatMap((row) => row.adjustments))
  }

  /** Index of the last row on or before day n, or -1. */
  indexAtOrBefore(symbol: string, n: number): number {
    const rows = this.rows(symbol)
    let lo = 0
    let hi = rows.length - 1
    let found = -1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      if ((rows[mid]?.n ?? Infinity) <= n) {
        found = mid
        lo = mid + 1
      } else hi = mid - 1
    }
    return found
  }

  atOrBefore(symbol: string, n: number): DayRow | undefined {
    return this.rows(symbol)[this.indexAtOrBefore(symbol, n)]
  }

  at(symbol: string, n: number): DayRow | undefined {
    const row = this.atOrBefore(symbol, n)
    return row?.n === n ? row : undefined
  }

  /** Every corporate action that has happened to the symbol, as recorded on its days. */
  adjustments(symbol: string): readonly PriceAdjustment[] {
    return this.#adjustments.get(symbol) ?? []
  }

  /** The planned actions of a stock in a year; ex-days fall on NSE trading days. */
  actions(stock: Stock, year: number): readonly CorporateAction[] {
    const key = `${stock.symbol}:${year}`
    let found = this.#actions.get(key)
    if (found === undefined) {
      found = corporateActions(stock, year, this.seed, this.calendars.nse)
      this.#actions.set(key, found)
    }
    return found
  }

  divisor(index: MarketIndex): number {
    let found = this.#divisors.get(index.symbol)
    if (found === undefined) {
      found = indexDivisor(index)
      this.#divisors.set(index.symbol, found)
    }
    return found
  }

  shares(stock: Stock, day: string): number {
    return sharesOutstandingOn(stock, day, this.adjustments(stock.symbol))
  }

  /** One simulated day from the close before it (its corporate actions apply at the open). */
  simulate(instrument: SimulatedInstrument, n: number, day: string, calendar: MarketCalendarName, previousClose: number) {
    const actions = instrument.kind === 'stock' ? this.actions(instrument, Number(day.slice(0, 4))) : []
    return simulateDay({ instrument, day, minutes: minutesOf(calendar, n), previousClose, seed: this.seed, actions, bandPct: this.bandPct })
  }

  /**
   * The minute bars of a stored day, regenerated (and kept in the cache unless `cache` is false,
   * as when an index reads its fifty members for a year of candles).
   */
  bars(instrument: Instrument, row: DayRow, cache = true): readonly Bar[] {
    const key = `${instrument.symbol}|${row.day}`
    const cached = this.#bars.get(key)
    if (cached !== undefined) return cached
    let bars: readonly Bar[]
    if (instrument.kind === 'index') {
      const members = new Map<string, { prevClose: number; bars: readonly Bar[]; shares: number }>()
      for (const symbol of instrument.constituents) {
        const stock = stockBySymbol(symbol)
        const memberRow = this.at(symbol, row.n)
        if (memberRow === undefined) throw new Error(`${symbol} has no day ${row.day} for ${instrument.symbol}`)
        members.set(symbol, { prevClose: memberRow.prevClose, bars: this.bars(stock, memberRow, false), shares: this.shares(stock, row.day) })
      }
      bars = indexDay(instrument, members, this.divisor(instrument)).bars
    } else {
      bars = this.simulate(instrument, row.n, row.day, row.calendar, row.startClose).bars
    }
    if (cache) this.#bars.set(key, bars)
    return bars
  }

  clear(): void {
    this.#rows.clear()
    this.#adjustments.clear()
    this.#bars.clear()
  }
}

export const INDEX_LIST: readonly MarketIndex[] = INDICES
