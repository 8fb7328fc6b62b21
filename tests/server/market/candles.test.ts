import { describe, expect, it } from 'vitest'
import { NSE_HOLIDAYS, cryptoCalendar, nseCalendar, tradingMinutesOfDay } from '../../../server/market/calendar'
import { aggregate, adjustBars, anchorMinuteOf, candles, periodStart, rangeStart } from '../../../server/market/candles'
import { findInstrument, stockBySymbol, type SimulatedInstrument } from '../../../server/market/instruments'
import { type Bar, type CorporateAction, type SimulatedDay, simulateDay, simulateDays } from '../../../server/market/simulation'

const nse = nseCalendar({ holidays: NSE_HOLIDAYS })
const NSE_ANCHOR = anchorMinuteOf(nse)
const at = (iso: string): number => Date.parse(iso)
const bar = (t: number, open: number, high: number, low: number, close: number, volume = 10, amount = 1000): Bar => ({ t, open, high, low, close, volume, amount })
const reliance = stockBySymbol('RELIANCE')

describe('aggregation', () => {
  it('makes one 5-minute candle of five 1-minute bars', () => {
    const start = at('2026-03-02T03:45:00Z')
    const bars = [
      bar(start, 100, 105, 99, 104, 10, 1_000),
      bar(start + 60_000, 104, 110, 103, 108, 20, 2_000),
      bar(start + 120_000, 108, 109, 95, 96, 30, 3_000),
      bar(start + 180_000, 96, 100, 96, 99, 40, 4_000),
      bar(start + 240_000, 99, 101, 98, 100, 50, 5_000),
    ]
    expect(aggregate(bars, '5min', NSE_ANCHOR)).toEqual([{ t: start, open: 100, high: 110, low: 95, close: 100, volume: 150, amount: 15_000 }])
  })

  it('counts minute candles from 09:15, so the last 30-minute candle is 15:15-15:30', () => {
    const minutes = tradingMinutesOfDay('2026-03-02', nse)
    const bars = minutes.map((t) => bar(t, 100, 100, 100, 100))
    const five = aggregate(bars, '5min', NSE_ANCHOR)
    expect(five).toHaveLength(75)
    expect(five[1]?.t).toBe(at('2026-03-02T03:50:00Z'))
    const thirty = aggregate(bars, '30min', NSE_ANCHOR)
    expect(thirty).toHaveLength(13)
    expect(thirty[0]?.t).toBe(at('2026-03-02T03:45:00Z'))
    expect(thirty[12]).toMatchObject({ t: at('2026-03-02T09:45:00Z'), volume: 150 })
    expect(aggregate(bars, '15min', NSE_ANCHOR)).toHaveLength(25)
    expect(aggregate(bars, '1min', NSE_ANCHOR)).toEqual(bars)
  })

  it('makes a day candle equal to the day\'s bars', () => {
    const day = simulateDay({ instrument: reliance, day: '2026-03-02', minutes: tradingMinutesOfDay('2026-03-02', nse), previousClose: 145_000, seed: 1 })
    const candle = aggregate(day.bars, 'day', NSE_ANCHOR)
    expect(candle).toEqual([
      {
        t: at('2026-03-01T18:30:00Z'),
        open: day.bars[0]?.open,
        high: Math.max(...day.bars.map((b) => b.high)),
        low: Math.min(...day.bars.map((b) => b.low)),
        close: day.bars[day.bars.length - 1]?.close,
        volume: day.bars.reduce((a, b) => a + b.volume, 0),
        amount: day.bars.reduce((a, b) => a + b.amount, 0),
      },
    ])
  })

  it('starts weeks on Monday at India midnight, not UTC midnight', () => {
    // Sunday 8 March 23:59 IST and Monday 9 March 00:00 IST are 18:29 and 18:30 UTC on the 8th.
    const bars = [bar(at('2026-03-08T18:29:00Z'), 1, 1, 1, 1), bar(at('2026-03-08T18:30:00Z'), 2, 2, 2, 2)]
    const weeks = aggregate(bars, 'week', 0)
    expect(weeks.map((w) => w.t)).toEqual([at('2026-03-01T18:30:00Z'), at('2026-03-08T18:30:00Z')])
    expect(periodStart(at('2026-03-12T06:00:00Z'), 'week', 0)).toBe(at('2026-03-08T18:30:00Z'))
  })

  it('starts months on the 1st at India midnight', () => {
    const bars = [bar(at('2026-03-31T18:29:00Z'), 1, 1, 1, 1), bar(at('2026-03-31T18:30:00Z'), 2, 2, 2, 2)]
    expect(aggregate(bars, 'month', 0).map((m) => m.t)).toEqual([at('2026-02-28T18:30:00Z'), at('2026-03-31T18:30:00Z')])
  })

  it('aggregates a week of around-the-clock coin bars into 7 days and 1 week', () => {
    const btc = findInstrument('BTCINR') as SimulatedInstrument
    const cal = cryptoCalendar()
    const days = [...simulateDays({ instrument: btc, from: '2026-03-09', to: '2026-03-15', cal, seed: 3 })]
    const bars = days.flatMap((d) => d.bars)
    expect(aggregate(bars, 'day', anchorMinuteOf(cal))).toHaveLength(7)
    const week = aggregate(bars, 'week', anchorMinuteOf(cal))
    expect(week).toHaveLength(1)
    expect(week[0]?.volume).toBe(bars.reduce((a, b) => a + b.volume, 0))
  })

  it('refuses bars out of time order', () => {
    expect(() => aggregate([bar(120_000, 1, 1, 1, 1), bar(60_000, 1, 1, 1, 1)], '5min', 0)).toThrow(/time order/)
  })
})

describe('ranges', () => {
  const now = at('2026-03-31T06:30:00Z') // 12:00 IST, 31 March 2026

  it('starts the same calendar day a week, month, quarter, half-year or year back', () => {
    expect(rangeStart(now, '1w')).toBe(at('2026-03-23T18:30:00Z'))
    expect(rangeStart(now, '1mo')).toBe(at('2026-02-27T18:30:00Z')) // 28 February: no 31st
    expect(rangeStart(now, '3mo')).toBe(at('2025-12-30T18:30:00Z'))
    expect(rangeStart(now, '6mo')).toBe(at('2025-09-29T18:30:00Z'))
    expect(rangeStart(now, '1y')).toBe(at('2025-03-30T18:30:00Z'))
  })

  it('keeps the bars in range and widens to whole weeks for week candles', () => {
    const days = [...simulateDays({ instrument: reliance, from: '2026-01-01', to: '2026-03-31', cal: nse, seed: 4, actions: [] })]
    const bars = days.flatMap((d) => d.bars)
    const daily = candles(bars, { period: 'day', range: '1w', now, anchorMinute: NSE_ANCHOR })
    expect(daily.map((c) => new Date(c.t + 330 * 60_000).toISOString().slice(0, 10))).toEqual([
      '2026-03-24', '2026-03-25', '2026-03-27', '2026-03-30',
    ])
    const weekly = candles(bars, { period: 'week', range: '1mo', now, anchorMinute: NSE_ANCHOR })
    // 28 February is a Saturday: its week starts Monday 23 February.
    expect(weekly[0]?.t).toBe(at('2026-02-22T18:30:00Z'))
    expect(candles(bars, { period: 'day', anchorMinute: NSE_ANCHOR })).toHaveLength(days.length)
    expect(() => candles(bars, { period: 'day', range: '1w', anchorMinute: NSE_ANCHOR })).toThrow()
  })
})

describe('adjustment over corporate actions', () => {
  const split: CorporateAction = { kind: 'split', symbol: 'RELIANCE', exDay: '2026-03-16', ratio: 2 }
  const dividend: CorporateAction = { kind: 'dividend', symbol: 'RELIANCE', exDay: '2026-03-23', yieldBp: 150 }
  const days: SimulatedDay[] = [...simulateDays({ instrument: reliance, from: '2026-03-02', to: '2026-03-31', cal: nse, seed: 8, actions: [split, dividend] })]
  const bars = days.flatMap((d) => d.bars)
  const adjustments = days.flatMap((d) => d.adjustments)
  const daily = (adjust: 'none' | 'forward' | 'backward') => candles(bars, { period: 'day', adjust, adjustments, anchorMinute: NSE_ANCHOR })
  const splitIndex = days.findIndex((d) => d.day === '2026-03-16')

  it('records the split and the dividend as they happened', () => {
    expect(adjustments.map((a) => [a.kind, a.exDay, a.priceFactor])).toEqual([
      ['split', '2026-03-16', 0.5],
      ['dividend', '2026-03-23', adjustments[1]?.priceFactor],
    ])
    expect(adjustments[1]?.priceFactor).toBeCloseTo(1 - 0.015, 3)
  })

  it('halves the unadjusted chart on the split day', () => {
    const none = daily('none')
    const jump = (none[splitIndex]?.open ?? 0) / (none[splitIndex - 1]?.close ?? 1)
    expect(jump).toBeGreaterThan(0.45)
    expect(jump).toBeLessThan(0.55)
  })

  it('runs the backward-adjusted chart continuously across the split, with today\'s prices real', () => {
    const backward = daily('backward')
    const none = daily('none')
    const jump = (backward[splitIndex]?.open ?? 0) / (backward[splitIndex - 1]?.close ?? 1)
    expect(Math.abs(jump - 1)).toBeLessThan(0.04)
    expect(backward[backward.length - 1]).toEqual(none[none.length - 1])
    // A day before both actions is scaled by both factors, and its volume by the split ratio.
    const factor = (adjustments[0]?.priceFactor ?? 1) * (adjustments[1]?.priceFactor ?? 1)
    expect(backward[0]?.close).toBe(Math.round((none[0]?.close ?? 0) * factor))
    expect(backward[0]?.volume).toBe((none[0]?.volume ?? 0) * 2)
    expect(backward[0]?.amount).toBe(none[0]?.amount)
  })

  it('keeps the oldest prices real going forward, lifting later ones onto their basis', () => {
    const forward = daily('forward')
    const none = daily('none')
    expect(forward[0]).toEqual(none[0])
    const jump = (forward[splitIndex]?.open ?? 0) / (forward[splitIndex - 1]?.close ?? 1)
    expect(Math.abs(jump - 1)).toBeLessThan(0.04)
    const last = forward.length - 1
    const factor = (adjustments[0]?.priceFactor ?? 1) * (adjustments[1]?.priceFactor ?? 1)
    expect(forward[last]?.close).toBe(Math.round((none[last]?.close ?? 0) / factor))
  })

  it('keeps adjusted minute bars well-formed', () => {
    for (const adjusted of [adjustBars(bars, adjustments, 'backward'), adjustBars(bars, adjustments, 'forward')]) {
      for (const b of adjusted) {
        expect(b.high).toBeGreaterThanOrEqual(Math.max(b.open, b.close))
        expect(b.low).toBeLessThanOrEqual(Math.min(b.open, b.close))
        expect(Number.isSafeInteger(b.close) && b.close > 0).toBe(true)
      }
    }
    expect(adjustBars(bars, adjustments, 'none')).toBe(bars)
  })
})
