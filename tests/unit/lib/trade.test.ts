import { describe, expect, it } from 'vitest'
import {
  DEFAULT_CLIENT_TRADING_RULES as rules,
  contractAmount,
  handlingFee,
  marginFor,
  marketValue,
  mulDiv,
  openingCostsPreview,
  priceBand,
  stampDuty,
  tradingRulesFromConfig,
  unrealisedPnl,
} from '../../../src/lib/trade'

describe('contractAmount', () => {
  it('is quantity x price for a stock (divisor 1)', () => {
    expect(contractAmount(100, 245_050, 1)).toBe(24_505_000)
  })

  it('divides crypto millionths of a coin by 10^6, half up', () => {
    // 0.01 coin at ₹50,00,000.00 = ₹50,000.00
    expect(contractAmount(10_000, 500_000_000, 1_000_000)).toBe(5_000_000)
    // 0.000001 coin at 1,500,000 paise = 1.5 paise -> 2
    expect(contractAmount(1, 1_500_000, 1_000_000)).toBe(2)
    expect(contractAmount(1, 1_499_999, 1_000_000)).toBe(1)
  })

  it('divides forex by 100 x base amount (price in 1/10,000 rupee)', () => {
    // 1,000 USD at 83.3000 = ₹83,300.00
    expect(contractAmount(1000, 833_000, 100)).toBe(8_330_000)
    // 100,000 JPY (base amount 100) at 55.5555 rupees per 100 yen
    expect(contractAmount(100_000, 555_555, 100 * 100)).toBe(5_555_550)
    expect(contractAmount(1, 50, 100)).toBe(1) // 0.5 paise rounds half up
  })

  it('keeps products beyond 2^53 exact and refuses a result that does not fit', () => {
    expect(mulDiv(2 ** 40, 2 ** 20, 2 ** 20, 'down')).toBe(2 ** 40)
    expect(() => contractAmount(2 ** 40, 2 ** 20, 1)).toThrow(RangeError)
  })
})

describe('costs', () => {
  it('rounds margin up, fee half up with its minimum, stamp duty only on the buying side', () => {
    expect(marginFor(1001, 2)).toBe(501)
    expect(marginFor(1000, 1)).toBe(1000)
    expect(handlingFee(100_000, rules)).toBe(1000) // 30 paise -> minimum ₹10
    expect(handlingFee(10_000_000, rules)).toBe(3000)
    expect(handlingFee(10_001_667, rules)).toBe(3001) // 3000.5 -> 3001
    expect(stampDuty(10_000_000, true, rules)).toBe(1500)
    expect(stampDuty(10_003_333, true, rules)).toBe(1500) // 1500.49995
    expect(stampDuty(10_003_334, true, rules)).toBe(1501) // 1500.5001
    expect(stampDuty(10_000_000, false, rules)).toBe(0)
  })

  it('previews an order like the server opens it', () => {
    const quote = { price: 245_050, lotUnits: 100, unitDivisor: 1 }
    expect(openingCostsPreview({ direction: 'long', type: 'market', lots: 2, leverage: 5 }, quote, rules)).toEqual({
      price: 245_050,
      quantity: 200,
      contractAmount: 49_010_000,
      margin: 9_802_000,
      fee: 14_703,
      stampDuty: 7352, // 7351.5 half up
      totalDebit: 9_802_000 + 14_703 + 7352,
    })
    const short = openingCostsPreview({ direction: 'short', type: 'limit', price: 240_000, lots: 1, leverage: 1 }, quote, rules)
    expect(short).toMatchObject({ price: 240_000, contractAmount: 24_000_000, margin: 24_000_000, fee: 7200, stampDuty: 0 })
    expect(short?.totalDebit).toBe(24_007_200)
  })

  it('previews crypto and forex with their divisors', () => {
    const btc = { price: 500_000_000, lotUnits: 10_000, unitDivisor: 1_000_000 }
    expect(openingCostsPreview({ direction: 'long', type: 'market', lots: 3, leverage: 2 }, btc, rules)).toMatchObject({
      quantity: 30_000,
      contractAmount: 15_000_000,
      margin: 7_500_000,
      fee: 4500,
      stampDuty: 2250,
    })
    const usd = { price: 833_000, lotUnits: 1000, unitDivisor: 100 }
    expect(openingCostsPreview({ direction: 'short', type: 'market', lots: 1, leverage: 10 }, usd, rules)).toMatchObject({
      contractAmount: 8_330_000,
      margin: 833_000,
      fee: 2499,
      stampDuty: 0,
    })
  })

  it('has no preview for an index or for fields that are not positive whole numbers', () => {
    expect(openingCostsPreview({ direction: 'long', type: 'market', lots: 1, leverage: 1 }, { price: 100 }, rules)).toBeUndefined()
    const quote = { price: 100, lotUnits: 100, unitDivisor: 1 }
    expect(openingCostsPreview({ direction: 'long', type: 'limit', lots: 1, leverage: 1 }, quote, rules)).toBeUndefined()
    expect(openingCostsPreview({ direction: 'long', type: 'market', lots: 0, leverage: 1 }, quote, rules)).toBeUndefined()
    expect(openingCostsPreview({ direction: 'long', type: 'market', lots: 1.5, leverage: 1 }, quote, rules)).toBeUndefined()
  })
})

describe('position values', () => {
  const long = { direction: 'long' as const, quantity: 100, unitDivisor: 1, entryPrice: 10_000 }

  it('computes P&L long and short as a difference of contract amounts', () => {
    expect(unrealisedPnl(long, 10_250)).toBe(25_000)
    expect(unrealisedPnl(long, 9_900)).toBe(-10_000)
    expect(unrealisedPnl({ ...long, direction: 'short' }, 9_900)).toBe(10_000)
    expect(unrealisedPnl({ ...long, direction: 'short' }, 10_250)).toBe(-25_000)
    expect(unrealisedPnl({ ...long, entryPrice: null }, 10_000)).toBeUndefined()
  })

  it('rounds each leg like the settlement does (crypto)', () => {
    // 0.000001 coin: entry 1.5 paise -> 2, now 2.4 paise -> 2: no P&L, as settled
    const tiny = { direction: 'long' as const, quantity: 1, unitDivisor: 1_000_000, entryPrice: 1_500_000 }
    expect(unrealisedPnl(tiny, 2_400_000)).toBe(0)
    expect(marketValue(tiny, 2_500_000)).toBe(3)
  })

  it('has the same market value long or short', () => {
    expect(marketValue(long, 10_250)).toBe(1_025_000)
    const short = { ...long, direction: 'short' as const }
    expect(marketValue(short, 10_250)).toBe(1_025_000)
  })
})

describe('priceBand', () => {
  it('rounds both edges inward', () => {
    expect(priceBand(10_005, rules)).toEqual({ min: 9005, max: 11_005 }) // 9004.5 up, 11005.5 down
    expect(priceBand(1, rules)).toEqual({ min: 1, max: 1 })
  })
})

describe('tradingRulesFromConfig', () => {
  it('reads the published names and falls back to defaults', () => {
    const values: Record<string, string> = {
      lot_size: '50',
      leverages: '1, 3,x',
      handling_fee_per_lakh: '20',
      min_handling_fee: '500',
      lock_unit: 'minutes',
      lock_count: '1',
      market_order_reconfirm_seconds: '90',
      price_band_pct: 'abc',
    }
    const r = tradingRulesFromConfig((name) => values[name])
    expect(r).toMatchObject({
      lotSize: 50,
      leverages: [1, 3],
      handlingFeePerLakh: 20,
      minHandlingFee: 500,
      lock: { unit: 'minutes', count: 1 },
      marketOrderReconfirmSeconds: 90,
      priceBandPct: 10,
      stampDutyPerLakh: 15,
    })
    expect(tradingRulesFromConfig(() => undefined)).toEqual(rules)
  })
})
