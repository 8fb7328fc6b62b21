/**
 * The arithmetic of copy-trading (issue 11), against hand-computed figures: every metric, units
 * and the value of a holding, the stop-loss at its boundary, the lock and the deadline, and the
 * NAV replayed from trades on closes.
 */
import { describe, expect, it } from 'vitest'
import {
  NAV_START,
  checkInvest,
  checkRedeem,
  fifoWins,
  metricsOf,
  navOf,
  replayNav,
  stopLossHit,
  stopLossNav,
  stopLossValue,
  unitsFor,
  unlockAtOf,
  valueOf,
} from '../../../server/follow/nav-rules'

const series = (navs: number[]) => navs.map((nav, i) => ({ day: `2026-01-${String(i + 1).padStart(2, '0')}`, nav }))

describe('metricsOf', () => {
  // NAV 10.0000 -> 11.0000 -> 9.9000 -> 10.8900: daily returns +10 %, -10 %, +10 %.
  const m = metricsOf(series([100_000, 110_000, 99_000, 108_900]), [])!

  it('measures return, daily profit and the highest return from the first NAV', () => {
    expect(m).toMatchObject({ from: '2026-01-01', to: '2026-01-04', days: 4 })
    expect(m.returnBps).toBe(890) // 108900 / 100000 - 1
    expect(m.dailyProfitBps).toBe(1000) // 108900 / 99000 - 1
    expect(m.highestReturnBps).toBe(1000) // 110000 / 100000 - 1
  })

  it('measures the largest fall from a running peak', () => {
    expect(m.maxDrawdownBps).toBe(1000) // 110000 -> 99000
    expect(metricsOf(series([100_000, 90_000, 120_000, 84_000, 130_000]), [])!.maxDrawdownBps).toBe(3000) // 120000 -> 84000
  })

  it('measures volatility as the sample standard deviation of daily returns x sqrt(252)', () => {
    // Returns 0.1, -0.1, 0.1: mean 1/30, squared deviations sum 0.0266..., / 2 = 0.01333..., sqrt = 0.11547 x 15.8745 = 1.83303.
    expect(m.volatilityBps).toBe(18_330)
    expect(metricsOf(series([100_000, 100_000, 100_000]), [])!.volatilityBps).toBe(0)
    expect(metricsOf(series([100_000]), [])).toMatchObject({ days: 1, returnBps: 0, dailyProfitBps: 0, volatilityBps: 0, winRateBps: null })
  })

  it('rounds a negative change half away from zero', () => {
    expect(metricsOf(series([100_000, 99_995]), [])!.returnBps).toBe(-1) // -0.5 bps
    expect(metricsOf(series([100_000, 99_996]), [])!.returnBps).toBe(0) // -0.4 bps
  })

  it('is null without a NAV', () => {
    expect(metricsOf([], [])).toBeNull()
  })
})

describe('win rate, first in first out with fees', () => {
  const buyA = (day: string, qty: number, price: number, fees: number) => ({ day, symbol: 'A', side: 'buy' as const, qty, price, fees })
  const sellA = (day: string, qty: number, price: number, fees: number) => ({ day, symbol: 'A', side: 'sell' as const, qty, price, fees })

  it('matches a sale against the oldest lots, their fees included', () => {
    const trades = [
      buyA('2026-01-01', 10, 100, 5), // cost 1005
      buyA('2026-01-02', 10, 120, 5), // cost 1205
      // 15 shares: 1005 + half of 1205 (602.5, rounded to 603) = 1608 against 1725 - 10 = 1715: a win.
      sellA('2026-01-03', 15, 115, 10),
      // 5 shares: the lot's remaining 602 against 550 - 10 = 540: a loss.
      sellA('2026-01-04', 5, 110, 10),
    ]
    expect(fifoWins(trades)).toEqual({ closed: 2, winning: 1 })
    expect(metricsOf(series([100_000, 100_000, 100_000, 100_000]), trades)).toMatchObject({ winRateBps: 5000, closedTrades: 2, winningTrades: 1 })
  })

  it('counts fees: a sale at the buying price is a loss', () => {
    expect(fifoWins([buyA('2026-01-01', 10, 100, 5), sellA('2026-01-02', 10, 100, 5)])).toEqual({ closed: 1, winning: 0 })
  })

  it('multiplies open lots by a split, keeping their cost', () => {
    // 10 at 100 (cost 1000), split 1:2 on the 2nd: 20 shares sold at 51 = 1020 > 1000.
    const trades = [buyA('2026-01-01', 10, 100, 0), sellA('2026-01-03', 20, 51, 0)]
    expect(fifoWins(trades, [{ symbol: 'A', day: '2026-01-02', ratio: 2 }])).toEqual({ closed: 1, winning: 1 })
  })
})

describe('units and value', () => {
  it('starts NAV at Rs 10.0000 and scales with the portfolio', () => {
    expect(NAV_START).toBe(100_000)
    expect(navOf(1_000_000_000, 1_000_000_000)).toBe(100_000)
    expect(navOf(1_234_567_891, 1_000_000_000)).toBe(123_456) // rounded down
  })

  it('buys floor(amount x 100000 / nav) thousandths and debits exactly their value', () => {
    // Rs 50,000 at NAV 9.4821: 5273093 thousandths, worth Rs 49,999.99 (the dust is never taken).
    expect(unitsFor(5_000_000, 94_821)).toBe(5_273_093)
    expect(valueOf(5_273_093, 94_821)).toBe(4_999_999)
    // At NAV 10.0000, Rs 10 is one unit: 1,000 thousandths.
    expect(unitsFor(1_000, 100_000)).toBe(1_000)
    expect(valueOf(1_000, 100_000)).toBe(1_000)
    for (const [amount, nav] of [
      [1_000_000, 99_999],
      [2_500_000, 123_457],
      [777_777, 1],
    ] as const) {
      const units = unitsFor(amount, nav)
      expect(valueOf(units, nav)).toBeLessThanOrEqual(amount)
      expect(valueOf(units + 1, nav)).toBeGreaterThan(valueOf(units, nav) - 1)
    }
  })

  it('redeems at the NAV of the day: the value rises and falls with it', () => {
    const units = unitsFor(1_000_000, 100_000) // 10,000,000 thousandths
    expect(valueOf(units, 110_000)).toBe(1_100_000)
    expect(valueOf(units, 95_555)).toBe(955_550)
  })
})

describe('stop-loss', () => {
  const inv = { units: 1_000_000, amount: 1_000_000, stopLossPercent: 10 }

  it('triggers at value <= amount x (1 - percent / 100), not above', () => {
    expect(stopLossValue(1_000_000, 10)).toBe(900_000)
    expect(valueOf(inv.units, 90_000)).toBe(900_000)
    expect(stopLossHit(inv, 90_000)).toBe(true)
    expect(stopLossHit(inv, 90_001)).toBe(false) // 900,010
    expect(stopLossHit(inv, 89_999)).toBe(true)
  })

  it('rounds the threshold down to whole paise', () => {
    expect(stopLossValue(999, 5)).toBe(949) // 949.05
  })

  it('never triggers without a stop-loss', () => {
    expect(stopLossHit({ ...inv, stopLossPercent: null }, 1)).toBe(false)
  })

  it('stores the highest NAV that hits it: 90,000 for 10% on units bought at 100,000', () => {
    expect(stopLossNav(inv.units, inv.amount, 10)).toBe(90_000)
  })

  it('a NAV reaches the stored level exactly when the rule is hit, for 20,000 random investments', () => {
    let seed = 20_261_127
    const below = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed % n
    }
    for (let i = 0; i < 20_000; i++) {
      const navAtInvest = 1 + below(1_000_000)
      const units = 1 + below(10 ** (1 + below(9)))
      const amount = valueOf(units, navAtInvest)
      if (amount === 0) continue
      const percent = 1 + below(99)
      const level = stopLossNav(units, amount, percent)
      const hit = (nav: number) => stopLossHit({ units, amount, stopLossPercent: percent }, nav)
      expect(hit(level), `units ${units}, amount ${amount}, ${percent}%`).toBe(true)
      expect(hit(level + 1), `units ${units}, amount ${amount}, ${percent}%`).toBe(false)
      const nav = below(2 * navAtInvest)
      expect(hit(nav)).toBe(nav <= level)
    }
  })
})

describe('lock and deadline', () => {
  const product = { id: 1, minAmount: 1_000_000, fundSize: 10_000_000, deadline: 5_000_000 }
  const base = { product, now: 4_999_999, amount: 1_000_000, invested: 0, stopLossPercent: null, stopLossRange: { min: 5, max: 95 } }

  it('takes money until the deadline, not at it', () => {
    expect(checkInvest(base)).toBeNull()
    expect(checkInvest({ ...base, now: 5_000_000 })).toMatchObject({ code: 'follow_closed', params: { deadline: 5_000_000 } })
  })

  it('refuses below the minimum, above the fund size left, and a stop-loss out of range', () => {
    expect(checkInvest({ ...base, amount: 999_999 })).toMatchObject({ code: 'follow_below_min', params: { min: 1_000_000 } })
    expect(checkInvest({ ...base, invested: 8_500_000, amount: 1_500_001 })).toMatchObject({ code: 'follow_fund_full', params: { available: 1_500_000 } })
    expect(checkInvest({ ...base, invested: 8_500_000, amount: 1_500_000 })).toBeNull()
    expect(checkInvest({ ...base, stopLossPercent: 4 })).toMatchObject({ code: 'follow_stop_loss_invalid', params: { min: 5, max: 95 } })
    expect(checkInvest({ ...base, stopLossPercent: 96 })).toMatchObject({ code: 'follow_stop_loss_invalid' })
    expect(checkInvest({ ...base, stopLossPercent: 5 })).toBeNull()
    expect(checkInvest({ ...base, stopLossPercent: 95 })).toBeNull()
  })

  it('unlocks minutes or days after the investment, and redeems from then on', () => {
    expect(unlockAtOf(1_000, 'minute', 1)).toBe(61_000)
    expect(unlockAtOf(1_000, 'day', 7)).toBe(1_000 + 7 * 86_400_000)
    expect(checkRedeem({ status: 'in_progress', unlockAt: 61_000 }, 60_999)).toMatchObject({ code: 'follow_locked', params: { unlockAt: 61_000 } })
    expect(checkRedeem({ status: 'in_progress', unlockAt: 61_000 }, 61_000)).toBeNull()
    expect(checkRedeem({ status: 'ended', unlockAt: 61_000 }, 61_000)).toMatchObject({ code: 'follow_ended' })
  })
})

describe('replayNav', () => {
  it('replays trades on closes: cash less what was paid, plus shares at the close', () => {
    const capital = 1_000_000
    const trades = [
      { day: 'd1', symbol: 'A', side: 'buy' as const, qty: 100, price: 5_000, fees: 1_000 }, // cash 499,000
      { day: 'd2', symbol: 'A', side: 'sell' as const, qty: 40, price: 5_500, fees: 1_000 }, // cash 499,000 + 220,000 - 1,000 = 718,000
    ]
    const days = [
      { day: 'd1', closes: new Map([['A', 5_000]]) }, // 499,000 + 100 x 5,000 = 999,000
      { day: 'd2', closes: new Map([['A', 5_500]]) }, // 718,000 + 60 x 5,500 = 1,048,000
      { day: 'd3', closes: new Map([['A', 2_600]]), splits: [{ symbol: 'A', day: 'd3', ratio: 2 }] }, // 718,000 + 120 x 2,600 = 1,030,000
    ]
    expect(replayNav(capital, trades, days)).toEqual([
      { day: 'd1', nav: 99_900 },
      { day: 'd2', nav: 104_800 },
      { day: 'd3', nav: 103_000 },
    ])
  })
})
