import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, indiaDay, INDIA_TIME_ZONE } from '../../../src/lib/dates'

// 2024-01-01T18:30:00Z is midnight of 2 January in India (UTC+05:30, no daylight saving).
const indiaMidnight = Date.UTC(2024, 0, 1, 18, 30, 0)

describe('dates in India time', () => {
  it('uses Asia/Kolkata', () => {
    expect(INDIA_TIME_ZONE).toBe('Asia/Kolkata')
  })

  it('shifts UTC by +05:30', () => {
    expect(formatDateTime(Date.UTC(2024, 5, 15, 0, 0, 0))).toBe('2024.06.15 05:30:00')
    expect(formatDateTime(0)).toBe('1970.01.01 05:30:00')
  })

  it('formats as YYYY.MM.DD hh:mm:ss with zero padding', () => {
    expect(formatDateTime(Date.UTC(2025, 2, 4, 1, 2, 3))).toMatch(/^\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}:\d{2}$/)
    expect(formatDateTime(Date.UTC(2025, 2, 4, 1, 2, 3))).toBe('2025.03.04 06:32:03')
  })

  it('uses the 24-hour clock: afternoon is 13-23 and midnight is 00, never 24', () => {
    expect(formatDateTime(Date.UTC(2024, 0, 1, 9, 30, 0))).toBe('2024.01.01 15:00:00')
    expect(formatDateTime(indiaMidnight)).toBe('2024.01.02 00:00:00')
  })

  it('changes the India day at India midnight, not UTC midnight', () => {
    expect(indiaDay(indiaMidnight - 1000)).toBe('2024-01-01')
    expect(indiaDay(indiaMidnight)).toBe('2024-01-02')
    expect(formatDateTime(indiaMidnight - 1000)).toBe('2024.01.01 23:59:59')
    // 23:00 UTC on 1 January is already 2 January in India.
    expect(indiaDay(Date.UTC(2024, 0, 1, 23, 0, 0))).toBe('2024-01-02')
  })

  it('formats the date alone as YYYY.MM.DD', () => {
    expect(formatDate(indiaMidnight)).toBe('2024.01.02')
    expect(formatDate(indiaMidnight - 1)).toBe('2024.01.01')
  })

  it("agrees with Intl's Asia/Kolkata from 1970 to 2100", () => {
    const intl = new Intl.DateTimeFormat('en-GB', { timeZone: INDIA_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
    const viaIntl = (ms: number) => {
      const p = Object.fromEntries(intl.formatToParts(ms).map((part) => [part.type, part.value]))
      return `${p.year}.${p.month}.${p.day} ${p.hour}:${p.minute}:${p.second}`
    }
    const end = Date.UTC(2100, 0, 1)
    // Some 92 days apart, each at another time of day (the step is not a whole number of days).
    for (let ms = 0; ms < end; ms += 7_919_993_000) expect(formatDateTime(ms)).toBe(viaIntl(ms))
    for (const ms of [indiaMidnight - 1000, indiaMidnight, Date.UTC(2028, 1, 28, 18, 30), Date.UTC(2028, 1, 29, 18, 29, 59)]) expect(formatDateTime(ms)).toBe(viaIntl(ms))
  })
})
