import { describe, expect, it } from 'vitest'
import {
  DIGITAL_CURRENCIES,
  FOREX_PAIRS,
  INDEX_SYMBOLS,
  INDICES,
  INSTRUMENTS,
  STOCKS,
  findInstrument,
  indexBySymbol,
  indicesOf,
  stockBySymbol,
} from '../../../server/market/instruments'

describe('instrument universe', () => {
  it('holds the 50 NIFTY 50 members, 30 SENSEX members and 12 NIFTY BANK members, all as stocks', () => {
    expect(indexBySymbol(INDEX_SYMBOLS.nifty50).constituents).toHaveLength(50)
    expect(indexBySymbol(INDEX_SYMBOLS.sensex).constituents).toHaveLength(30)
    expect(indexBySymbol(INDEX_SYMBOLS.niftyBank).constituents).toHaveLength(12)
    for (const index of INDICES) {
      expect(new Set(index.constituents).size).toBe(index.constituents.length)
      for (const symbol of index.constituents) expect(stockBySymbol(symbol).kind).toBe('stock')
    }
    const nifty = new Set(indexBySymbol(INDEX_SYMBOLS.nifty50).constituents)
    for (const symbol of indexBySymbol(INDEX_SYMBOLS.sensex).constituents) expect(nifty.has(symbol)).toBe(true)
    expect(STOCKS).toHaveLength(57)
  })

  it('has one instrument per symbol', () => {
    expect(new Set(INSTRUMENTS.map((i) => i.symbol)).size).toBe(INSTRUMENTS.length)
    expect(findInstrument('RELIANCE')?.kind).toBe('stock')
    expect(findInstrument('USDINR')?.kind).toBe('forex')
    expect(findInstrument('BTCINR')?.kind).toBe('crypto')
    expect(findInstrument('NIFTY50')?.kind).toBe('index')
    expect(findInstrument('NOPE')).toBeUndefined()
    expect(() => stockBySymbol('USDINR')).toThrow()
  })

  it('starts every price as a positive whole number on its tick', () => {
    for (const instrument of INSTRUMENTS) {
      expect(Number.isSafeInteger(instrument.referencePrice)).toBe(true)
      expect(instrument.referencePrice).toBeGreaterThan(0)
      expect(instrument.referencePrice % instrument.tickSize).toBe(0)
    }
    for (const stock of STOCKS) {
      expect(stock.priceScale).toBe(100)
      expect(stock.tickSize).toBe(5)
      expect(stock.freeFloatBp).toBeGreaterThan(0)
      expect(stock.freeFloatBp).toBeLessThanOrEqual(10_000)
      // Market value in paise stays an exact integer with room for the price to triple.
      expect(Number.isSafeInteger(stock.referencePrice * stock.sharesOutstanding * 3)).toBe(true)
      expect(stock.referenceDailyVolume).toBeGreaterThan(0)
    }
  })

  it('prices currency pairs in 1/10,000 rupee and quotes small currencies per 100 or 1,000', () => {
    const usd = findInstrument('USDINR')
    expect(usd).toMatchObject({ kind: 'forex', priceScale: 10_000, tickSize: 25, baseAmount: 1 })
    expect(findInstrument('JPYINR')).toMatchObject({ baseAmount: 100 })
    expect(findInstrument('VNDINR')).toMatchObject({ baseAmount: 1000 })
    expect(FOREX_PAIRS.map((p) => p.base)).toEqual(expect.arrayContaining(['USD', 'EUR', 'GBP', 'JPY', 'CNY', 'HKD', 'TWD', 'THB', 'MYR', 'KRW', 'VND']))
    expect(DIGITAL_CURRENCIES.map((c) => c.symbol)).toEqual(expect.arrayContaining(['BTCINR', 'ETHINR']))
  })

  it('is frozen', () => {
    expect(Object.isFrozen(INSTRUMENTS)).toBe(true)
    expect(Object.isFrozen(stockBySymbol('TCS'))).toBe(true)
    expect(Object.isFrozen(indexBySymbol(INDEX_SYMBOLS.sensex).constituents)).toBe(true)
  })

  it('lists the indices a stock belongs to', () => {
    expect(indicesOf('HDFCBANK').map((i) => i.symbol)).toEqual(['NIFTY50', 'SENSEX', 'BANKNIFTY'])
    expect(indicesOf('PNB').map((i) => i.symbol)).toEqual(['BANKNIFTY'])
  })
})
