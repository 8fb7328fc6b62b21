/**
 * The three strategies (issue 11) on small hand-made days: what each rule buys and sells at the
 * close, in whole shares, paying the user's fees and stamp duty, never spending cash it lacks; a
 * split on its ex-day; and the same input always giving the same trades.
 */
import { describe, expect, it } from 'vitest'
import { DEFAULT_TRADING_RULES } from '../../../server/trade/rules'
import { type DayInput, type StrategyDefinition, type StrategyState, affordable, buyCost, initialState, runDay } from '../../../server/follow/strategies'
import { handlingFee, stampDuty } from '../../../src/lib/trade'

const fees = DEFAULT_TRADING_RULES

/** A day whose history is `histories` (oldest first, ending with the day's close). */
function dayOf(day: string, histories: Record<string, number[]>, weights: Record<string, number> = {}, splits: DayInput['splits'] = []): DayInput {
  const closes = new Map(Object.entries(histories).map(([s, h]) => [s, h[h.length - 1]!]))
  return { day, time: 0, closes, history: (s, n) => (histories[s] ?? []).slice(-n), weights: new Map(Object.entries(weights)), splits }
}

function expectSound(before: StrategyState, after: StrategyState, trades: ReturnType<typeof runDay>['trades']) {
  let cash = before.cash
  for (const t of trades) {
    expect(Number.isSafeInteger(t.qty) && t.qty > 0).toBe(true)
    const amount = t.qty * t.price
    expect(t.fees).toBe(handlingFee(amount, fees) + stampDuty(amount, t.side === 'buy', fees))
    cash += t.side === 'buy' ? -(amount + t.fees) : amount - t.fees
    expect(cash).toBeGreaterThanOrEqual(0)
  }
  expect(after.cash).toBe(cash)
}

describe('index tracker', () => {
  const def: StrategyDefinition = { code: 'index_tracker', params: { rebalanceDays: 2, minTradeBps: 10, cashReserveBps: 50 }, universe: ['A', 'B', 'C'] }
  const weights = { A: 50, B: 30, C: 20 }

  it('buys the members in index weights, in whole shares, with the reserve left in cash', () => {
    const before = initialState(10_000_000) // Rs 1,00,000
    const { state, trades } = runDay(def, before, dayOf('d1', { A: [10_000], B: [3_000], C: [7_000] }, weights), fees)
    expectSound(before, state, trades)
    // 99.5 % of Rs 1 lakh: A 49.75 % / Rs 100 = 497, B 29.85 % / Rs 30 = 995, C 19.9 % / Rs 70 = 284.
    expect(state.holdings).toEqual({ A: 497, B: 995, C: 284 })
    expect(trades.map((t) => [t.side, t.symbol, t.qty])).toEqual([
      ['buy', 'A', 497],
      ['buy', 'B', 995],
      ['buy', 'C', 284],
    ])
    expect(state.cash).toBeGreaterThan(0)
  })

  it('trades only on its rebalance days, then moves to the new weights', () => {
    const first = runDay(def, initialState(10_000_000), dayOf('d1', { A: [10_000], B: [3_000], C: [7_000] }, weights), fees).state
    const quiet = runDay(def, first, dayOf('d2', { A: [10_000, 12_000], B: [3_000, 3_000], C: [7_000, 7_000] }, weights), fees)
    expect(quiet.trades).toEqual([])
    const moved = runDay(def, quiet.state, dayOf('d3', { A: [12_000], B: [3_000], C: [7_000] }, { A: 20, B: 30, C: 50 }), fees)
    expectSound(quiet.state, moved.state, moved.trades)
    // Sales first (A, risen to Rs 120, is now too heavy), then the buys, heaviest weight first.
    expect(moved.trades.map((t) => `${t.side} ${t.symbol}`)).toEqual(['sell A', 'buy C', 'buy B'])
  })
})

describe('momentum', () => {
  const def: StrategyDefinition = { code: 'momentum', params: { lookbackDays: 2, holdCount: 2, rebalanceDays: 3, cashReserveBps: 0 }, universe: ['A', 'B', 'C'] }

  it('waits for its lookback, then holds the best returns equally', () => {
    const waiting = runDay(def, initialState(1_000_000), dayOf('d1', { A: [100], B: [100] }), fees)
    expect(waiting.trades).toEqual([])
    expect(waiting.state.nextRebalance).toBe(0) // still due
    // Over two closes: A +20 %, B -10 %, C +5 %: A and C.
    const { state, trades } = runDay(def, waiting.state, dayOf('d2', { A: [1_000, 1_100, 1_200], B: [1_000, 950, 900], C: [2_000, 2_050, 2_100] }), fees)
    expectSound(waiting.state, state, trades)
    expect(Object.keys(state.holdings).sort()).toEqual(['A', 'C'])
    expect(state.nextRebalance).toBe(state.days - 1 + 3)
  })
})

describe('mean reversion', () => {
  const def: StrategyDefinition = { code: 'mean_reversion', params: { maDays: 3, thresholdBps: 500, maxHoldDays: 2, maxPositions: 2, cashReserveBps: 0 }, universe: ['A', 'B'] }

  it('buys what closed the threshold below its average and sells it back at the average', () => {
    // A: average of 1000, 1000, 850 = 950; 850 x 3 x 10000 <= 2850 x 9500: bought. B: 1000 flat.
    const bought = runDay(def, initialState(1_000_000), dayOf('d1', { A: [1_000, 1_000, 850], B: [1_000, 1_000, 1_000] }), fees)
    expectSound(initialState(1_000_000), bought.state, bought.trades)
    expect(bought.trades.map((t) => `${t.side} ${t.symbol}`)).toEqual(['buy A'])
    // Back above its average (1000, 850, 960: 936.7): sold.
    const sold = runDay(def, bought.state, dayOf('d2', { A: [1_000, 850, 960], B: [1_000, 1_000, 1_000] }), fees)
    expect(sold.trades.map((t) => `${t.side} ${t.symbol}`)).toEqual(['sell A'])
    expect(sold.state.holdings).toEqual({})
  })

  it('sells after its longest holding period even below the average', () => {
    let state = runDay(def, initialState(1_000_000), dayOf('d1', { A: [1_000, 1_000, 850], B: [1_000, 1_000, 1_000] }), fees).state
    state = runDay(def, state, dayOf('d2', { A: [1_000, 850, 800], B: [1_000, 1_000, 1_000] }), fees).state
    expect(state.holdings.A).toBeGreaterThan(0)
    const third = runDay(def, state, dayOf('d3', { A: [850, 800, 780], B: [1_000, 1_000, 1_000] }), fees)
    expect(third.trades.map((t) => `${t.side} ${t.symbol}`)).toEqual(['sell A'])
  })
})

describe('every strategy', () => {
  it('multiplies what it holds by a split on the ex-day', () => {
    const def: StrategyDefinition = { code: 'index_tracker', params: { rebalanceDays: 100, minTradeBps: 0, cashReserveBps: 0 }, universe: ['A'] }
    const before: StrategyState = { ...initialState(0), holdings: { A: 10 }, nextRebalance: 100 }
    const { state, trades } = runDay(def, before, dayOf('d1', { A: [50] }, { A: 1 }, [{ symbol: 'A', day: 'd1', ratio: 2 }]), fees)
    expect(trades).toEqual([])
    expect(state.holdings).toEqual({ A: 20 })
    expect(before.holdings).toEqual({ A: 10 }) // the input is not changed
  })

  it('gives the same trades for the same input', () => {
    const def: StrategyDefinition = { code: 'momentum', params: { lookbackDays: 1, holdCount: 1, rebalanceDays: 1, cashReserveBps: 0 }, universe: ['A', 'B'] }
    const input = dayOf('d1', { A: [100, 120], B: [100, 90] })
    expect(runDay(def, initialState(100_000), input, fees)).toEqual(runDay(def, initialState(100_000), input, fees))
  })

  it('buys only what cash pays for with its fees, the minimum fee included', () => {
    // Rs 100 of cash, a Rs 10 share: the Rs 10 minimum fee leaves room for 8 shares (80 + 10 + duty).
    const qty = affordable(1_000, 1_000, 10_000, fees)
    const c = buyCost(qty, 1_000, fees)
    expect(c.amount + c.fees).toBeLessThanOrEqual(10_000)
    const more = buyCost(qty + 1, 1_000, fees)
    expect(more.amount + more.fees).toBeGreaterThan(10_000)
    expect(qty).toBe(8)
  })
})
