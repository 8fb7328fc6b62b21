import { describe, expect, it } from 'vitest'
import { fillPrice, openingCosts, shouldFill, validateOrder, type OrderContext, type OrderInput } from '../../../server/trade/order-rules'
import { DomainRefusal } from '../../../server/http/refusal'
import { DEFAULT_TRADING_RULES, type Result } from '../../../server/trade/rules'

// Monday 12 January 2026, 11:00 India time.
const now = Date.parse('2026-01-12T05:30:00Z')

const ctx: OrderContext = {
  rules: DEFAULT_TRADING_RULES,
  now,
  market: { open: true },
  marketPrice: 250_000,
  previousClose: 250_000,
  account: { noTrade: false, marginTradingEnabled: true, realNameStatus: 'verified' },
  available: 100_000_000,
}

const buy: OrderInput = { kind: 'market', direction: 'long', lots: 2, leverage: 5 }

function refusalOf<T>(result: Result<T>): { code: string; params: DomainRefusal['params'] } {
  if (result.ok) throw new Error('expected a refusal')
  expect(result.refusal).toBeInstanceOf(DomainRefusal)
  return { code: result.refusal.code, params: result.refusal.params }
}

describe('order costs', () => {
  it('prices a market long at the feed: amount, margin, fee, duty and total debit', () => {
    // 2 lots x 100 shares x ₹2,500 = ₹5,00,000; margin at 5x ₹1,00,000; fee 0.03% ₹150; duty 0.015% ₹75.
    expect(validateOrder(buy, ctx)).toEqual({
      ok: true,
      value: {
        price: 250_000,
        quantity: 200,
        contractAmount: 50_000_000,
        margin: 10_000_000,
        fee: 15_000,
        stampDuty: 7_500,
        totalDebit: 10_022_500,
      },
    })
  })

  it('charges a short no stamp duty when it opens: it sells', () => {
    const result = validateOrder({ ...buy, direction: 'short' }, ctx)
    expect(result).toMatchObject({ ok: true, value: { stampDuty: 0, totalDebit: 10_015_000 } })
  })

  it('prices a limit order at its limit, not at the feed', () => {
    const result = validateOrder({ kind: 'limit', direction: 'long', lots: 1, leverage: 1, limitPrice: 240_000 }, ctx)
    expect(result).toMatchObject({ ok: true, value: { price: 240_000, contractAmount: 24_000_000, margin: 24_000_000 } })
  })

  it('rounds a leveraged margin up to whole paise', () => {
    // 100 x 1,003 paise = 1,00,300 / 3 = 33,433.33 -> 33,434; 7 / 2 = 3.5 -> 4.
    expect(openingCosts('long', 100, 1_003, 3, DEFAULT_TRADING_RULES).margin).toBe(33_434)
    expect(openingCosts('long', 7, 1, 2, DEFAULT_TRADING_RULES).margin).toBe(4)
  })

  it('accepts a balance exactly equal to the total debit', () => {
    expect(validateOrder(buy, { ...ctx, available: 10_022_500 }).ok).toBe(true)
  })

  it('accepts a leverage of 1 without margin trading enabled', () => {
    const result = validateOrder({ ...buy, leverage: 1 }, { ...ctx, account: { noTrade: false, marginTradingEnabled: false, realNameStatus: 'verified' } })
    expect(result.ok).toBe(true)
  })
})

describe('order refusals', () => {
  it('refuses an account flagged no-trade before anything else', () => {
    expect(refusalOf(validateOrder({ ...buy, lots: 0 }, { ...ctx, account: { noTrade: true, marginTradingEnabled: true, realNameStatus: 'verified' } }))).toEqual({
      code: 'trading_disabled',
      params: {},
    })
  })

  it.each(['none', 'pending', 'failed'] as const)('refuses an account whose identity is %s, and says so', (realNameStatus) => {
    expect(refusalOf(validateOrder(buy, { ...ctx, account: { noTrade: false, marginTradingEnabled: true, realNameStatus } }))).toEqual({
      code: 'real_name_required',
      params: { status: realNameStatus },
    })
  })

  it.each([0, -1, 1.5, Number.NaN, 10_001])('refuses %s lots with the allowed range', (lots) => {
    expect(refusalOf(validateOrder({ ...buy, lots }, ctx))).toEqual({ code: 'lots_invalid', params: { min: 1, max: 10_000 } })
  })

  it('refuses a leverage outside the published set and lists the set', () => {
    expect(refusalOf(validateOrder({ ...buy, leverage: 3 }, ctx))).toEqual({ code: 'leverage_not_allowed', params: { allowed: '1,2,5,10' } })
  })

  it('refuses leverage above 1 without margin trading enabled', () => {
    const result = validateOrder(buy, { ...ctx, account: { noTrade: false, marginTradingEnabled: false, realNameStatus: 'verified' } })
    expect(refusalOf(result)).toEqual({ code: 'margin_trading_disabled', params: {} })
  })

  it.each([0, -100, 10.5, null, undefined])('refuses a limit price of %s', (limitPrice) => {
    const result = validateOrder({ kind: 'limit', direction: 'long', lots: 1, leverage: 1, limitPrice }, ctx)
    expect(refusalOf(result)).toEqual({ code: 'limit_price_invalid', params: {} })
  })

  it('refuses while the market is closed and says when it opens', () => {
    const opensAt = Date.parse('2026-01-13T03:45:00Z')
    expect(refusalOf(validateOrder(buy, { ...ctx, market: { open: false, opensAt } }))).toEqual({
      code: 'market_closed',
      params: { opens: opensAt },
    })
  })

  it('refuses a day-trading order from the cut-off on, naming the cut-off', () => {
    const atCutoff = Date.parse('2026-01-12T09:45:00Z')
    const dayTrade = { ...buy, dayTrading: true }
    expect(validateOrder(dayTrade, { ...ctx, now: atCutoff - 1 }).ok).toBe(true)
    expect(refusalOf(validateOrder(dayTrade, { ...ctx, now: atCutoff }))).toEqual({ code: 'day_trading_closed', params: { cutoff: '15:15' } })
    expect(validateOrder(buy, { ...ctx, now: atCutoff }).ok).toBe(true)
  })

  it('refuses a limit price outside the band and gives the band', () => {
    const limit = (limitPrice: number): OrderInput => ({ kind: 'limit', direction: 'short', lots: 1, leverage: 1, limitPrice })
    expect(refusalOf(validateOrder(limit(275_001), ctx))).toEqual({ code: 'price_out_of_band', params: { min: 225_000, max: 275_000 } })
    expect(refusalOf(validateOrder(limit(224_999), ctx))).toEqual({ code: 'price_out_of_band', params: { min: 225_000, max: 275_000 } })
    expect(validateOrder(limit(275_000), ctx).ok).toBe(true)
  })

  it('refuses a market order when the feed price itself is outside the band', () => {
    expect(refusalOf(validateOrder(buy, { ...ctx, marketPrice: 280_000 })).code).toBe('price_out_of_band')
  })

  it('refuses an order the available balance does not cover, with both amounts', () => {
    expect(refusalOf(validateOrder(buy, { ...ctx, available: 10_022_499 }))).toEqual({
      code: 'insufficient_balance',
      params: { required: 10_022_500, available: 10_022_499 },
    })
  })

  it('throws, rather than refuses, on a feed price that is not whole paise', () => {
    expect(() => validateOrder(buy, { ...ctx, marketPrice: 2500.5 })).toThrow(/marketPrice/)
    expect(() => validateOrder(buy, { ...ctx, previousClose: 0 })).toThrow(/previousClose/)
  })
})

describe('limit order fill', () => {
  const at = now

  it('fills a long when the feed is at or below the limit', () => {
    const order = { direction: 'long' as const, limitPrice: 240_000 }
    expect(shouldFill(order, { price: 240_001, at })).toBe(false)
    expect(shouldFill(order, { price: 240_000, at })).toBe(true)
    expect(shouldFill(order, { price: 239_000, at })).toBe(true)
  })

  it('fills a short when the feed is at or above the limit', () => {
    const order = { direction: 'short' as const, limitPrice: 260_000 }
    expect(shouldFill(order, { price: 259_999, at })).toBe(false)
    expect(shouldFill(order, { price: 260_000, at })).toBe(true)
    expect(shouldFill(order, { price: 261_000, at })).toBe(true)
  })

  it('fills at the limit even when the tick is better, so the frozen amount is exactly what the fill moves', () => {
    expect(fillPrice({ direction: 'long', limitPrice: 240_000 }, { price: 239_000, at })).toBe(240_000)
    expect(fillPrice({ direction: 'short', limitPrice: 260_000 }, { price: 261_000, at })).toBe(260_000)
  })
})
