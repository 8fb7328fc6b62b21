import { describe, expect, it } from 'vitest'
import { CURRENCIES, exchangeQuote } from '../../../server/funds/exchange-rules'
import { DomainRefusal } from '../../../server/http/refusal'
import { createRng } from '../../../server/market/random'
import { formatRateNumber, formatRupeeRate, minAcceptable, previewExchange, rateToDecimal, unitRate, valueInPaise } from '../../../src/lib/exchange'

// Rupees per unit x 10^8, as /user/exchangeRates sends them.
const rates = { INR: 100_000_000, USD: 8_412_345_678, JPY: 57_123_456, KRW: 6_050_000, VND: 337_000, CNY: 1_247_000_000, TWD: 285_000_000, HKD: 1_140_000_000, THB: 274_000_000, MYR: 2_130_000_000 }

describe('previewExchange', () => {
  it('says exactly what the server pays, and refuses with the server’s codes, for thousands of inputs', () => {
    const rng = createRng(7)
    const codes = ['INR', 'USD', 'EUR', ...CURRENCIES]
    for (let i = 0; i < 5_000; i++) {
      const from = codes[rng.uint32() % codes.length]!
      const to = codes[rng.uint32() % codes.length]!
      const amountIn = [0, -3, 1, 7][i % 13] ?? rng.uint32() % 1_000_000_000
      const spreadPerLakh = [0, 500, 1_234][i % 3]!
      const someRates: Record<string, number> = i % 17 === 0 ? { ...rates, THB: 0 } : rates
      const server = exchangeQuote({ from, to, amountIn, rates: someRates, spreadPerLakh })
      const client = previewExchange({ from, to, amountIn, rates: someRates, spreadPerLakh })
      if (server instanceof DomainRefusal) expect(client).toEqual({ ok: false, code: server.code, params: server.params })
      else expect(client).toEqual({ ok: true, ...server })
    }
  })

  it('treats a currency with no rate now as rate_unavailable', () => {
    expect(previewExchange({ from: 'INR', to: 'THB', amountIn: 100, rates: { ...rates, THB: null }, spreadPerLakh: 500 })).toMatchObject({ ok: false, code: 'rate_unavailable' })
  })
})

describe('the confirmation', () => {
  it('accepts at most 0.1% less than it showed, and always at least one unit', () => {
    expect(minAcceptable(100_000)).toBe(99_900)
    expect(minAcceptable(11_845)).toBe(11_833)
    expect(minAcceptable(1)).toBe(1)
  })

  it('states the rate of one whole unit after the spread, never better than applied', () => {
    // $1 at ₹84.12345678 into yen at ₹0.57123456, less 0.5%: 146.52971888833... yen.
    const rate = unitRate(rates.USD, rates.JPY, 500)
    expect(rate).toBe('146.52971888')
    expect(formatRateNumber(rate)).toBe('146.529')
    expect(formatRateNumber(unitRate(rates.VND, rates.INR, 0))).toBe('0.00337')
  })

  it('shows a rupee rate to six significant digits, truncated', () => {
    expect(rateToDecimal(8_358_000_000)).toBe('83.58000000')
    expect(rateToDecimal(337_000)).toBe('0.00337000')
    expect(formatRupeeRate(8_442_211_056)).toBe('₹84.4221')
    expect(formatRupeeRate(337_000)).toBe('₹0.00337')
  })
})

describe('valueInPaise', () => {
  it('values a wallet in paise at its mid rate, rounded down', () => {
    expect(valueInPaise(10_000, 'USD', 8_400_000_000)).toBe(840_000)
    expect(valueInPaise(1_000, 'JPY', 57_123_456)).toBe(57_123)
    expect(valueInPaise(1_000_000, 'VND', 337_000)).toBe(337_000)
    expect(valueInPaise(-1, 'USD', 8_412_345_678)).toBe(-85)
    expect(valueInPaise(500, 'INR', null)).toBe(500)
    expect(valueInPaise(500, 'USD', null)).toBeUndefined()
    expect(valueInPaise(500, 'EUR', 10)).toBeUndefined()
  })
})
