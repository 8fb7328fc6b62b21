import { describe, expect, it } from 'vitest'
import { type ConfigName } from '../../../src/contract/config'
import { type OrderRow, type UserInfo } from '../../../src/data/db'
import { DEFAULT_CLIENT_TRADING_RULES, openingCostsPreview } from '../../../src/lib/trade'
import { checkOrder, dayTradingWindow, instrumentHours, isMarketOpen, isPastCutoff, marginTradingOf, marketHoursFromConfig } from '../../../src/features/trade/checks'
import { holdingItems, ordersOfTab } from '../../../src/features/trade/positions'
import { formatQuantity, headlinePrice } from '../../../src/features/trade/labels'
import { orderRow } from './trade/order-row'

const rules = DEFAULT_CLIENT_TRADING_RULES
// 2025-06-02 (a Monday) at 10:00 India time = 04:30 UTC.
const MONDAY_10 = Date.UTC(2025, 5, 2, 4, 30)
const nseConfig: Partial<Record<ConfigName, string>> = { market_always_open: '0', market_hours: '09:15-15:30', market_holidays: '2025-08-15' }
const nse = marketHoursFromConfig((name) => nseConfig[name])

function user(available: number, flags: Partial<UserInfo['flags']> & { marginTrading?: boolean } = {}): UserInfo {
  return {
    account: '9000000001',
    inviteCode: 'X',
    createdAt: 0,
    currency: 'INR',
    balances: { available, frozen: 0, total: available },
    flags: { frozen: false, loginBanned: false, disabled: false, noTrade: false, noWithdraw: false, ...flags },
    realName: { status: 'verified', name: null, reason: null },
    signIn: { count: 0, lastDay: null, today: false },
  }
}

describe('market hours', () => {
  it('is open on a weekday inside 09:15-15:30 India time and closed outside', () => {
    expect(isMarketOpen(MONDAY_10, nse)).toBe(true)
    expect(isMarketOpen(Date.UTC(2025, 5, 2, 3, 44), nse)).toBe(false) // 09:14
    expect(isMarketOpen(Date.UTC(2025, 5, 2, 10, 0), nse)).toBe(false) // 15:30
  })

  it('is closed at weekends and on published holidays, open around the clock in the demo', () => {
    expect(isMarketOpen(Date.UTC(2025, 5, 7, 4, 30), nse)).toBe(false) // Saturday
    expect(isMarketOpen(Date.UTC(2025, 7, 15, 4, 30), nse)).toBe(false) // Independence Day
    expect(isMarketOpen(Date.UTC(2025, 5, 7, 4, 30), { ...nse, alwaysOpen: true })).toBe(true)
  })

  it('opens day trading from the session open to the cut-off, and says when the next window opens', () => {
    // NSE: 09:15-15:15 on trading days. Monday 2 June 2025.
    expect(dayTradingWindow(MONDAY_10, '15:15', nse)).toEqual({ open: true, closesAt: Date.UTC(2025, 5, 2, 9, 45) })
    expect(dayTradingWindow(Date.UTC(2025, 5, 2, 2, 0), '15:15', nse)).toEqual({ open: false, opensAt: Date.UTC(2025, 5, 2, 3, 45) }) // 07:30
    expect(dayTradingWindow(Date.UTC(2025, 5, 2, 9, 45), '15:15', nse)).toEqual({ open: false, opensAt: Date.UTC(2025, 5, 3, 3, 45) }) // 15:15
    // Friday after the cut-off: Monday's open; the day before a holiday: the day after it.
    expect(dayTradingWindow(Date.UTC(2025, 5, 6, 10, 0), '15:15', nse)).toEqual({ open: false, opensAt: Date.UTC(2025, 5, 9, 3, 45) })
    expect(dayTradingWindow(Date.UTC(2025, 7, 14, 10, 0), '15:15', nse)).toEqual({ open: false, opensAt: Date.UTC(2025, 7, 18, 3, 45) })
    // The demo trades around the clock: 00:00-23:45 every day, a Saturday too.
    const demo = { ...nse, alwaysOpen: true }
    expect(dayTradingWindow(Date.UTC(2025, 5, 7, 10, 0), '23:45', demo)).toEqual({ open: true, closesAt: Date.UTC(2025, 5, 7, 18, 15) }) // 15:30
    expect(dayTradingWindow(Date.UTC(2025, 5, 7, 18, 15), '23:45', demo)).toEqual({ open: false, opensAt: Date.UTC(2025, 5, 7, 18, 30) }) // 23:45 -> 00:00
  })

  it('passes the day-trading cut-off at its India time', () => {
    expect(isPastCutoff(Date.UTC(2025, 5, 2, 9, 44), '15:15')).toBe(false) // 15:14
    expect(isPastCutoff(Date.UTC(2025, 5, 2, 9, 45), '15:15')).toBe(true)
  })
})

describe('checkOrder', () => {
  const quote = { price: 100_000, lotUnits: 100, unitDivisor: 1 }
  const input = { direction: 'long', type: 'market', lots: 1, leverage: 1 } as const
  const costs = openingCostsPreview(input, quote, rules)
  const ctx = { rules, hours: nse, prevClose: 100_000, costs, now: MONDAY_10 }
  const broken = (checks: { rule: string; ok: boolean }[]) => checks.filter((c) => !c.ok).map((c) => c.rule)

  it('passes an order that meets every rule', () => {
    expect(broken(checkOrder({ lots: 1, leverage: 1, dayTrading: false, price: 100_000 }, { ...ctx, user: user(100_000_000) }))).toEqual([])
  })

  it('names the balance rule when the total debit is above the available balance', () => {
    expect(broken(checkOrder({ lots: 1, leverage: 1, dayTrading: false, price: 100_000 }, { ...ctx, user: user(1000) }))).toEqual(['balance'])
  })

  it('names the band rule for a price outside previous close ±10%', () => {
    expect(broken(checkOrder({ lots: 1, leverage: 1, dayTrading: false, price: 111_000 }, { ...ctx, user: user(100_000_000) }))).toEqual(['band'])
  })

  it('refuses leverage above 1 only when the account says margin trading is off', () => {
    const order = { lots: 1, leverage: 5, dayTrading: false, price: 100_000 }
    expect(broken(checkOrder(order, { ...ctx, user: user(100_000_000, { marginTrading: false }) }))).toEqual(['leverage'])
    expect(broken(checkOrder(order, { ...ctx, user: user(100_000_000) }))).toEqual([])
    expect(marginTradingOf(user(0, { marginTrading: true }))).toBe('on')
  })

  it('names the identity rule until the identity is verified', () => {
    const unverified = { ...user(100_000_000), realName: { status: 'pending', name: null, reason: null } } as const
    expect(broken(checkOrder({ lots: 1, leverage: 1, dayTrading: false, price: 100_000 }, { ...ctx, user: unverified }))).toEqual(['identity'])
  })

  it('names hours, lots, trading and day trading when they are broken', () => {
    const late = Date.UTC(2025, 5, 2, 9, 50) // 15:20
    const checks = checkOrder({ lots: 0, leverage: 1, dayTrading: true, price: 100_000 }, { ...ctx, now: late, user: user(100_000_000, { noTrade: true }) })
    expect(broken(checks)).toEqual(['trading', 'lots', 'day_trading'])
    expect(broken(checkOrder({ lots: 1, leverage: 1, dayTrading: false, price: 100_000 }, { ...ctx, now: Date.UTC(2025, 5, 7, 4, 30), user: user(100_000_000) }))).toEqual(['hours'])
  })
})


describe('trade tabs', () => {
  const orders = [
    orderRow({ id: 1, status: 'locked' }),
    orderRow({ id: 2, status: 'pending', entryPrice: null, limitPrice: 9000 }),
    orderRow({ id: 3, status: 'closed' }),
    orderRow({ id: 4, status: 'cancelled' }),
    orderRow({ id: 5, kind: 'crypto', symbol: 'BTCINR', status: 'holding' }),
    orderRow({ id: 6, kind: 'forex', symbol: 'USDINR', status: 'preparing_to_close' }),
  ]
  const ids = (rows: OrderRow[]) => rows.map((o) => o.id)

  it('lists each status under its tab', () => {
    expect(ids(ordersOfTab(orders, 'open'))).toEqual([1, 5, 6])
    expect(ids(ordersOfTab(orders, 'pending'))).toEqual([2])
    expect(ids(ordersOfTab(orders, 'ended'))).toEqual([3, 4])
    expect(ids(ordersOfTab(orders, 'crypto'))).toEqual([5])
    expect(ids(ordersOfTab(orders, 'forex'))).toEqual([6])
  })

  it('sums open positions per instrument and direction with a quantity-weighted price and live P&L', () => {
    const rows = [
      orderRow({ id: 1, lots: 1, quantity: 100, entryPrice: 10_000, margin: 500_000 }),
      orderRow({ id: 2, lots: 3, quantity: 300, entryPrice: 10_200, margin: 1_530_000 }),
      orderRow({ id: 3, direction: 'short', entryPrice: 10_000 }),
      orderRow({ id: 4, status: 'closed' }),
    ]
    const items = holdingItems(rows, new Map([['TCS', { price: 10_100 }]]))
    expect(items.map((i) => [i.key, i.positions, i.lots, i.averagePrice])).toEqual([
      ['TCS:long', 2, 4, 10_150],
      ['TCS:short', 1, 1, 10_000],
    ])
    // long: 400 x 101.00 = 40,400.00 now; entry 100 x 100 + 300 x 102 = 40,600.00 -> -200.00
    expect(items[0]?.marketValue).toBe(4_040_000)
    expect(items[0]?.pnl).toBe(-20_000)
    expect(items[0]?.margin).toBe(2_030_000)
    // short: 100 x 100.00 entry, 101.00 now -> -100.00
    expect(items[1]?.pnl).toBe(-10_000)
  })

  it('leaves value and P&L unknown without a quote', () => {
    const [item] = holdingItems([orderRow({})], new Map())
    expect(item?.marketValue).toBeUndefined()
    expect(item?.pnl).toBeUndefined()
  })
})

describe('formatQuantity', () => {
  it('shows shares whole with Indian grouping and coins without trailing zeros', () => {
    expect(formatQuantity(150_000, 1)).toBe('1,50,000')
    expect(formatQuantity(10_000, 1_000_000)).toBe('0.01')
    expect(formatQuantity(1_500_000, 1_000_000)).toBe('1.5')
  })
})

describe('instrumentHours', () => {
  it('takes an around-the-clock session from the instrument and keeps the exchange hours otherwise', () => {
    expect(instrumentHours(nse, { alwaysOpen: false, hours: '00:00-24:00' }).alwaysOpen).toBe(true)
    expect(instrumentHours(nse, { alwaysOpen: false, hours: '09:15-15:30' })).toEqual(nse)
    expect(instrumentHours(nse, null)).toEqual(nse)
  })
})

describe('headlinePrice', () => {
  it('shows the price a position opened at, and the limit of an order that never opened', () => {
    expect(headlinePrice({ entryPrice: 250_000, limitPrice: null })).toEqual({ kind: 'open', price: 250_000 })
    expect(headlinePrice({ entryPrice: 249_500, limitPrice: 250_000 })).toEqual({ kind: 'open', price: 249_500 })
    // Resting, or cancelled before it filled: no open price.
    expect(headlinePrice({ entryPrice: null, limitPrice: 200_000 })).toEqual({ kind: 'limit', price: 200_000 })
  })
})
