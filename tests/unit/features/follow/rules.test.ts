import { describe, expect, it } from 'vitest'
import { NAV_VALUE_DIVISOR as CONTRACT_DIVISOR, type FollowProduct, type StrategyCode } from '../../../../src/contract/replies'
import {
  NAV_VALUE_DIVISOR,
  canRedeem,
  costOf,
  formatBps,
  formatDay,
  formatNav,
  formatUnits,
  fullnessBps,
  holdingValue,
  investProblem,
  isOpen,
  latestNav,
  lockEnd,
  profitLoss,
  roomLeft,
  stopLossReached,
  stopLossValid,
  stopLossValue,
  unitsFor,
} from '../../../../src/features/follow/rules'
import { activateLanguage, i18n } from '../../../../src/i18n/setup'
import { strategyRule } from '../../../../src/features/follow/strategyRule'
import { DEFAULT_PARAMS } from '../../../../server/follow/strategies'
import { stopLossValue as serverStopLossValue, unitsFor as serverUnitsFor, valueOf as serverValueOf } from '../../../../server/follow/nav-rules'

const T = 1_800_000_000_000
const MIN = 60_000
const DAY = 86_400_000

const product: FollowProduct = {
  id: 1,
  number: 'QT-001',
  name: 'Nifty tracker copy (demo)',
  strategyId: 1,
  strategyCode: 'index_tracker',
  minAmount: 100_000,
  fundSize: 10_000_000,
  invested: 2_500_000,
  investors: 3,
  deadline: T + DAY,
  lockUnit: 'minute',
  lockCount: 1,
  status: 'open',
  nav: 123_456,
  navAt: T,
  metrics: null,
}

describe('units and value (NAV in 1/10,000 rupee, units in thousandths)', () => {
  it('uses the contract\'s divisor', () => {
    expect(NAV_VALUE_DIVISOR).toBe(CONTRACT_DIVISOR)
  })

  it('buys floor(amount x 100000 / nav) units and takes only their value, never the dust', () => {
    // Rs 1,000 at Rs 12.3456: 10^10 / 123,456 = 81,000.5 thousandths -> 81.000 units, worth
    // 81 x Rs 12.3456 = Rs 999.9936 -> 99,999 paise: the 0.36 paise of dust stays with the user.
    expect(unitsFor(100_000, 123_456)).toBe(81_000)
    expect(holdingValue(81_000, 123_456)).toBe(99_999)
    expect(costOf(100_000, 123_456)).toBe(99_999)
    // At Rs 10.0000 a rupee buys exactly a tenth of a unit: nothing is lost.
    expect(unitsFor(100_000, 100_000)).toBe(100_000)
    expect(costOf(100_000, 100_000)).toBe(100_000)
  })

  it('agrees with the server\'s rules on a spread of amounts and NAVs', () => {
    for (const amount of [1, 99, 100_000, 123_456_789, 5_000_000_000]) {
      for (const nav of [1, 99_999, 100_000, 123_457, 7_654_321]) {
        const units = unitsFor(amount, nav)
        expect(units, `${amount} @ ${nav}`).toBe(serverUnitsFor(amount, nav))
        expect(holdingValue(units, nav), `${amount} @ ${nav}`).toBe(serverValueOf(units, nav))
        expect(costOf(amount, nav)).toBeLessThanOrEqual(amount)
      }
    }
  })

  it('stays exact past 2^53 in the intermediate product', () => {
    // 9e10 units x 1e8 NAV = 9e18, beyond a double's exact integers; the value is still exact.
    expect(holdingValue(90_000_000_000, 100_000_001)).toBe(90_000_000_900_000)
  })

  it('gives no units and no value without a NAV or an amount', () => {
    expect(unitsFor(100_000, 0)).toBe(0)
    expect(unitsFor(0, 100_000)).toBe(0)
    expect(holdingValue(0, 100_000)).toBe(0)
  })

  it('says profit or loss against the amount invested', () => {
    expect(profitLoss(105_000, 100_000)).toBe(5_000)
    expect(profitLoss(95_000, 100_000)).toBe(-5_000)
  })
})

describe('the copy stop-loss (5 % to 95 % of the amount, as eToro allows)', () => {
  it('triggers at floor(amount x (100 - percent) / 100), as the server computes it', () => {
    expect(stopLossValue(99_999, 20)).toBe(79_999)
    expect(stopLossValue(100_000, 5)).toBe(95_000)
    for (const [amount, percent] of [[99_999, 20], [1, 95], [123_456_789, 37]] as const) expect(stopLossValue(amount, percent)).toBe(serverStopLossValue(amount, percent))
  })

  it('is reached at the trigger value and below, not above', () => {
    expect(stopLossReached(80_000, 80_000)).toBe(true)
    expect(stopLossReached(79_999, 80_000)).toBe(true)
    expect(stopLossReached(80_001, 80_000)).toBe(false)
    expect(stopLossReached(1, null)).toBe(false)
  })

  it('accepts a whole percent inside the published bounds only', () => {
    expect(stopLossValid(5, 5, 95)).toBe(true)
    expect(stopLossValid(95, 5, 95)).toBe(true)
    expect(stopLossValid(4, 5, 95)).toBe(false)
    expect(stopLossValid(96, 5, 95)).toBe(false)
    expect(stopLossValid(12.5, 5, 95)).toBe(false)
    expect(stopLossValid(Number.NaN, 5, 95)).toBe(false)
  })
})

describe('what an investment may be', () => {
  it('refuses after the deadline, below the minimum, above what the fund still takes, above the balance, in that order', () => {
    expect(investProblem(product, 100_000, 1_000_000, T + DAY)).toBe('closed')
    expect(investProblem({ ...product, status: 'closed' }, 100_000, 1_000_000, T)).toBe('closed')
    expect(investProblem(product, 99_999, 1_000_000, T)).toBe('below_min')
    expect(investProblem(product, 7_500_001, 100_000_000, T)).toBe('fund_full')
    expect(investProblem(product, 7_500_000, 100_000_000, T)).toBeNull()
    expect(investProblem(product, 200_000, 199_999, T)).toBe('balance')
    // The balance not on this device yet: the server decides.
    expect(investProblem(product, 200_000, undefined, T)).toBeNull()
  })

  it('counts the room left and how full the fund is', () => {
    expect(roomLeft(product)).toBe(7_500_000)
    expect(roomLeft({ fundSize: 100, invested: 150 })).toBe(0)
    expect(fullnessBps(product)).toBe(2_500)
    expect(fullnessBps({ fundSize: 100, invested: 150 })).toBe(10_000)
  })

  it('is open only with the server\'s open status and before the deadline by the clock', () => {
    expect(isOpen(product, T)).toBe(true)
    expect(isOpen(product, T + DAY)).toBe(false)
    expect(isOpen({ ...product, status: 'full' }, T)).toBe(false)
  })

  it('locks for minutes or whole 24-hour days from when it is made', () => {
    expect(lockEnd(product, T)).toBe(T + MIN)
    expect(lockEnd({ lockUnit: 'day', lockCount: 3 }, T)).toBe(T + 3 * DAY)
  })

  it('may be redeemed by its owner only in progress and once the lock has passed', () => {
    expect(canRedeem({ status: 'in_progress', unlockAt: T }, T - 1)).toBe(false)
    expect(canRedeem({ status: 'in_progress', unlockAt: T }, T)).toBe(true)
    expect(canRedeem({ status: 'ended', unlockAt: T }, T + DAY)).toBe(false)
  })

  it('shows the newest NAV now the device has', () => {
    expect(latestNav({ navNow: 100_000, navAt: T }, { nav: 101_000, navAt: T + 5_000 })).toEqual({ nav: 101_000, at: T + 5_000 })
    expect(latestNav({ navNow: 100_000, navAt: T }, { nav: 99_000, navAt: T - 5_000 })).toEqual({ nav: 100_000, at: T })
    expect(latestNav({ navNow: 100_000, navAt: T }, undefined)).toEqual({ nav: 100_000, at: T })
  })
})

describe('formatting', () => {
  it('writes a NAV as rupees with its four decimals', () => {
    expect(formatNav(100_000)).toBe('₹10.0000')
    expect(formatNav(123_456)).toBe('₹12.3456')
    expect(formatNav(12_345_678_901)).toBe('₹12,34,567.8901')
  })

  it('writes units with three decimals and Indian grouping', () => {
    expect(formatUnits(81_002)).toBe('81.002')
    expect(formatUnits(81_000)).toBe('81.000')
    expect(formatUnits(123_456_789)).toBe('1,23,456.789')
  })

  it('writes basis points as a percentage, signed on request, in the reader\'s locale', () => {
    expect(formatBps(1_234)).toBe('12.34%')
    expect(formatBps(-250)).toBe('-2.50%')
    expect(formatBps(1_234, { signed: true })).toBe('+12.34%')
    expect(formatBps(0, { signed: true })).toBe('0.00%')
    expect(formatBps(1, { signed: true })).toBe('+0.01%')
    expect(formatBps(1_234, { locale: 'ko-KR' })).toBe('12.34%')
  })

  it('writes a NAV day the way the app writes dates', () => {
    expect(formatDay('2026-11-23')).toBe('2026.11.23')
  })
})

describe('a strategy\'s rule in words', () => {
  it('tells each rule with the numbers of the parameters the server runs, not in general words', async () => {
    await activateLanguage('en')
    const say = (code: StrategyCode) => i18n._(strategyRule(code, DEFAULT_PARAMS[code]))
    expect(say('index_tracker')).toBe(
      "Holds the index's members in the index's weights, rebalanced at the close every 20 trading days; a change smaller than 0.10% of the portfolio is skipped, and 0.50% is kept in cash for fees.",
    )
    expect(say('momentum')).toBe('Every 10 trading days, at the close, holds in equal value the 5 members with the best return over the last 20 trading days; 0.50% is kept in cash for fees.')
    expect(say('mean_reversion')).toContain('closed 3.00% or more below its 20-day moving average (at most 5 at a time')
    // A reply without a parameter the sentence needs: general words, never a guessed number.
    expect(i18n._(strategyRule('momentum', { lookbackDays: 20 }))).not.toMatch(/[0-9]/)
  })
})
