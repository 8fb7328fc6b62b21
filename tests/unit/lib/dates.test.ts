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
})
