import { describe, expect, it } from 'vitest'
import { marketBreadth } from '../../../src/features/market/breadth'
import { microToDecimal, perLakhToPercent, readRules } from '../../../src/features/market/rules'

describe('marketBreadth', () => {
  it('counts rising, falling and unchanged stocks and sums turnover', () => {
    const b = marketBreadth([
      { change: 5, amount: 100 },
      { change: 3, amount: 200 },
      { change: -1, amount: 300 },
      { change: 0, amount: 400 },
    ])
    expect(b).toMatchObject({ advancing: 2, declining: 1, unchanged: 1, total: 4, turnover: 1000, ratioHundredths: 200, advancingBp: 5000, decliningBp: 2500 })
  })

  it('has no ratio when nothing fell, and no shares when there are no stocks', () => {
    expect(marketBreadth([{ change: 1, amount: 0 }]).ratioHundredths).toBeNull()
    expect(marketBreadth([])).toMatchObject({ total: 0, advancingBp: 0, decliningBp: 0, ratioHundredths: null })
  })
})

describe('published rules in plain numbers', () => {
  it('turns a rate per lakh into an exact percentage', () => {
    expect(perLakhToPercent(30)).toBe('0.03')
    expect(perLakhToPercent(15)).toBe('0.015')
    expect(perLakhToPercent(1000)).toBe('1')
    expect(perLakhToPercent(12500)).toBe('12.5')
  })

  it('turns millionths of a coin into a decimal', () => {
    expect(microToDecimal(10000)).toBe('0.01')
    expect(microToDecimal(1_500_000)).toBe('1.5')
  })

  it('reads the config values, leaving out what is missing or malformed', () => {
    const config: Record<string, string> = { lot_size: '100', leverages: '1,2,5,x', lock_unit: 'minutes', lock_count: '1', price_band_pct: 'ten' }
    const rules = readRules((name) => config[name])
    expect(rules).toMatchObject({ lotSize: 100, leverages: [1, 2, 5], lock: { unit: 'minutes', count: 1 }, bandPct: null, alwaysOpen: false, hours: '09:15-15:30' })
  })
})
