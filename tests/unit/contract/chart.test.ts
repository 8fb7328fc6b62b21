import { describe, expect, it } from 'vitest'
import { CANDLE_RANGES, RANGES_OF_PERIOD, fitRange, isRangeOffered } from '../../../src/contract/chart'
import { type CandlePeriod } from '../../../src/contract/replies'

/** India days a range covers at most (the server widens to the period's start too). */
const DAYS = { '1w': 8, '1mo': 32, '3mo': 93, '6mo': 185, '1y': 367 } as const
/** Candles a period makes in a day around the clock (the demo), and on NSE's 6 h 15 min. */
const PER_DAY = { '1min': [1440, 375], '5min': [288, 75], '15min': [96, 25], '30min': [48, 13], day: [1, 1], week: [1 / 7, 1 / 7], month: [1 / 31, 1 / 31] } as const

describe('the ranges each chart period offers', () => {
  it('offers 1-minute candles over a week, not a month; weekly over half a year or more; monthly over a year', () => {
    expect(RANGES_OF_PERIOD['1min']).toEqual(['1w'])
    expect(isRangeOffered('1min', '1mo')).toBe(false)
    expect(RANGES_OF_PERIOD.week).toEqual(['6mo', '1y'])
    expect(isRangeOffered('month', '1w')).toBe(false)
    expect(RANGES_OF_PERIOD.month).toEqual(['1y'])
  })

  it('gives every offered pair at least a dozen candles and at most about 11,500', () => {
    for (const [period, ranges] of Object.entries(RANGES_OF_PERIOD) as [CandlePeriod, readonly (keyof typeof DAYS)[]][]) {
      for (const range of ranges) {
        const [around, nse] = PER_DAY[period]
        // Fewest: NSE's five trading days in seven (whole weeks and months for those); most: around the clock.
        const days = DAYS[range] - 1
        const fewest = period === 'week' ? Math.floor(days / 7) : period === 'month' ? Math.floor(days / 30.5) : Math.floor((days * 5) / 7) * nse
        expect(fewest, `${period} ${range}`).toBeGreaterThanOrEqual(12)
        expect(DAYS[range] * around, `${period} ${range}`).toBeLessThanOrEqual(11_520)
      }
    }
  })

  it('moves to the nearest offered range when the period changes', () => {
    expect(fitRange('month', '1w')).toBe('1y')
    expect(fitRange('1min', '1y')).toBe('1w')
    expect(fitRange('week', '1mo')).toBe('6mo')
    expect(fitRange('day', '1w')).toBe('1mo')
    for (const period of Object.keys(RANGES_OF_PERIOD) as CandlePeriod[]) {
      for (const range of CANDLE_RANGES) expect(isRangeOffered(period, fitRange(period, range))).toBe(true)
    }
  })
})
