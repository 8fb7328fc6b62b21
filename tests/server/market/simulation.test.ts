import { describe, expect, it } from 'vitest'
import {
  NSE_HOLIDAYS,
  calendarForKind,
  cryptoCalendar,
  currencyCalendar,
  isTradingDay,
  nseCalendar,
  tradingMinutesOfDay,
} from '../../../server/market/calendar'
import { type SimulatedInstrument, STOCKS, findInstrument, stockBySymbol } from '../../../server/market/instruments'
import {
  type Bar,
  type CorporateAction,
  barAt,
  barsAsOf,
  corporateActions,
  corporateActionsBetween,
  sharesOutstandingOn,
  simulateDay,
  simulateDays,
} from '../../../server/market/simulation'
import { priceBand } from '../../../server/trade/rules'

const nse = nseCalendar({ holidays: NSE_HOLIDAYS })
const reliance = stockBySymbol('RELIANCE')
const DAY = '2026-03-02'

function day(instrument: SimulatedInstrument = reliance, options: { seed?: number; day?: string; previousClose?: number; actions?: CorporateAction[] } = {}) {
  const d = options.day ?? DAY
  const cal = calendarForKind(instrument.kind, { holidays: NSE_HOLIDAYS })
  return simulateDay({
    instrument,
    day: d,
    minutes: tradingMinutesOfDay(d, cal),
    previousClose: options.previousClose ?? instrument.referencePrice,
    seed: options.seed ?? 42,
    actions: options.actions ?? [],
  })
}

function expectWellFormed(bars: readonly Bar[], tick: number): void {
  for (const bar of bars) {
    for (const price of [bar.open, bar.high, bar.low, bar.close]) {
      expect(Number.isSafeInteger(price)).toBe(true)
      expect(price).toBeGreaterThan(0)
      expect(price % tick).toBe(0)
    }
    expect(bar.high).toBeGreaterThanOrEqual(Math.max(bar.open, bar.close))
    expect(bar.low).toBeLessThanOrEqual(Math.min(bar.open, bar.close))
    expect(Number.isSafeInteger(bar.volume) && bar.volume >= 0).toBe(true)
    expect(Number.isSafeInteger(bar.amount) && bar.amount >= 0).toBe(true)
  }
}

function dailyLogReturns(instrument: SimulatedInstrument, seed: number): { returns: number[]; closes: number[] } {
  const cal = calendarForKind(instrument.kind, { holidays: NSE_HOLIDAYS })
  const returns: number[] = []
  const closes: number[] = []
  let previous = instrument.referencePrice
  for (const d of simulateDays({ instrument, from: '2025-11-23', to: '2026-11-22', cal, seed, actions: [] })) {
    const close = d.bars[d.bars.length - 1]?.close ?? previous
    returns.push(Math.log(close / previous))
    closes.push(close)
    previous = close
  }
  return { returns, closes }
}

function standardDeviation(values: readonly number[]): number {
  const mean = values.reduce((a, b) => a + b, 0) / values.length
  return Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1))
}

describe('a simulated NSE day', () => {
  const result = day()

  it('has 375 one-minute bars from 09:15 to 15:29 IST', () => {
    expect(result.bars).toHaveLength(375)
    expect(result.bars[0]?.t).toBe(Date.parse('2026-03-02T03:45:00Z'))
    expect(result.bars[374]?.t).toBe(Date.parse('2026-03-02T09:59:00Z'))
    result.bars.forEach((bar, i) => expect(bar.t).toBe(Date.parse('2026-03-02T03:45:00Z') + i * 60_000))
  })

  it('keeps every price positive and on the 5-paise tick, inside each bar high and low', () => {
    expectWellFormed(result.bars, 5)
  })

  it('continues from the previous close with a small overnight gap, then minute to minute', () => {
    const first = result.bars[0] as Bar
    expect(Math.abs(first.open / reliance.referencePrice - 1)).toBeLessThan(0.03)
    for (let i = 1; i < result.bars.length; i++) expect(result.bars[i]?.open).toBe(result.bars[i - 1]?.close)
    expect(result.prevClose).toBe(reliance.referencePrice)
  })

  it('gives the same bars for the same inputs, and the same as on the machine that wrote this test', () => {
    expect(day()).toEqual(result)
    expect(result.bars[0]).toEqual({ t: 1772423100000, open: 145030, high: 145150, low: 144875, close: 144875, volume: 81839, amount: 11865222818 })
    expect(result.bars[374]).toEqual({ t: 1772445540000, open: 146795, high: 146965, low: 146695, close: 146955, volume: 53092, amount: 7796692930 })
    expect(day(reliance, { seed: 43 }).bars).not.toEqual(result.bars)
  })

  it('trades most at the open and the close: the first and last 30 minutes beat the midday average', () => {
    for (let d = 2; d <= 31; d++) {
      const date = `2026-03-${String(d).padStart(2, '0')}`
      if (!isTradingDay(date, nse)) continue
      const bars = day(reliance, { day: date }).bars
      const average = (from: number, to: number) => bars.slice(from, to).reduce((a, b) => a + b.volume, 0) / (to - from)
      const midday = average(150, 240) // 11:45-13:15 IST
      expect(average(0, 30)).toBeGreaterThan(midday * 1.5)
      expect(average(345, 375)).toBeGreaterThan(midday * 1.2)
    }
  })

  it('has no bars on a closed day', () => {
    expect(day(reliance, { day: '2026-03-03' }).bars).toEqual([])
  })
})

describe('other kinds', () => {
  it('trades currency pairs for 480 minutes in 1/10,000 rupee on their tick', () => {
    const usd = findInstrument('USDINR') as SimulatedInstrument
    const result = day(usd)
    expect(result.bars).toHaveLength(480)
    expectWellFormed(result.bars, usd.tickSize)
    expect(tradingMinutesOfDay(DAY, currencyCalendar())[0]).toBe(result.bars[0]?.t)
  })

  it('trades coins on a Sunday for 1,440 minutes, with no overnight gap', () => {
    const btc = findInstrument('BTCINR') as SimulatedInstrument
    const sunday = day(btc, { day: '2026-03-08' })
    expect(sunday.bars).toHaveLength(1440)
    expectWellFormed(sunday.bars, btc.tickSize)
    expect(tradingMinutesOfDay('2026-03-08', cryptoCalendar())).toHaveLength(1440)
  })
})

describe('the price band', () => {
  it("holds a coin's year inside the band around each previous close, at its edge on the days it would leave it", () => {
    const sol = findInstrument('SOLINR') as SimulatedInstrument
    const year = { instrument: sol, from: '2025-11-23', to: '2026-11-22', cal: cryptoCalendar(), seed: 42 }
    const bandOf = (prevClose: number) => priceBand(prevClose, { priceBandPct: 10 })
    const leaves = (d: { prevClose: number; bars: readonly Bar[] }) =>
      d.bars.some((b) => b.high > bandOf(d.prevClose).max || b.low < bandOf(d.prevClose).min)
    // Without a band, 5% daily moves leave +/-10% on some days (every market order refused then).
    expect([...simulateDays(year)].filter(leaves).length).toBeGreaterThan(0)

    const held = [...simulateDays({ ...year, bandPct: 10 })]
    expect(held.filter(leaves).map((d) => d.day)).toEqual([])
    const offTick = held.flatMap((d) => d.bars).filter((b) => [b.open, b.high, b.low, b.close].some((p) => p % sol.tickSize !== 0 || p <= 0))
    expect(offTick).toEqual([])
    const atEdge = held.filter((d) => d.bars.some((b) => b.high + sol.tickSize > bandOf(d.prevClose).max || b.low - sol.tickSize < bandOf(d.prevClose).min))
    expect(atEdge.length).toBeGreaterThan(0)
  })
})

describe('a simulated year', () => {
  it('realises each kind\'s daily volatility within 20% of its target', () => {
    for (const symbol of ['RELIANCE', 'ITC', 'ADANIENT', 'USDINR', 'EURINR', 'BTCINR', 'ETHINR']) {
      const instrument = findInstrument(symbol) as SimulatedInstrument
      const { returns } = dailyLogReturns(instrument, 2026)
      const realised = standardDeviation(returns) * 10_000
      expect(realised / instrument.dailyVolatilityBp, symbol).toBeGreaterThan(0.8)
      expect(realised / instrument.dailyVolatilityBp, symbol).toBeLessThan(1.2)
    }
  })

  it('averages the target across all stocks within 7%', () => {
    let ratio = 0
    for (const stock of STOCKS) ratio += (standardDeviation(dailyLogReturns(stock, 7).returns) * 10_000) / stock.dailyVolatilityBp
    expect(Math.abs(ratio / STOCKS.length - 1)).toBeLessThan(0.07)
  })

  it('chains days: each day starts from the last close of the one before', () => {
    const days = [...simulateDays({ instrument: reliance, from: '2026-03-02', to: '2026-03-13', cal: nse, seed: 5, actions: [] })]
    expect(days.map((d) => d.day)).toEqual(['2026-03-02', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13'])
    for (let i = 1; i < days.length; i++) expect(days[i]?.prevClose).toBe(days[i - 1]?.bars[374]?.close)
  })

  it('moves stocks together through the market factor', () => {
    const a = dailyLogReturns(stockBySymbol('HDFCBANK'), 11).returns
    const b = dailyLogReturns(stockBySymbol('INFY'), 11).returns
    const mean = (x: number[]) => x.reduce((s, v) => s + v, 0) / x.length
    const ma = mean(a)
    const mb = mean(b)
    let cov = 0
    for (let i = 0; i < a.length; i++) cov += ((a[i] ?? 0) - ma) * ((b[i] ?? 0) - mb)
    const correlation = cov / (a.length - 1) / (standardDeviation(a) * standardDeviation(b))
    expect(correlation).toBeGreaterThan(0.2)
    expect(correlation).toBeLessThan(0.55)
  })
})

describe('corporate actions', () => {
  it('plans them deterministically on trading days, with a dividend every year', () => {
    for (const stock of STOCKS) {
      const actions = corporateActions(stock, 2026, 42, nse)
      expect(corporateActions(stock, 2026, 42, nse)).toEqual(actions)
      expect(actions.filter((a) => a.kind === 'dividend').length).toBeGreaterThanOrEqual(1)
      for (const action of actions) expect(isTradingDay(action.exDay, nse)).toBe(true)
    }
    const splits = STOCKS.flatMap((s) => corporateActionsBetween(s, '2025-01-01', '2026-12-31', 42, nse)).filter((a) => a.kind === 'split')
    expect(splits.length).toBeGreaterThan(0)
  })

  it('splits the price at the open and records the factor for the adjuster', () => {
    const split: CorporateAction = { kind: 'split', symbol: 'RELIANCE', exDay: DAY, ratio: 2 }
    const result = day(reliance, { previousClose: 145_010, actions: [split] })
    expect(result.prevClose).toBe(72_505)
    expect(Math.abs((result.bars[0]?.open ?? 0) / 72_505 - 1)).toBeLessThan(0.03)
    expect(result.adjustments).toEqual([
      { symbol: 'RELIANCE', kind: 'split', exDay: DAY, exStart: Date.parse('2026-03-01T18:30:00Z'), previousClose: 145_010, ratio: 2, dividend: 0, priceFactor: 0.5, volumeFactor: 2 },
    ])
    expectWellFormed(result.bars, 5)
  })

  it('takes a dividend off the price at the open without moving the previous close', () => {
    const dividend: CorporateAction = { kind: 'dividend', symbol: 'RELIANCE', exDay: DAY, yieldBp: 100 }
    const result = day(reliance, { previousClose: 145_000, actions: [dividend] })
    expect(result.prevClose).toBe(145_000)
    expect(result.adjustments[0]).toMatchObject({ kind: 'dividend', dividend: 1_450, priceFactor: (145_000 - 1_450) / 145_000, volumeFactor: 1 })
    expect(Math.abs((result.bars[0]?.open ?? 0) / 143_550 - 1)).toBeLessThan(0.03)
  })

  it('ignores actions of other stocks and other days', () => {
    const other: CorporateAction[] = [
      { kind: 'split', symbol: 'TCS', exDay: DAY, ratio: 2 },
      { kind: 'split', symbol: 'RELIANCE', exDay: '2026-03-04', ratio: 2 },
    ]
    expect(day(reliance, { actions: other })).toEqual(day(reliance))
  })

  it('multiplies shares outstanding by each split up to the day', () => {
    const actions: CorporateAction[] = [
      { kind: 'split', symbol: 'RELIANCE', exDay: '2026-03-02', ratio: 2 },
      { kind: 'dividend', symbol: 'RELIANCE', exDay: '2026-03-04', yieldBp: 50 },
      { kind: 'split', symbol: 'RELIANCE', exDay: '2026-06-01', ratio: 5 },
    ]
    expect(sharesOutstandingOn(reliance, '2026-03-01', actions)).toBe(reliance.sharesOutstanding)
    expect(sharesOutstandingOn(reliance, '2026-03-02', actions)).toBe(reliance.sharesOutstanding * 2)
    expect(sharesOutstandingOn(reliance, '2026-07-01', actions)).toBe(reliance.sharesOutstanding * 10)
  })
})

describe('the live minute', () => {
  const bar: Bar = { t: 0, open: 10_000, high: 10_100, low: 9_900, close: 10_050, volume: 600, amount: 6_000_000 }

  it('walks open -> low -> high -> close through the minute', () => {
    expect(barAt(bar, 0, 5)).toMatchObject({ open: 10_000, high: 10_000, low: 10_000, close: 10_000, volume: 0 })
    expect(barAt(bar, 20_000, 5)).toMatchObject({ close: 9_900, low: 9_900, high: 10_000, volume: 200 })
    expect(barAt(bar, 40_000, 5)).toMatchObject({ close: 10_100, low: 9_900, high: 10_100, volume: 400 })
    expect(barAt(bar, 30_000, 5).close).toBe(10_000)
    expect(barAt(bar, 60_000, 5)).toEqual(bar)
  })

  it('stays on the tick and inside the finished bar', () => {
    for (let ms = 0; ms < 60_000; ms += 777) {
      const seen = barAt(bar, ms, 5)
      expect(seen.close % 5).toBe(0)
      expect(seen.high).toBeLessThanOrEqual(bar.high)
      expect(seen.low).toBeGreaterThanOrEqual(bar.low)
      expect(seen.high).toBeGreaterThanOrEqual(Math.max(seen.open, seen.close))
      expect(seen.low).toBeLessThanOrEqual(Math.min(seen.open, seen.close))
    }
  })

  it('shows a day as of now: finished minutes and the current one so far', () => {
    const bars = day().bars
    const now = (bars[10]?.t ?? 0) + 30_000
    const seen = barsAsOf(bars, now, 5)
    expect(seen).toHaveLength(11)
    expect(seen.slice(0, 10)).toEqual(bars.slice(0, 10))
    expect(seen[10]).toEqual(barAt(bars[10] as Bar, 30_000, 5))
    expect(barsAsOf(bars, (bars[0]?.t ?? 0) - 1, 5)).toEqual([])
  })
})
