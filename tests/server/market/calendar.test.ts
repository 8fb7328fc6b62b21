import { describe, expect, it } from 'vitest'
import { indiaDay } from '../../../src/lib/dates'
import {
  NSE_HOLIDAYS,
  NSE_SPECIAL_SESSIONS,
  addTradingDays,
  cryptoCalendar,
  currencyCalendar,
  indiaDayOf,
  indiaDayStart,
  isOpen,
  isTradingDay,
  nextOpen,
  nseCalendar,
  sessionOf,
  shiftTradingDay,
  tradingDaysBetween,
  tradingMinutesOfDay,
} from '../../../server/market/calendar'

const nse = nseCalendar({ holidays: NSE_HOLIDAYS, specialSessions: NSE_SPECIAL_SESSIONS })
const at = (iso: string): number => Date.parse(iso)

describe('NSE session in India time', () => {
  // Monday 2 March 2026: 09:15 IST is 03:45 UTC, 15:30 IST is 10:00 UTC.
  it('opens at 09:15:00 IST exactly', () => {
    expect(isOpen(at('2026-03-02T03:44:59.999Z'), nse)).toBe(false)
    expect(isOpen(at('2026-03-02T03:45:00.000Z'), nse)).toBe(true)
  })

  it('closes at 15:30:00 IST exactly', () => {
    expect(isOpen(at('2026-03-02T09:59:59.999Z'), nse)).toBe(true)
    expect(isOpen(at('2026-03-02T10:00:00.000Z'), nse)).toBe(false)
  })

  it('is closed on weekends and holidays', () => {
    expect(isOpen(at('2026-03-07T06:00:00Z'), nse)).toBe(false) // Saturday noon IST
    expect(isOpen(at('2026-03-08T06:00:00Z'), nse)).toBe(false) // Sunday
    expect(isOpen(at('2026-03-03T06:00:00Z'), nse)).toBe(false) // Holi, a Tuesday
    expect(isTradingDay('2026-03-03', nse)).toBe(false)
    expect(isTradingDay('2026-03-04', nse)).toBe(true)
  })

  it('opens on a weekend day listed as a special session (Budget day 2025)', () => {
    expect(isTradingDay('2025-02-01', nse)).toBe(true)
    expect(isTradingDay('2025-02-01', nseCalendar({ holidays: NSE_HOLIDAYS }))).toBe(false)
  })

  it('takes its holidays from config, not from the built-in list', () => {
    expect(isOpen(at('2026-03-03T06:00:00Z'), nseCalendar())).toBe(true)
    expect(() => nseCalendar({ holidays: ['3 March 2026'] })).toThrow(/YYYY-MM-DD/)
    expect(() => nseCalendar({ holidays: ['2026-02-30'] })).toThrow(/YYYY-MM-DD/)
    expect(() => tradingMinutesOfDay('2026-02-30', nse)).toThrow()
  })
})

describe('next open', () => {
  it('is now while the market is open', () => {
    const now = at('2026-03-02T05:00:00Z')
    expect(nextOpen(now, nse)).toBe(now)
  })

  it('is the same morning before 09:15', () => {
    expect(nextOpen(at('2026-03-02T01:00:00Z'), nse)).toBe(at('2026-03-02T03:45:00Z'))
  })

  it('skips the evening, the weekend and a holiday', () => {
    // Friday 6 March after the close -> Monday 9 March.
    expect(nextOpen(at('2026-03-06T10:00:00Z'), nse)).toBe(at('2026-03-09T03:45:00Z'))
    // Monday 2 March after the close -> Tuesday is Holi -> Wednesday 4 March.
    expect(nextOpen(at('2026-03-02T12:00:00Z'), nse)).toBe(at('2026-03-04T03:45:00Z'))
  })

  it('crosses India midnight, not UTC midnight', () => {
    // 23:50 UTC on 1 March is 05:20 IST on Monday 2 March.
    expect(nextOpen(at('2026-03-01T23:50:00Z'), nse)).toBe(at('2026-03-02T03:45:00Z'))
  })
})

describe('T+N trading days', () => {
  it('ends at the open of the next trading day for T+1, whatever the hour of purchase', () => {
    expect(addTradingDays(at('2026-03-02T09:59:00Z'), 1, nse)).toBe(at('2026-03-04T03:45:00Z'))
    expect(addTradingDays(at('2026-03-06T04:00:00Z'), 1, nse)).toBe(at('2026-03-09T03:45:00Z'))
  })

  it('skips a run of holidays (Ram Navami, Mahavir Jayanti, Good Friday 2026)', () => {
    // Wednesday 25 March: Thu 26 is a holiday, so T+1 is Fri 27 and T+2 is Mon 30.
    expect(addTradingDays(at('2026-03-25T05:00:00Z'), 2, nse)).toBe(at('2026-03-30T03:45:00Z'))
    // Monday 30 March: Tue 31 is a holiday.
    expect(addTradingDays(at('2026-03-30T05:00:00Z'), 1, nse)).toBe(at('2026-04-01T03:45:00Z'))
    expect(addTradingDays(at('2026-04-02T05:00:00Z'), 1, nse)).toBe(at('2026-04-06T03:45:00Z'))
  })

  it('counts backwards for a negative n and is the next open for 0', () => {
    expect(addTradingDays(at('2026-03-30T05:00:00Z'), -1, nse)).toBe(at('2026-03-27T03:45:00Z'))
    expect(addTradingDays(at('2026-03-07T05:00:00Z'), 0, nse)).toBe(at('2026-03-09T03:45:00Z'))
    expect(shiftTradingDay('2026-03-25', 2, nse)).toBe('2026-03-30')
    expect(() => addTradingDays(0, 1.5, nse)).toThrow()
  })
})

describe('trading minutes', () => {
  it('has 375 one-minute bars from 09:15 to 15:29 IST', () => {
    const minutes = tradingMinutesOfDay('2026-03-02', nse)
    expect(minutes).toHaveLength(375)
    expect(minutes[0]).toBe(at('2026-03-02T03:45:00Z'))
    expect(minutes[374]).toBe(at('2026-03-02T09:59:00Z'))
    expect(sessionOf('2026-03-02', nse)).toEqual({ day: '2026-03-02', open: at('2026-03-02T03:45:00Z'), close: at('2026-03-02T10:00:00Z') })
  })

  it('has none on a holiday or a weekend', () => {
    expect(tradingMinutesOfDay('2026-03-03', nse)).toEqual([])
    expect(tradingMinutesOfDay('2026-03-07', nse)).toEqual([])
    expect(sessionOf('2026-03-07', nse)).toBeNull()
  })

  it('counts the trading days of a stretch', () => {
    expect(tradingDaysBetween('2026-03-23', '2026-04-05', nse)).toEqual([
      '2026-03-23', '2026-03-24', '2026-03-25', '2026-03-27', '2026-03-30', '2026-04-01', '2026-04-02',
    ])
  })
})

describe('other markets and the demo switch', () => {
  it('opens around the clock, every day, with the demo switch', () => {
    const demo = nseCalendar({ holidays: NSE_HOLIDAYS, alwaysOpen: true })
    expect(isOpen(at('2026-03-08T21:00:00Z'), demo)).toBe(true) // Sunday night
    expect(isOpen(at('2026-03-03T06:00:00Z'), demo)).toBe(true) // a holiday
    expect(tradingMinutesOfDay('2026-03-08', demo)).toHaveLength(1440)
    expect(tradingMinutesOfDay('2026-03-08', demo)[0]).toBe(indiaDayStart('2026-03-08'))
    expect(addTradingDays(at('2026-03-07T05:00:00Z'), 1, demo)).toBe(indiaDayStart('2026-03-08'))
  })

  it('trades currency pairs 09:00-17:00 IST on weekdays', () => {
    const fx = currencyCalendar({ holidays: NSE_HOLIDAYS })
    expect(tradingMinutesOfDay('2026-03-02', fx)).toHaveLength(480)
    expect(isOpen(at('2026-03-02T03:30:00Z'), fx)).toBe(true) // 09:00 IST
    expect(isOpen(at('2026-03-02T11:30:00Z'), fx)).toBe(false) // 17:00 IST
  })

  it('trades digital currencies every minute of every day', () => {
    const coins = cryptoCalendar()
    expect(tradingMinutesOfDay('2026-03-08', coins)).toHaveLength(1440)
    expect(isOpen(at('2026-12-25T00:00:00Z'), coins)).toBe(true)
  })
})

describe('India days by arithmetic', () => {
  it('agrees with the Intl-based indiaDay around India midnight', () => {
    for (const iso of ['2026-01-10T18:29:59.999Z', '2026-01-10T18:30:00Z', '2025-12-31T18:30:00Z', '2026-03-02T03:45:00Z', '1999-12-31T20:00:00Z']) {
      expect(indiaDayOf(at(iso))).toBe(indiaDay(at(iso)))
    }
    expect(indiaDayStart('2026-01-11')).toBe(at('2026-01-10T18:30:00Z'))
  })
})
