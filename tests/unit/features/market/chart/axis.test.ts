import { describe, expect, it } from 'vitest'
import { timeLabeller, timeTicks } from '../../../../../src/features/market/chart/axis'

const MINUTE = 60_000
const DAY = 86_400_000
/** India midnight starting Monday 12 January 2026 (18:30 UTC the day before). */
const MONDAY = Date.UTC(2026, 0, 11, 18, 30)

/** Bars every `step` ms from `from` for `count` bars. */
function bars(from: number, step: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => from + i * step)
}

/** NSE sessions: 09:15-15:30 India time on weekdays, `days` of them from MONDAY, one bar a minute. */
function nseMinutes(days: number): number[] {
  const out: number[] = []
  for (let d = 0; out.length < days * 375; d++) {
    const weekday = (d + 1) % 7 // MONDAY is day 1 of the week (Sunday 0)
    if (weekday === 0 || weekday === 6) continue
    out.push(...bars(MONDAY + d * DAY + (9 * 60 + 15) * MINUTE, MINUTE, 375))
  }
  return out
}

function labelsOf(t: number[], period: Parameters<typeof timeTicks>[1], max: number, locale = 'en-IN'): string[] {
  const ticks = timeTicks(t, period, 0, t.length - 1, max)
  const label = timeLabeller(t, locale)
  return ticks.indexes.map((i) => label(i, ticks.step, 0, t.length - 1))
}

describe('the chart time axis', () => {
  it('labels a week of 1-minute bars around the clock more than once, each with its date', () => {
    const week = bars(MONDAY, MINUTE, 8 * 1440)
    for (const max of [3, 4, 8]) {
      const labels = labelsOf(week, '1min', max)
      expect(labels.length, `max ${max}`).toBeGreaterThanOrEqual(2)
      expect(labels.length).toBeLessThanOrEqual(max)
      // Day steps: dates, every one different.
      for (const label of labels) expect(label).toMatch(/^\d{1,2} Jan$/)
      expect(new Set(labels).size).toBe(labels.length)
    }
  })

  it('labels a week of NSE minutes at day boundaries: nights and weekends take no room', () => {
    const t = nseMinutes(5)
    const ticks = timeTicks(t, '1min', 0, t.length - 1, 5)
    expect(ticks.indexes).toEqual([375, 750, 1125, 1500])
    expect(labelsOf(t, '1min', 5)).toEqual(['13 Jan', '14 Jan', '15 Jan', '16 Jan'])
  })

  it('gives times with their date when intraday bars span days, and times alone within one day', () => {
    const twoDays = bars(MONDAY + 20 * 60 * MINUTE, 5 * MINUTE, 12 * 24) // Monday 20:00 to Tuesday 20:00
    const labels = labelsOf(twoDays, '5min', 6)
    expect(labels.length).toBeGreaterThanOrEqual(2)
    for (const label of labels) expect(label).toMatch(/^\d\d:\d\d\n\d{1,2} Jan$/)
    const oneDay = bars(MONDAY + (9 * 60 + 15) * MINUTE, 5 * MINUTE, 75)
    const times = labelsOf(oneDay, '5min', 6)
    expect(times.length).toBeGreaterThanOrEqual(2)
    for (const label of times) expect(label).toMatch(/^\d\d:\d\d$/)
  })

  it('writes month labels with the whole year, never "Apr 26"', () => {
    const months = Array.from({ length: 13 }, (_, i) => Date.UTC(2025, i, 1) - 330 * MINUTE)
    const labels = labelsOf(months, 'month', 4)
    expect(labels.length).toBeGreaterThanOrEqual(2)
    for (const label of labels) expect(label).toMatch(/^[A-Z][a-z]{2,3} 20(25|26)$/)
  })

  it('adds the year to dates when the bars in view span two years', () => {
    const days = bars(Date.UTC(2025, 11, 1) - 330 * MINUTE, DAY, 60) // 1 December 2025 to 29 January 2026
    const labels = labelsOf(days, 'day', 4)
    expect(labels.length).toBeGreaterThanOrEqual(2)
    for (const label of labels) expect(label).toMatch(/20(25|26)/)
    const inOneYear = bars(Date.UTC(2026, 1, 1) - 330 * MINUTE, DAY, 60)
    // Weekly steps within one year: day and month are enough.
    const weekly = labelsOf(inOneYear, 'day', 10)
    expect(weekly.length).toBeGreaterThanOrEqual(2)
    for (const label of weekly) expect(label).toMatch(/^\d{1,2} [A-Z][a-z]{2,3}$/)
  })

  it('labels weekly candles over half a year with several dates', () => {
    const weeks = bars(MONDAY, 7 * DAY, 26)
    const labels = labelsOf(weeks, 'week', 4)
    expect(labels.length).toBeGreaterThanOrEqual(2)
    expect(labels.length).toBeLessThanOrEqual(4)
  })

  it('writes month names in the reader’s language', () => {
    const months = Array.from({ length: 13 }, (_, i) => Date.UTC(2025, i, 1) - 330 * MINUTE)
    for (const label of labelsOf(months, 'month', 4, 'ko-KR')) expect(label).toMatch(/^20(25|26)년 \d{1,2}월$/)
    for (const label of labelsOf(months, 'month', 4, 'zh-TW')) expect(label).toMatch(/^20(25|26)年\d{1,2}月$/)
  })
})
