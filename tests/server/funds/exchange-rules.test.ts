import { describe, expect, it } from 'vitest'
import {
  CURRENCIES,
  RATE_SCALE,
  checkSpread,
  exchangeEntry,
  exchangeFlagRefusal,
  exchangeQuote,
  midRates,
  rateFromPairPrice,
  rateMovedRefusal,
  userRates,
  walletRefusal,
  type ExchangeQuote,
} from '../../../server/funds/exchange-rules'
import { HOUSE_FX, sumsByCurrency, userAccount } from '../../../server/ledger/rules'
import { DomainRefusal } from '../../../server/http/refusal'
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

describe('exchange rates', () => {
  it('turns a pair price into rupees per unit, whatever many units the pair is quoted for', () => {
    // USDINR 88.7000 (1/10,000 rupee per dollar) is ₹88.70 per dollar.
    expect(rateFromPairPrice({ price: 887_000, priceScale: 10_000, baseAmount: 1 })).toBe(8_870_000_000)
    // JPYINR is per 100 yen: 57.0000 is ₹0.57 per yen; VNDINR per 1,000 dong: 3.3700 is ₹0.00337.
    expect(rateFromPairPrice({ price: 570_000, priceScale: 10_000, baseAmount: 100 })).toBe(57_000_000)
    expect(rateFromPairPrice({ price: 33_700, priceScale: 10_000, baseAmount: 1_000 })).toBe(337_000)
    expect(() => rateFromPairPrice({ price: 0, priceScale: 10_000, baseAmount: 1 })).toThrow()
  })

  it('takes the market pair where there is one, the reference rate where there is not, and INR as the base', () => {
    const rates = midRates(
      (c) => (c === 'USD' ? { price: 887_000, priceScale: 10_000, baseAmount: 1, time: 123 } : undefined),
      { VND: 330_000, KRW: 0 },
    )
    expect(rates.get('INR')).toEqual({ mid: RATE_SCALE, source: 'base', time: null })
    expect(rates.get('USD')).toEqual({ mid: 8_870_000_000, source: 'market', time: 123 })
    expect(rates.get('VND')).toEqual({ mid: 330_000, source: 'reference', time: null })
    // Neither a pair nor a usable reference rate: no rate, so an exchange is refused.
    expect(rates.has('KRW')).toBe(false)
    expect(rates.has('JPY')).toBe(false)
  })

  it('gives the user the mid less the spread when selling and grossed up by it when buying', () => {
    // 0.5% of ₹84: sell at ₹83.58, buy at ₹84.422110... rounded up.
    expect(userRates(8_400_000_000, 500)).toEqual({ sell: 8_358_000_000, buy: 8_442_211_056 })
    expect(userRates(8_400_000_000, 0)).toEqual({ sell: 8_400_000_000, buy: 8_400_000_000 })
    // Buying a dollar at `buy` rupees and selling it back never makes money.
    const { buy, sell } = userRates(8_412_345_678, 137)
    expect(sell).toBeLessThan(buy)
  })

  it('refuses a spread that is not whole parts per lakh below the whole', () => {
    expect(checkSpread(500)).toBe(500)
    for (const bad of [-1, 100_000, 1.5, Number.NaN]) expect(() => checkSpread(bad)).toThrow()
  })
})

describe('exchange request rules', () => {
  const quote = exchangeQuote({ from: 'INR', to: 'USD', amountIn: 1_000_000, rates, spreadPerLakh: SPREAD }) as ExchangeQuote

  it('refuses a frozen or disabled account with the reason, the strongest flag first', () => {
    expect(exchangeFlagRefusal({})).toBeNull()
    expect(exchangeFlagRefusal({ no_withdraw: 'x', no_trade: 'y' })).toBeNull()
    expect(exchangeFlagRefusal({ frozen: 'court order' })).toMatchObject({ code: 'account_frozen', params: { reason: 'court order' } })
    expect(exchangeFlagRefusal({ frozen: 'a', disabled: 'b' })).toMatchObject({ code: 'account_disabled', params: { reason: 'b' } })
  })

  it('refuses more than the wallet holds, naming the currency', () => {
    expect(walletRefusal(quote, 1_000_000)).toBeNull()
    expect(walletRefusal(quote, 999_999)).toMatchObject({ code: 'insufficient_balance', params: { available: 999_999, required: 1_000_000, currency: 'INR' } })
  })

  it('refuses a quote that gives less than the user confirmed', () => {
    expect(rateMovedRefusal(quote, undefined)).toBeNull()
    expect(rateMovedRefusal(quote, quote.amountOut)).toBeNull()
    expect(rateMovedRefusal(quote, quote.amountOut + 1)).toMatchObject({ code: 'exchange_rate_moved', params: { amountOut: quote.amountOut, minAmountOut: quote.amountOut + 1, currency: 'USD' } })
  })
})
