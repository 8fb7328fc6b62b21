import { describe, expect, it } from 'vitest'
import { type OrderRow, type QuoteRow } from '../../../../src/data/db'
import { holdingsSummary } from '../../../../src/features/trade/positions'
import { orderRow } from './order-row'

// 2025-06-03 (a Tuesday) 10:00 India time = 04:30 UTC; the day before at the same hour.
const TUESDAY_10 = Date.UTC(2025, 5, 3, 4, 30)
const MONDAY_10 = Date.UTC(2025, 5, 2, 4, 30)
// 00:10 on Tuesday in India is still Monday 18:40 in UTC: the India day decides.
const TUESDAY_0010 = Date.UTC(2025, 5, 2, 18, 40)

let nextId = 1
function position(partial: Partial<OrderRow>): OrderRow {
  const id = nextId++
  return orderRow({ id, orderNo: `O${id}`, createdAt: MONDAY_10, openedAt: MONDAY_10, ...partial })
}

function quotes(...rows: [string, number, number, number?][]): Map<string, Pick<QuoteRow, 'price' | 'prevClose' | 'time'>> {
  return new Map(rows.map(([symbol, price, prevClose, time]) => [symbol, { price, prevClose, time: time ?? TUESDAY_10 }]))
}

describe('holdingsSummary', () => {
  it('values a long held since yesterday: invested is its margin, the day counts from the previous close', () => {
    // 100 shares bought at ₹100.00, closed yesterday at ₹102.00, now ₹105.00.
    const s = holdingsSummary([position({})], quotes(['TCS', 105_00, 102_00]))
    expect(s).toEqual({ positions: 1, invested: 1_000_000, totalPnl: 50_000, currentValue: 1_050_000, dayPnl: 30_000, pricedAt: TUESDAY_10 })
  })

  it('gains on a short when the price falls, for the day and in total', () => {
    const s = holdingsSummary([position({ direction: 'short' })], quotes(['TCS', 95_00, 97_00]))
    expect(s.totalPnl).toBe(50_000)
    expect(s.dayPnl).toBe(20_000)
    expect(s.currentValue).toBe(1_050_000)
  })

  it('counts the day of a position opened today from its entry, not from the previous close', () => {
    const today = position({ entryPrice: 104_00, contractAmount: 1_040_000, margin: 1_040_000, createdAt: TUESDAY_10 - 60_000, openedAt: TUESDAY_10 - 60_000 })
    const s = holdingsSummary([today], quotes(['TCS', 105_00, 102_00]))
    expect(s.dayPnl).toBe(10_000)
    expect(s.totalPnl).toBe(10_000)
  })

  it('takes the India day, not the UTC day, to tell a position opened today', () => {
    // Opened at 00:10 Tuesday India time (Monday in UTC), priced at 10:00: opened today.
    const early = position({ entryPrice: 103_00, openedAt: TUESDAY_0010, createdAt: TUESDAY_0010 })
    expect(holdingsSummary([early], quotes(['TCS', 105_00, 102_00])).dayPnl).toBe(20_000)
  })

  it('moves a leveraged position by its whole contract while invested is its margin', () => {
    // 10x: ₹10,000 contract on ₹1,000 margin; +5% on the contract is +50% on the money put in.
    const s = holdingsSummary([position({ leverage: 10, margin: 100_000 })], quotes(['TCS', 105_00, 100_00]))
    expect(s.invested).toBe(100_000)
    expect(s.totalPnl).toBe(50_000)
    expect(s.currentValue).toBe(150_000)
  })

  it('adds whole paise of each position, each rounded half up as the server settles it', () => {
    // Digital currency: quantity x price / 10^6, half up. 0.333333 coin bought at 3_000_000: 999_999 exactly.
    const coin = position({ symbol: 'BTC', kind: 'crypto', quantity: 333_333, unitDivisor: 1_000_000, quantityScale: 1_000_000, entryPrice: 3_000_000, margin: 999_999 })
    // At 3_000_002: 999_999.67 -> 1_000_000; at the previous close 3_000_001: 999_999.33 -> 999_999.
    const s = holdingsSummary([coin, position({})], quotes(['BTC', 3_000_002, 3_000_001], ['TCS', 100_01, 100_00]))
    expect(s.totalPnl).toBe(1 + 100)
    // The day's change on the coin is 0.33 paise exactly, but 1 paisa between the two settled amounts.
    expect(s.dayPnl).toBe(1 + 100)
    expect(s.invested).toBe(999_999 + 1_000_000)
    expect(Number.isInteger(s.currentValue)).toBe(true)
  })

  it('leaves the valued figures unknown while a held symbol has no quote, and counts pending orders nowhere', () => {
    const pending = position({ status: 'pending', entryPrice: null, limitPrice: 90_00 })
    const closed = position({ status: 'closed', symbol: 'INFY' })
    const s = holdingsSummary([position({}), position({ symbol: 'INFY' }), pending, closed], quotes(['TCS', 105_00, 102_00]))
    expect(s).toEqual({ positions: 2, invested: 2_000_000, totalPnl: undefined, currentValue: undefined, dayPnl: undefined, pricedAt: undefined })
    expect(holdingsSummary([pending, closed], quotes())).toEqual({ positions: 0, invested: 0, totalPnl: 0, currentValue: 0, dayPnl: 0, pricedAt: undefined })
  })

  it('dates the figures by the oldest quote they use', () => {
    const s = holdingsSummary([position({}), position({ symbol: 'INFY' })], quotes(['TCS', 105_00, 102_00, TUESDAY_10], ['INFY', 100_00, 100_00, TUESDAY_10 - 5_000]))
    expect(s.pricedAt).toBe(TUESDAY_10 - 5_000)
  })
})
