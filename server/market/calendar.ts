/**
 * When the simulated exchange trades, in India time (DESIGN.md section 4: NSE 09:15-15:30 IST on
 * weekdays; config can open it around the clock for the demo).
 *
 * India keeps UTC+5:30 all year (no daylight saving), so India days and minutes are plain
 * arithmetic on epoch milliseconds here rather than Intl calls: the candle code asks for the day
 * of every one of a year's 93,750 minute bars. A test holds this arithmetic to src/lib/dates.ts.
 */

import { INDIA_OFFSET_MS } from '../../src/lib/dates'

export const MINUTE_MS = 60_000
export const DAY_MS = 86_400_000
export const MINUTES_PER_DAY = 1440

/** Minutes after India midnight. */
export const NSE_EQUITY_HOURS = { open: 9 * 60 + 15, close: 15 * 60 + 30 } as const
/** NSE's currency derivatives segment, which is where INR pairs trade in India. */
export const NSE_CURRENCY_HOURS = { open: 9 * 60, close: 17 * 60 } as const
const WHOLE_DAY = { open: 0, close: MINUTES_PER_DAY } as const

/**
 * NSE trading holidays (weekdays only; weekends are closed anyway), from the exchange's yearly
 * circulars. A default for the server's config, which owns the list: extend it when NSE publishes
 * the next year (usually in December), and check it against the circular before production use.
 */
export const NSE_HOLIDAYS = [
  // 2025
  '2025-02-26', // Mahashivratri
  '2025-03-14', // Holi
  '2025-03-31', // Id-ul-Fitr
  '2025-04-10', // Mahavir Jayanti
  '2025-04-14', // Dr. Babasaheb Ambedkar Jayanti
  '2025-04-18', // Good Friday
  '2025-05-01', // Maharashtra Day
  '2025-08-15', // Independence Day
  '2025-08-27', // Ganesh Chaturthi
  '2025-10-02', // Mahatma Gandhi Jayanti / Dussehra
  '2025-10-21', // Diwali Laxmi Pujan (the evening muhurat session is not simulated)
  '2025-10-22', // Diwali Balipratipada
  '2025-11-05', // Prakash Gurpurb Sri Guru Nanak Dev
  '2025-12-25', // Christmas
  // 2026
  '2026-01-26', // Republic Day
  '2026-03-03', // Holi
  '2026-03-26', // Shri Ram Navami
  '2026-03-31', // Mahavir Jayanti
  '2026-04-03', // Good Friday
  '2026-04-14', // Dr. Babasaheb Ambedkar Jayanti
  '2026-05-01', // Maharashtra Day
  '2026-05-28', // Bakri Id
  '2026-06-26', // Muharram
  '2026-09-14', // Ganesh Chaturthi
  '2026-10-02', // Mahatma Gandhi Jayanti
  '2026-10-20', // Dussehra
  '2026-11-10', // Diwali Balipratipada
  '2026-11-24', // Prakash Gurpurb Sri Guru Nanak Dev
  '2026-12-25', // Christmas
] as const

/** Weekend days NSE opened for a full session (the Union Budget on a Saturday). */
export const NSE_SPECIAL_SESSIONS = ['2025-02-01'] as const

export type SessionHours = { readonly open: number; readonly close: number }

export type TradingCalendar = {
  readonly hours: SessionHours
  /** Monday to Friday only; false for markets that trade every day (digital currencies). */
  readonly weekdaysOnly: boolean
  /** India days `YYYY-MM-DD` with no session. */
  readonly holidays: ReadonlySet<string>
  /** Weekend India days that do have a session. */
  readonly specialSessions: ReadonlySet<string>
  /** The demo switch: every minute of every day is a trading minute. */
  readonly alwaysOpen: boolean
}

export type CalendarConfig = {
  holidays?: readonly string[]
  specialSessions?: readonly string[]
  alwaysOpen?: boolean
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/

function daySet(days: readonly string[]): ReadonlySet<string> {
  for (const day of days) dayKeyNumber(day)
  return new Set(days)
}

function calendar(hours: SessionHours, weekdaysOnly: boolean, config: CalendarConfig): TradingCalendar {
  return Object.freeze({
    hours,
    weekdaysOnly,
    holidays: daySet(config.holidays ?? []),
    specialSessions: daySet(config.specialSessions ?? []),
    alwaysOpen: config.alwaysOpen ?? false,
  })
}

/** NSE equities (stocks and the indices computed from them). */
export function nseCalendar(config: CalendarConfig = {}): TradingCalendar {
  return calendar(NSE_EQUITY_HOURS, true, config)
}

/** INR currency pairs: NSE's currency segment hours, the same holidays. */
export function currencyCalendar(config: CalendarConfig = {}): TradingCalendar {
  return calendar(NSE_CURRENCY_HOURS, true, config)
}

/** Digital currencies trade around the clock on every day; holidays do not apply. */
export function cryptoCalendar(): TradingCalendar {
  return calendar(WHOLE_DAY, false, { alwaysOpen: true })
}

/** The calendar an instrument kind trades on, all built from one config. */
export function calendarForKind(kind: 'stock' | 'index' | 'forex' | 'crypto', config: CalendarConfig = {}): TradingCalendar {
  switch (kind) {
    case 'stock':
    case 'index':
      return nseCalendar(config)
    case 'forex':
      return currencyCalendar(config)
    case 'crypto':
      return cryptoCalendar()
  }
}

// ---- India days as numbers: days since 1970-01-01 in India time ----

/** The India day number of an instant. */
export function indiaDayNumber(ms: number): number {
  return Math.floor((ms + INDIA_OFFSET_MS) / DAY_MS)
}

/** The instant India day number `n` begins (India midnight). */
export function dayNumberStart(n: number): number {
  return n * DAY_MS - INDIA_OFFSET_MS
}

/** `YYYY-MM-DD` of an India day number. */
export function dayNumberKey(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10)
}

/** The India day number of `YYYY-MM-DD`. */
export function dayKeyNumber(day: string): number {
  const n = DAY_PATTERN.test(day) ? Date.parse(`${day}T00:00:00Z`) / DAY_MS : Number.NaN
  // Date.parse rolls 2026-02-30 over to 2 March; a day that does not exist is a caller's bug.
  if (!Number.isInteger(n) || dayNumberKey(n) !== day) throw new Error(`an India day is a real YYYY-MM-DD, got "${day}"`)
  return n
}

/** `YYYY-MM-DD` in India time: the same answer as src/lib/dates.ts indiaDay, without Intl. */
export function indiaDayOf(ms: number): string {
  return dayNumberKey(indiaDayNumber(ms))
}

/** The instant an India day begins. */
export function indiaDayStart(day: string): number {
  return dayNumberStart(dayKeyNumber(day))
}

/** 0 = Sunday ... 6 = Saturday, for an India day number (day 0 was a Thursday). */
export function weekdayOfDayNumber(n: number): number {
  return (((n + 4) % 7) + 7) % 7
}

/** Minutes since India midnight of an instant. */
export function indiaMinuteOfDay(ms: number): number {
  return Math.floor((ms - dayNumberStart(indiaDayNumber(ms))) / MINUTE_MS)
}

// ---- sessions ----

function effectiveHours(cal: TradingCalendar): SessionHours {
  return cal.alwaysOpen ? WHOLE_DAY : cal.hours
}

function isTradingDayNumber(n: number, cal: TradingCalendar): boolean {
  if (cal.alwaysOpen) return true
  const key = dayNumberKey(n)
  if (cal.holidays.has(key)) return false
  if (!cal.weekdaysOnly) return true
  const weekday = weekdayOfDayNumber(n)
  return (weekday !== 0 && weekday !== 6) || cal.specialSessions.has(key)
}

/** Whether the India day `YYYY-MM-DD` has a session. */
export function isTradingDay(day: string, cal: TradingCalendar): boolean {
  return isTradingDayNumber(dayKeyNumber(day), cal)
}

export type Session = { day: string; open: number; close: number }

function sessionOfDayNumber(n: number, cal: TradingCalendar): Session {
  const hours = effectiveHours(cal)
  const start = dayNumberStart(n)
  return { day: dayNumberKey(n), open: start + hours.open * MINUTE_MS, close: start + hours.close * MINUTE_MS }
}

/** The session of an India day: trading runs over [open, close). Null on a closed day. */
export function sessionOf(day: string, cal: TradingCalendar): Session | null {
  const n = dayKeyNumber(day)
  return isTradingDayNumber(n, cal) ? sessionOfDayNumber(n, cal) : null
}

/** Whether the market trades at instant `ms`: open at 09:15:00.000, closed at 15:30:00.000. */
export function isOpen(ms: number, cal: TradingCalendar): boolean {
  if (cal.alwaysOpen) return true
  const n = indiaDayNumber(ms)
  if (!isTradingDayNumber(n, cal)) return false
  const session = sessionOfDayNumber(n, cal)
  return ms >= session.open && ms < session.close
}

/** Longer than any run of closed days NSE has had; stops a loop on a calendar with no sessions. */
const MAX_CLOSED_RUN_DAYS = 366

/** The first instant at or after `ms` when the market is open: `ms` itself while it is open. */
export function nextOpen(ms: number, cal: TradingCalendar): number {
  if (isOpen(ms, cal)) return ms
  const first = indiaDayNumber(ms)
  for (let n = first; n <= first + MAX_CLOSED_RUN_DAYS; n++) {
    if (!isTradingDayNumber(n, cal)) continue
    const session = sessionOfDayNumber(n, cal)
    if (session.open >= ms) return session.open
  }
  throw new Error('the calendar has no session within a year')
}

function nthTradingDayNumber(from: number, n: number, cal: TradingCalendar): number {
  const step = n >= 0 ? 1 : -1
  let remaining = Math.abs(n)
  let day = from
  let idle = 0
  while (remaining > 0) {
    day += step
    if (isTradingDayNumber(day, cal)) {
      remaining--
      idle = 0
    } else if (++idle > MAX_CLOSED_RUN_DAYS) {
      throw new Error('the calendar has no session within a year')
    }
  }
  return day
}

/**
 * T+N: the opening instant of the n-th trading day after the India day of `ms` (before it for a
 * negative n). A lock of T+1 taken on Monday ends at Tuesday's open, whatever the hour of the
 * purchase. n = 0 is the next open at or after `ms`.
 */
export function addTradingDays(ms: number, n: number, cal: TradingCalendar): number {
  if (!Number.isSafeInteger(n)) throw new Error(`trading days are whole, got ${n}`)
  if (n === 0) return nextOpen(ms, cal)
  return sessionOfDayNumber(nthTradingDayNumber(indiaDayNumber(ms), n, cal), cal).open
}

/** The trading day `n` trading days from `day` (`YYYY-MM-DD`); `day` itself need not trade. */
export function shiftTradingDay(day: string, n: number, cal: TradingCalendar): string {
  return dayNumberKey(nthTradingDayNumber(dayKeyNumber(day), n, cal))
}

/**
 * The start instant of every 1-minute bar of an India day: 375 for an NSE session
 * (09:15 ... 15:29), 1,440 when always open, none on a closed day.
 */
export function tradingMinutesOfDay(day: string, cal: TradingCalendar): number[] {
  const session = sessionOf(day, cal)
  if (session === null) return []
  const minutes: number[] = []
  for (let t = session.open; t < session.close; t += MINUTE_MS) minutes.push(t)
  return minutes
}

/** The trading days from `from` to `to`, both included, oldest first. */
export function tradingDaysBetween(from: string, to: string, cal: TradingCalendar): string[] {
  const days: string[] = []
  const last = dayKeyNumber(to)
  for (let n = dayKeyNumber(from); n <= last; n++) if (isTradingDayNumber(n, cal)) days.push(dayNumberKey(n))
  return days
}
