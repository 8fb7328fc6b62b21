import { describe, expect, it } from 'vitest'
import { NSE_HOLIDAYS, nseCalendar, tradingDaysBetween, tradingMinutesOfDay } from '../../../server/market/calendar'
import { aggregate, anchorMinuteOf } from '../../../server/market/candles'
import { type ConstituentDay, indexDay, indexDivisor, indexLevel } from '../../../server/market/indices'
import { INDEX_SYMBOLS, INDICES, STOCKS, findInstrument, indexBySymbol, stockBySymbol } from '../../../server/market/instruments'
import { changeRateBp, fiftyTwoWeekStart, foreignRatioBp, quote, stockQuote } from '../../../server/market/quotes'
import { type Bar, type CorporateAction, type SimulatedDay, barsAsOf, sharesOutstandingOn, simulateDay } from '../../../server/market/simulation'

const nse = nseCalendar({ holidays: NSE_HOLIDAYS })
const at = (iso: string): number => Date.parse(iso)
const bar = (t: number, open: number, high: number, low: number, close: number, volume = 10, amount = 1000): Bar => ({ t, open, high, low, close, volume, amount })
const reliance = stockBySymbol('RELIANCE')

describe('rise and fall', () => {
  it('is in whole basis points, rounded half away from zero', () => {
    expect(changeRateBp(10_123, 10_000)).toBe(123)
    expect(changeRateBp(9_877, 10_000)).toBe(-123)
    expect(changeRateBp(20_001, 20_000)).toBe(1) // +0.5 bp
    expect(changeRateBp(19_999, 20_000)).toBe(-1) // -0.5 bp
    expect(changeRateBp(10_000, 10_000)).toBe(0)
    expect(changeRateBp(10_000, 0)).toBe(0)
  })
})

describe('a quote from bars', () => {
  const open = at('2026-03-02T03:45:00Z')
  const session = [bar(open, 10_000, 10_100, 9_950, 10_050, 100, 1_000_000), bar(open + 60_000, 10_050, 10_200, 10_000, 10_150, 50, 510_000)]
  const history = [
    bar(at('2025-02-20T18:30:00Z'), 9_000, 20_000, 500, 9_000), // older than 52 weeks: ignored
    bar(at('2025-03-10T18:30:00Z'), 9_000, 12_000, 8_000, 9_500),
    bar(at('2026-02-27T18:30:00Z'), 9_800, 10_050, 9_700, 9_900),
  ]
  const now = open + 120_000

  it('carries price, change, open, high, low, volume, turnover and the 52-week range', () => {
    expect(quote(reliance, { session, prevClose: 9_900, history, now })).toEqual({
      symbol: 'RELIANCE',
      name: 'Reliance Industries',
      kind: 'stock',
      priceScale: 100,
      time: now,
      price: 10_150,
      prevClose: 9_900,
      open: 10_000,
      high: 10_200,
      low: 9_950,
      change: 250,
      changeRateBp: 253,
      volume: 150,
      amount: 1_510_000,
      high52w: 12_000,
      low52w: 8_000,
    })
    expect(fiftyTwoWeekStart(now)).toBe(at('2025-03-02T18:30:00Z'))
  })

  it('rests at the previous close before the first trade', () => {
    expect(quote(reliance, { session: [], prevClose: 9_900, history: [], now })).toMatchObject({
      price: 9_900, open: 9_900, high: 9_900, low: 9_900, change: 0, changeRateBp: 0, volume: 0, amount: 0, high52w: 9_900, low52w: 9_900,
    })
  })

  it('adds the company fields for a stock: market value, industry and a simulated foreign ratio', () => {
    const q = stockQuote(reliance, { session, prevClose: 9_900, history, now }, reliance.sharesOutstanding, 42)
    expect(q.marketValue).toBe(10_150 * reliance.sharesOutstanding)
    expect(q).toMatchObject({ industry: reliance.industry, sector: reliance.sector, sharesOutstanding: reliance.sharesOutstanding })
    expect(q.foreignRatioBp).toBe(foreignRatioBp(reliance, 42, now))
  })

  it('gives a stable foreign ratio within a quarter, inside the free float', () => {
    for (const stock of STOCKS) {
      const ratio = foreignRatioBp(stock, 42, at('2026-01-05T06:00:00Z'))
      expect(ratio).toBe(foreignRatioBp(stock, 42, at('2026-03-30T06:00:00Z')))
      expect(ratio).toBeGreaterThan(0)
      expect(ratio).toBeLessThanOrEqual(stock.freeFloatBp)
      expect(Math.abs(foreignRatioBp(stock, 42, at('2026-04-02T06:00:00Z')) - ratio)).toBeLessThanOrEqual(Math.ceil(stock.freeFloatBp * 0.05))
    }
  })

  it('quotes a live stock mid-minute from the bars revealed so far', () => {
    const day = simulateDay({ instrument: reliance, day: '2026-03-02', minutes: tradingMinutesOfDay('2026-03-02', nse), previousClose: 145_000, seed: 42 })
    const now = at('2026-03-02T05:00:30Z') // 10:30:30 IST
    const q = quote(reliance, { session: barsAsOf(day.bars, now, reliance.tickSize), prevClose: day.prevClose, history: [], now })
    const finished = day.bars.slice(0, 75)
    expect(q.volume).toBeGreaterThan(finished.reduce((a, b) => a + b.volume, 0))
    expect(q.price % 5).toBe(0)
    expect(q.open).toBe(day.bars[0]?.open)
  })
  it('quotes a currency pair in 1/10,000 rupee with its 52-week range', () => {
    const usd = findInstrument('USDINR')
    if (usd === undefined) throw new Error('no USDINR')
    const history = aggregate([bar(at('2026-01-05T04:00:00Z'), 900_000, 905_000, 880_000, 890_000)], 'day', anchorMinuteOf(nse))
    const q = quote(usd, { session: [], prevClose: 887_000, history, now: at('2026-03-02T05:00:00Z') })
    expect(q).toMatchObject({ price: 887_000, high52w: 905_000, low52w: 880_000, priceScale: 10_000 })
  })
})

describe('indices from their constituents', () => {
  it('sit at their reference level when the members are at their reference prices', () => {
    for (const index of INDICES) {
      const level = indexLevel(index, (s) => stockBySymbol(s).referencePrice, (s) => stockBySymbol(s).sharesOutstanding, indexDivisor(index))
      expect(level).toBe(index.referencePrice)
    }
    expect(indexBySymbol(INDEX_SYMBOLS.nifty50).referencePrice).toBe(2_590_000)
  })

  it('weigh members by free-float market value', () => {
    const bank = indexBySymbol(INDEX_SYMBOLS.niftyBank)
    const divisor = indexDivisor(bank)
    const price = (bump: string) => (s: string) => stockBySymbol(s).referencePrice * (s === bump ? 1.1 : 1)
    const shares = (s: string) => stockBySymbol(s).sharesOutstanding
    // HDFC Bank (all free float, the largest) moves the index far more than PNB does.
    const hdfc = indexLevel(bank, price('HDFCBANK'), shares, divisor) - bank.referencePrice
    const pnb = indexLevel(bank, price('PNB'), shares, divisor) - bank.referencePrice
    expect(hdfc).toBeGreaterThan(20 * pnb)
    expect(pnb).toBeGreaterThan(0)
  })

  function simulateIndexDays(index: (typeof INDICES)[number], from: string, to: string, seed: number, actions: readonly CorporateAction[] = []) {
    const divisor = indexDivisor(index)
    const close = new Map(index.constituents.map((s) => [s, stockBySymbol(s).referencePrice]))
    const out: { day: string; index: { prevClose: number; bars: readonly Bar[] }; members: Map<string, SimulatedDay> }[] = []
    for (const day of tradingDaysBetween(from, to, nse)) {
      const minutes = tradingMinutesOfDay(day, nse)
      const members = new Map<string, SimulatedDay>()
      const inputs = new Map<string, ConstituentDay>()
      for (const symbol of index.constituents) {
        const stock = stockBySymbol(symbol)
        const d = simulateDay({ instrument: stock, day, minutes, previousClose: close.get(symbol) ?? 0, seed, actions })
        members.set(symbol, d)
        close.set(symbol, d.bars[d.bars.length - 1]?.close ?? 0)
        inputs.set(symbol, { prevClose: d.prevClose, bars: d.bars, shares: sharesOutstandingOn(stock, day, actions) })
      }
      out.push({ day, index: indexDay(index, inputs, divisor), members })
    }
    return out
  }

  it('compute a day of minute bars whose close is the level at the members\' closes', () => {
    const nifty = indexBySymbol(INDEX_SYMBOLS.nifty50)
    const [result] = simulateIndexDays(nifty, '2026-03-02', '2026-03-02', 42)
    if (result === undefined) throw new Error('no day')
    const bars = result.index.bars
    expect(bars).toHaveLength(375)
    expect(result.index.prevClose).toBe(nifty.referencePrice)
    for (const b of bars) {
      expect(b.high).toBeGreaterThanOrEqual(Math.max(b.open, b.close))
      expect(b.low).toBeLessThanOrEqual(Math.min(b.open, b.close))
    }
    const lastClose = (s: string) => result.members.get(s)?.bars[374]?.close ?? 0
    expect(bars[374]?.close).toBe(indexLevel(nifty, lastClose, (s) => stockBySymbol(s).sharesOutstanding, indexDivisor(nifty)))
    const volume = [...result.members.values()].reduce((a, d) => a + d.bars.reduce((x, b) => x + b.volume, 0), 0)
    expect(bars.reduce((a, b) => a + b.volume, 0)).toBe(volume)
    const q = quote(nifty, { session: bars, prevClose: result.index.prevClose, history: [], now: at('2026-03-02T10:00:00Z') })
    expect(q.price).toBe(bars[374]?.close)
    expect(q.changeRateBp).toBe(changeRateBp(q.price, nifty.referencePrice))
  })

  it('move less than their members, as a diversified index does', () => {
    const bank = indexBySymbol(INDEX_SYMBOLS.niftyBank)
    const days = simulateIndexDays(bank, '2026-01-01', '2026-04-30', 13)
    const returns = days.map((d) => Math.log((d.index.bars[374]?.close ?? 0) / d.index.prevClose))
    const sd = Math.sqrt(returns.reduce((a, r) => a + r * r, 0) / returns.length) * 10_000
    // Members target 1.3%-2.3% a day; the factor model leaves the index near 1%.
    expect(sd).toBeGreaterThan(70)
    expect(sd).toBeLessThan(150)
  })

  it('run through a member\'s split without a jump', () => {
    const bank = indexBySymbol(INDEX_SYMBOLS.niftyBank)
    const split: CorporateAction[] = [{ kind: 'split', symbol: 'HDFCBANK', exDay: '2026-03-04', ratio: 2 }]
    const [monday, wednesday] = simulateIndexDays(bank, '2026-03-02', '2026-03-04', 21, split)
    const closeBefore = monday?.index.bars[374]?.close ?? 0
    // The level at the split-adjusted previous closes equals Monday's close, but for rounding the
    // halved price to its tick (one tick of the heaviest member is about a point of the index).
    expect(Math.abs((wednesday?.index.prevClose ?? 0) / closeBefore - 1)).toBeLessThan(0.0001)
    expect(wednesday?.members.get('HDFCBANK')?.prevClose).toBe(Math.round((monday?.members.get('HDFCBANK')?.bars[374]?.close ?? 0) / 2 / 5) * 5)
  })
})
