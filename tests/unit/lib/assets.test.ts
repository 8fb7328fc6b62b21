import { describe, expect, it } from 'vitest'
import { userIdOfAccount } from '../../../server/ledger/rules'
import { openingCosts } from '../../../server/trade/order-rules'
import { closeSettlement, type Position } from '../../../server/trade/position-rules'
import { closePositionEntry, openPositionEntry } from '../../../server/trade/ledger-legs'
import { DEFAULT_TRADING_RULES } from '../../../server/trade/rules'
import { type AssetOrder, assetsOf, otherCurrenciesValue, positionPnl, realisedPnl, totalAssets } from '../../../src/lib/assets'

/** An order as db.orders holds it, with only what the summary reads. */
function order(fields: Partial<AssetOrder> & Pick<AssetOrder, 'status'>): AssetOrder {
  return { symbol: 'ITC', direction: 'long', quantity: 100, unitDivisor: 1, entryPrice: 40_000, margin: 4_000_000, fee: 1_200, stampDuty: 600, cashReturned: null, ...fields }
}

const none = { wallets: [], rates: {} }

describe('assetsOf', () => {
  it('is the rupee pockets alone for an account that holds nothing else', () => {
    expect(assetsOf({ balances: { available: 123_456, frozen: 5_000 }, orders: [], prices: new Map(), ...none })).toEqual({
      available: 123_456,
      frozen: 5_000,
      margin: 0,
      openPositions: 0,
      unrealised: 0,
      otherCurrencies: 0,
      total: 128_456,
      realised: 0,
      pnl: 0,
    })
  })

  it('adds the open positions at their margin plus the P/L at the last price, long and short', () => {
    const orders = [
      // 100 ITC long from ₹400.00, now ₹410.00: +₹1,000.00 on ₹40,000 margin.
      order({ status: 'holding' }),
      // 100 TCS short from ₹3,000.00 at 5x, now ₹3,100.00: -₹10,000.00 on ₹60,000 margin.
      order({ status: 'locked', symbol: 'TCS', direction: 'short', entryPrice: 300_000, margin: 6_000_000 }),
    ]
    const prices = new Map([['ITC', 41_000], ['TCS', 310_000]])
    const a = assetsOf({ balances: { available: 1_000_000, frozen: 0 }, orders, prices, ...none })
    expect(a).toMatchObject({ margin: 10_000_000, openPositions: 2, unrealised: 100_000 - 1_000_000, realised: 0 })
    expect(a.total).toBe(1_000_000 + 10_000_000 + 100_000 - 1_000_000)
    expect(a.pnl).toBe(-900_000)
  })

  it('never counts a position for less than nothing: a loss beyond the margin is the house’s', () => {
    const gapped = order({ status: 'holding', margin: 800_000 })
    // ₹400 -> ₹300 on 100 shares is -₹10,000, but only ₹8,000 of margin can be lost.
    expect(positionPnl(gapped, 30_000)).toBe(-800_000)
    const a = assetsOf({ balances: { available: 50_000, frozen: 0 }, orders: [gapped], prices: new Map([['ITC', 30_000]]), ...none })
    expect(a.total).toBe(50_000)
  })

  it('leaves total and P/L unknown while an open position has no price on this device', () => {
    const a = assetsOf({ balances: { available: 1_000, frozen: 0 }, orders: [order({ status: 'holding', symbol: 'NEW' })], prices: new Map(), ...none })
    expect(a).toMatchObject({ margin: 4_000_000, unrealised: undefined, total: undefined, pnl: undefined })
  })

  it('counts pending, cancelled and closed orders only through the pockets and the realised P/L', () => {
    const orders = [
      order({ status: 'pending', entryPrice: null }),
      order({ status: 'cancelled', entryPrice: null }),
      // Closed: ₹40,000 margin, ₹12 fee and ₹6 duty in; ₹40,988 back.
      order({ status: 'closed', cashReturned: 4_098_800 }),
    ]
    const a = assetsOf({ balances: { available: 200, frozen: 300 }, orders, prices: new Map(), ...none })
    expect(a).toMatchObject({ margin: 0, openPositions: 0, unrealised: 0, realised: 4_098_800 - 4_000_000 - 1_200 - 600, total: 500 })
    expect(a.pnl).toBe(a.realised)
  })

  it('values the other wallets at their mid rate, and not at all without a rate', () => {
    const wallets = [
      { currency: 'INR', total: 999 },
      { currency: 'USD', total: 10_000 },
      { currency: 'JPY', total: 0 },
    ]
    // $100.00 at ₹84 is ₹8,400.00; INR is the pockets already; no yen is held, so no rate is needed.
    expect(otherCurrenciesValue(wallets, { USD: 8_400_000_000 })).toBe(840_000)
    expect(otherCurrenciesValue(wallets, {})).toBeUndefined()
    expect(otherCurrenciesValue(null, null)).toBeUndefined()
    const a = assetsOf({ balances: { available: 999, frozen: 0 }, orders: [], prices: new Map(), wallets, rates: { USD: 8_400_000_000 } })
    expect(a).toMatchObject({ otherCurrencies: 840_000, total: 840_999 })
  })
})

describe('totalAssets', () => {
  it('is cash, frozen, open margin with its P/L and the other currencies at the mid rate: not the cash pockets alone', () => {
    // ₹24,90,000 available after buying $118.84 (at ₹84.12 mid: ₹9,996.82) and a ₹40,000 position up ₹1,000.
    expect(totalAssets({ available: 249_000_000, frozen: 0, margin: 4_000_000, unrealised: 100_000, otherCurrencies: 999_682 })).toBe(
      249_000_000 + 4_000_000 + 100_000 + 999_682,
    )
  })

  it('is unknown, not a smaller sum, while a price or a rate is missing on this device', () => {
    expect(totalAssets({ available: 1_000, frozen: 0, margin: 4_000_000, unrealised: undefined, otherCurrencies: 0 })).toBeUndefined()
    expect(totalAssets({ available: 1_000, frozen: 0, margin: 0, unrealised: 0, otherCurrencies: undefined })).toBeUndefined()
  })
})

describe('realisedPnl', () => {
  it('is exactly what the position’s two ledger entries left in the user’s pockets', () => {
    const rules = DEFAULT_TRADING_RULES
    for (const [direction, entry, exit, leverage] of [
      ['long', 40_000, 41_235, 1],
      ['long', 40_000, 36_000, 5],
      ['short', 300_000, 290_005, 2],
      ['short', 300_000, 420_000, 10], // a loss beyond the margin: nothing comes back
    ] as const) {
      const costs = openingCosts(direction, 100, entry, leverage, rules)
      const position: Position = {
        direction,
        quantity: 100,
        entryPrice: entry,
        unitDivisor: 1,
        leverage,
        margin: costs.margin,
        openedAt: 0,
        unlockAt: 0,
        dayTrading: false,
        status: 'holding',
      }
      const settlement = closeSettlement(position, exit, rules)
      const legs = [...openPositionEntry(7, 'N1', costs, 'available').legs, ...closePositionEntry(7, 'N1', settlement).legs]
      const toUser = legs.filter((l) => userIdOfAccount(l.account) === 7).reduce((sum, l) => sum + l.amount, 0)
      const closed = order({ status: 'closed', direction, entryPrice: entry, margin: costs.margin, fee: costs.fee, stampDuty: costs.stampDuty, cashReturned: settlement.cashReturned })
      expect(realisedPnl(closed), `${direction} ${entry} -> ${exit} at ${leverage}x`).toBe(toUser)
    }
  })
})
