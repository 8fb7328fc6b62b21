import { describe, expect, it } from 'vitest'
import { openingCosts, validateOrder, type OrderContext } from '../../../server/trade/order-rules'
import { closeSettlement, isStopOut, marketValue, positionPnl, stopOutPrice, type Position } from '../../../server/trade/position-rules'
import { DEFAULT_TRADING_RULES, contractAmount } from '../../../server/trade/rules'
import { createRng } from '../../../server/market/random'

const rules = DEFAULT_TRADING_RULES
const now = Date.parse('2026-01-12T05:30:00Z')

// 0.01 BTC (10,000 millionths) at ₹85,00,000 a coin (paise per coin): divisor 10^6.
const CRYPTO = { lotUnits: 10_000, unitDivisor: 1_000_000 }
// USD/INR at ₹88.0000 (price in 1/10,000 rupee per 1 USD): divisor 100 x 1, a lot 1,000 USD.
const USD = { lotUnits: 1_000, unitDivisor: 100 }
// JPY/INR quoted per 100 yen at ₹58.3000: divisor 100 x 100, a lot 1,000 x 100 yen.
const JPY = { lotUnits: 100_000, unitDivisor: 10_000 }

function position(overrides: Partial<Position>): Position {
  return {
    direction: 'long',
    quantity: 10_000,
    entryPrice: 850_000_000,
    unitDivisor: 1_000_000,
    leverage: 10,
    margin: 850_000,
    openedAt: now,
    unlockAt: now,
    dayTrading: false,
    status: 'holding',
    ...overrides,
  }
}

describe('contract amount with a unit divisor', () => {
  it('turns quantity x price into paise for each kind', () => {
    expect(contractAmount(CRYPTO.lotUnits, 850_000_000, CRYPTO.unitDivisor)).toBe(8_500_000) // ₹85,000
    expect(contractAmount(USD.lotUnits, 880_000, USD.unitDivisor)).toBe(8_800_000) // ₹88,000
    expect(contractAmount(JPY.lotUnits, 583_000, JPY.unitDivisor)).toBe(5_830_000) // ₹58,300
  })

  it('rounds half a paisa up and less than half down', () => {
    expect(contractAmount(3, 5, 10)).toBe(2) // 1.5
    expect(contractAmount(1, 4, 10)).toBe(0) // 0.4
    expect(contractAmount(1, 1_500_000, 1_000_000)).toBe(2)
    expect(contractAmount(1, 1_499_999, 1_000_000)).toBe(1)
  })

  it('is the exact product with divisor 1, as for a stock', () => {
    expect(contractAmount(200, 250_000, 1)).toBe(50_000_000)
    expect(contractAmount(200, 250_000)).toBe(50_000_000)
  })
})

describe('orders with a unit divisor', () => {
  const ctx: OrderContext = {
    rules,
    now,
    market: { open: true },
    marketPrice: 850_000_000,
    previousClose: 850_000_000,
    account: { noTrade: false, marginTradingEnabled: true, realNameStatus: 'verified' },
    available: 100_000_000,
    units: CRYPTO,
  }

  it('prices a lot of a digital currency from its lot units and divisor', () => {
    // ₹85,000: fee 0.03% ₹25.50, duty 0.015% ₹12.75, margin at 1x the whole amount.
    expect(validateOrder({ kind: 'market', direction: 'long', lots: 1, leverage: 1 }, ctx)).toEqual({
      ok: true,
      value: { price: 850_000_000, quantity: 10_000, contractAmount: 8_500_000, margin: 8_500_000, fee: 2_550, stampDuty: 1_275, totalDebit: 8_503_825 },
    })
  })

  it('prices a forex lot per the quoted base amount', () => {
    const result = validateOrder(
      { kind: 'limit', direction: 'short', lots: 2, leverage: 5, limitPrice: 583_000 },
      { ...ctx, marketPrice: 583_000, previousClose: 583_000, units: JPY },
    )
    // 2 x 1,00,000 yen at ₹58.30 per 100 = ₹1,16,600; margin at 5x ₹23,320; fee ₹34.98; no duty on a short.
    expect(result).toEqual({
      ok: true,
      value: { price: 583_000, quantity: 200_000, contractAmount: 11_660_000, margin: 2_332_000, fee: 3_498, stampDuty: 0, totalDebit: 2_335_498 },
    })
  })

  it('gives the same costs with divisor 1 as before the divisor existed', () => {
    expect(openingCosts('long', 200, 250_000, 5, rules, 1)).toEqual(openingCosts('long', 200, 250_000, 5, rules))
    const stock = validateOrder({ kind: 'market', direction: 'long', lots: 2, leverage: 5 }, { ...ctx, marketPrice: 250_000, previousClose: 250_000, units: undefined })
    expect(stock).toMatchObject({ ok: true, value: { quantity: 200, contractAmount: 50_000_000, totalDebit: 10_022_500 } })
  })
})

describe('P&L with a unit divisor', () => {
  it('is the difference of the two rounded contract amounts', () => {
    // 1 millionth of a coin: ₹0.014 opens as 1 paisa, ₹0.015 closes as 2 paise.
    const tiny = position({ quantity: 1, entryPrice: 1_400_000 })
    expect(positionPnl(tiny, 1_500_000)).toBe(1)
    expect(positionPnl({ ...tiny, direction: 'short' }, 1_500_000)).toBe(-1)
  })

  it('sums exactly: opening amount + P&L = closing amount, for any quantity and prices', () => {
    const rng = createRng(20_260_112)
    const below = (n: number) => rng.uint32() % n
    for (let i = 0; i < 2_000; i++) {
      const divisor = [1, 100, 10_000, 1_000_000][below(4)]!
      const quantity = 1 + below(5_000_000)
      const entryPrice = 1 + below(10_000_000)
      const exitPrice = 1 + below(10_000_000)
      const p = position({ quantity, entryPrice, unitDivisor: divisor })
      const opening = contractAmount(quantity, entryPrice, divisor)
      const closing = contractAmount(quantity, exitPrice, divisor)
      expect(opening + positionPnl(p, exitPrice)).toBe(closing)
      expect(positionPnl({ ...p, direction: 'short' }, exitPrice)).toBe(opening - closing)
      expect(marketValue(p, exitPrice)).toBe(closing)
      if (divisor === 1) expect(positionPnl(p, exitPrice)).toBe(quantity * (exitPrice - entryPrice))
    }
  })

  it('settles a close from the divided amounts: margin + P&L - fee - duty', () => {
    const p = position({})
    // ₹85,00,000 -> ₹86,00,000 a coin on 0.01 coin: +₹1,000; close amount ₹86,000, fee ₹25.80.
    expect(closeSettlement(p, 860_000_000, rules)).toEqual({
      exitPrice: 860_000_000,
      contractAmount: 8_600_000,
      pnl: 100_000,
      fee: 2_580,
      stampDuty: 0,
      margin: 850_000,
      cashReturned: 850_000 + 100_000 - 2_580,
      lossBeyondMargin: 0,
    })
  })
})

describe('stop-out with a unit divisor', () => {
  it('gives the last price that triggers the rule, long and short, for each divisor', () => {
    const cases: Position[] = [
      position({}),
      position({ direction: 'short' }),
      position({ quantity: 100_000, entryPrice: 583_017, unitDivisor: 10_000, margin: 1_166_035 }),
      position({ direction: 'short', quantity: 1_000, entryPrice: 880_003, unitDivisor: 100, margin: 880_004 }),
      position({ quantity: 7, entryPrice: 123_456_789, margin: 433 }),
    ]
    for (const p of cases) {
      const at = stopOutPrice(p, rules)
      const nearer = p.direction === 'long' ? at + 1 : at - 1
      expect(isStopOut(p, at, rules)).toBe(true)
      expect(isStopOut(p, nearer, rules)).toBe(false)
    }
  })

  it('stops a 10x crypto long out near an 8% fall (20% of the margin left)', () => {
    // Margin ₹8,500 on ₹85,000: 80% of it is ₹6,800, i.e. ₹6,80,000 a coin on 0.01 coin. Up to
    // 49 price units above that the amount still rounds to the same paisa, so those trigger too.
    expect(stopOutPrice(position({}), rules)).toBe(850_000_000 - 68_000_000 + 49)
  })
})
