import { describe, expect, it } from 'vitest'
import { CURRENCIES, RATE_SCALE, exchangeEntry, exchangeQuote, type ExchangeQuote } from '../../../server/domain/exchange'
import { HOUSE_FX, sumsByCurrency, userAccount } from '../../../server/domain/ledger'
import { DomainRefusal } from '../../../server/domain/refusal'
import { createRng } from '../../../server/market/random'

// Rupees per unit x 10^8.
const rates = { INR: RATE_SCALE, USD: 8_400_000_000, JPY: 56_000_000, KRW: 6_000_000, VND: 330_000, CNY: 1_160_000_000, TWD: 260_000_000, HKD: 1_080_000_000, THB: 240_000_000, MYR: 1_880_000_000 }
const SPREAD = 500 // 0.5%

describe('exchange', () => {
  it('converts through rupees at the mid rate less the spread, rounded down to a whole minor unit', () => {
    // ₹10,000.00 -> USD: 10,000 / 84 = 119.047... x 0.995 = 118.45 (cents, rounded down).
    expect(exchangeQuote({ from: 'INR', to: 'USD', amountIn: 1_000_000, rates, spreadPerLakh: SPREAD })).toEqual({ from: 'INR', to: 'USD', amountIn: 1_000_000, amountOut: 11_845 })
    // $100.00 -> yen (no minor unit): 100 x 84 / 0.56 = 15,000 x 0.995 = 14,925 yen.
    expect(exchangeQuote({ from: 'USD', to: 'JPY', amountIn: 10_000, rates, spreadPerLakh: SPREAD })).toMatchObject({ amountOut: 14_925 })
    // ¥1,000 -> ₹: 1,000 x 0.56 = ₹560 x 0.995 = ₹557.20.
    expect(exchangeQuote({ from: 'JPY', to: 'INR', amountIn: 1_000, rates, spreadPerLakh: SPREAD })).toMatchObject({ amountOut: 55_720 })
  })

  it('refuses the same currency, an unknown one, a missing rate, nothing and too little', () => {
    const code = (r: unknown) => (r instanceof DomainRefusal ? r.code : null)
    expect(code(exchangeQuote({ from: 'USD', to: 'USD', amountIn: 100, rates, spreadPerLakh: SPREAD }))).toBe('exchange_same_currency')
    expect(code(exchangeQuote({ from: 'USD', to: 'EUR', amountIn: 100, rates, spreadPerLakh: SPREAD }))).toBe('currency_unknown')
    expect(code(exchangeQuote({ from: 'USD', to: 'THB', amountIn: 100, rates: { ...rates, THB: 0 }, spreadPerLakh: SPREAD }))).toBe('rate_unavailable')
    expect(code(exchangeQuote({ from: 'USD', to: 'INR', amountIn: 0, rates, spreadPerLakh: SPREAD }))).toBe('amount_invalid')
    expect(code(exchangeQuote({ from: 'USD', to: 'INR', amountIn: 1.5, rates, spreadPerLakh: SPREAD }))).toBe('amount_invalid')
    // 1 dong is far less than a paisa.
    expect(code(exchangeQuote({ from: 'VND', to: 'INR', amountIn: 1, rates, spreadPerLakh: SPREAD }))).toBe('exchange_amount_too_small')
  })

  it('never gives back more than was put in when changing there and back again', () => {
    const rng = createRng(99)
    for (let i = 0; i < 2_000; i++) {
      const from = CURRENCIES[rng.uint32() % CURRENCIES.length]!
      const to = CURRENCIES[rng.uint32() % CURRENCIES.length]!
      if (from === to) continue
      const amountIn = 1 + (rng.uint32() % 100_000_000)
      const there = exchangeQuote({ from, to, amountIn, rates, spreadPerLakh: SPREAD })
      if (there instanceof DomainRefusal) continue
      const back = exchangeQuote({ from: to, to: from, amountIn: there.amountOut, rates, spreadPerLakh: SPREAD })
      if (back instanceof DomainRefusal) continue
      expect(back.amountOut).toBeLessThanOrEqual(amountIn)
    }
  })

  it('books both legs per currency through the desk, balanced in each', () => {
    const q = exchangeQuote({ from: 'INR', to: 'USD', amountIn: 1_000_000, rates, spreadPerLakh: SPREAD }) as ExchangeQuote
    const e = exchangeEntry(5, 11, q)
    expect(e).toMatchObject({ reason: 'exchange', reference: 'exchange:11' })
    expect(e.legs).toContainEqual({ account: userAccount(5, 'available'), currency: 'INR', amount: -1_000_000 })
    expect(e.legs).toContainEqual({ account: HOUSE_FX, currency: 'USD', amount: -11_845 })
    expect(e.legs).toContainEqual({ account: userAccount(5, 'available'), currency: 'USD', amount: 11_845 })
    expect(sumsByCurrency(e.legs)).toEqual(new Map([['INR', 0], ['USD', 0]]))
  })
})
