/**
 * Copy-trading strategies (issue 11): three published rules the server runs on the simulated
 * feed's daily closes. Each is a pure function of (the run's state after the previous close, the
 * day's closes and their history) -> the trades at that day's close and the next state, so the
 * same feed always gives the same trades. They trade whole shares at the close, pay the handling
 * fee and stamp duty a user's order pays (src/lib/trade.ts), and never spend cash they do not have.
 *
 * Prices are the feed's closes in paise. A split on its ex-day multiplies the shares held (the
 * price has already been divided), as it does a shareholder's; history is split-adjusted so a
 * return or a moving average never sees a split as a crash.
 */
import { handlingFee, mulDiv, stampDuty } from '../../src/lib/trade'
import { type StrategyCode } from '../../src/contract/replies'
import { type TradingRules } from '../trade/rules'

export type FeeRules = Pick<TradingRules, 'handlingFeePerLakh' | 'minHandlingFee' | 'stampDutyPerLakh'>

/** Shares held, by symbol (only positive counts are kept). */
export type Holdings = Record<string, number>

export type StrategyState = {
  cash: number
  holdings: Holdings
  /** Closes processed so far. */
  days: number
  /** The day count at which the next rebalance is due (index tracker, momentum). */
  nextRebalance: number
  /** Mean reversion: the day count each holding was bought on. */
  entered: Record<string, number>
}

export type Split = { symbol: string; day: string; ratio: number }

export type DayInput = {
  day: string
  /** The close instant the trades are stamped with. */
  time: number
  /** The latest close of every universe symbol at or before this day, paise. */
  closes: ReadonlyMap<string, number>
  /** Split-adjusted closes to the day's share basis, oldest first, ending with today's; at most `count`. */
  history(symbol: string, count: number): readonly number[]
  /** The index weight of each member today (free-float market value; any positive scale). */
  weights: ReadonlyMap<string, number>
  /** Splits whose ex-day is this day. */
  splits: readonly Split[]
}

export type StrategyTrade = { seq: number; symbol: string; side: 'buy' | 'sell'; qty: number; price: number; fees: number }

export type StrategyDefinition = { code: StrategyCode; params: Record<string, number>; universe: readonly string[] }

/** The published parameters of each rule, with the values the demo runs. */
export const DEFAULT_PARAMS: Record<StrategyCode, Record<string, number>> = {
  // Hold the index's members in its weights; rebalance every rebalanceDays closes, skipping
  // changes smaller than minTradeBps of the portfolio; keep cashReserveBps for fees.
  index_tracker: { rebalanceDays: 20, minTradeBps: 10, cashReserveBps: 50 },
  // Every rebalanceDays closes, hold the holdCount members with the best return over lookbackDays, equally.
  momentum: { lookbackDays: 20, holdCount: 5, rebalanceDays: 10, cashReserveBps: 50 },
  // Buy a member that closed thresholdBps or more below its maDays moving average (at most
  // maxPositions at a time, equal slots); sell it at or above the average, or after maxHoldDays closes.
  mean_reversion: { maDays: 20, thresholdBps: 300, maxHoldDays: 10, maxPositions: 5, cashReserveBps: 50 },
}

export function initialState(capital: number): StrategyState {
  return { cash: capital, holdings: {}, days: 0, nextRebalance: 0, entered: {} }
}

/** Cash + every holding at the day's close, paise. */
export function portfolioValue(state: Pick<StrategyState, 'cash' | 'holdings'>, price: (symbol: string) => number): number {
  let value = state.cash
  for (const [symbol, qty] of Object.entries(state.holdings)) value += qty * price(symbol)
  return value
}

/** What a buy of qty at price costs in all: the amount, the handling fee and the stamp duty. */
export function buyCost(qty: number, price: number, fees: FeeRules): { amount: number; fees: number } {
  const amount = qty * price
  return { amount, fees: handlingFee(amount, fees) + stampDuty(amount, true, fees) }
}

/** What a sale of qty at price brings: the amount less the handling fee (the buyer pays the duty). */
export function sellProceeds(qty: number, price: number, fees: FeeRules): { amount: number; fees: number } {
  const amount = qty * price
  return { amount, fees: handlingFee(amount, fees) + stampDuty(amount, false, fees) }
}

/** The most whole shares, up to `want`, that `cash` pays for with their fees; 0 when none. */
export function affordable(want: number, price: number, cash: number, fees: FeeRules): number {
  const rate = fees.handlingFeePerLakh + fees.stampDutyPerLakh
  let qty = Math.min(want, Math.floor((cash * 100_000) / (price * (100_000 + rate))))
  while (qty > 0) {
    const c = buyCost(qty, price, fees)
    if (c.amount + c.fees <= cash) return qty
    // The minimum fee can outweigh the rate on a small order: step down until it fits.
    qty -= Math.max(1, Math.ceil((c.amount + c.fees - cash) / price))
  }
  return 0
}

/** A day under way: the state being changed and the trades so far, sells first then buys. */
class Day {
  readonly trades: StrategyTrade[] = []
  constructor(
    readonly state: StrategyState,
    readonly fees: FeeRules,
  ) {}

  held(symbol: string): number {
    return this.state.holdings[symbol] ?? 0
  }

  sell(symbol: string, qty: number, price: number): void {
    if (qty <= 0) return
    const p = sellProceeds(qty, price, this.fees)
    // A sale worth less than its fee would lower cash: it is not made.
    if (p.amount <= p.fees) return
    this.state.cash += p.amount - p.fees
    const left = this.held(symbol) - qty
    if (left > 0) this.state.holdings[symbol] = left
    else {
      delete this.state.holdings[symbol]
      delete this.state.entered[symbol]
    }
    this.trades.push({ seq: this.trades.length, symbol, side: 'sell', qty, price, fees: p.fees })
  }

  buy(symbol: string, want: number, price: number): number {
    const qty = affordable(want, price, this.state.cash, this.fees)
    if (qty <= 0) return 0
    const c = buyCost(qty, price, this.fees)
    this.state.cash -= c.amount + c.fees
    this.state.holdings[symbol] = this.held(symbol) + qty
    this.trades.push({ seq: this.trades.length, symbol, side: 'buy', qty, price, fees: c.fees })
    return qty
  }
}

function cloneState(s: StrategyState): StrategyState {
  return { cash: s.cash, holdings: { ...s.holdings }, days: s.days, nextRebalance: s.nextRebalance, entered: { ...s.entered } }
}

function param(def: StrategyDefinition, name: string): number {
  const value = def.params[name]
  if (value === undefined || !Number.isSafeInteger(value) || value < 0) throw new Error(`strategy ${def.code} needs a whole parameter ${name}`)
  return value
}

const bySymbol = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * Moves the portfolio to `targets` (shares by symbol; a symbol absent is 0): every sale first,
 * then the buys in the order given, each as far as cash allows. A change worth less than
 * `minTrade` paise is skipped unless it empties a holding.
 */
function rebalance(d: Day, targets: ReadonlyMap<string, number>, price: (s: string) => number, minTrade: number): void {
  const symbols = [...new Set([...Object.keys(d.state.holdings), ...targets.keys()])].sort(bySymbol)
  for (const symbol of symbols) {
    const target = targets.get(symbol) ?? 0
    const excess = d.held(symbol) - target
    if (excess > 0 && (target === 0 || excess * price(symbol) >= minTrade)) d.sell(symbol, excess, price(symbol))
  }
  for (const [symbol, target] of targets) {
    const lack = target - d.held(symbol)
    if (lack > 0 && lack * price(symbol) >= minTrade) d.buy(symbol, lack, price(symbol))
  }
}

/** The part of the portfolio a rule invests: its value less the cash reserve. */
function investable(value: number, reserveBps: number): number {
  return mulDiv(value, 10_000 - reserveBps, 10_000, 'down')
}

function indexTracker(def: StrategyDefinition, d: Day, input: DayInput, price: (s: string) => number): void {
  if (d.state.days < d.state.nextRebalance) return
  const value = portfolioValue(d.state, price)
  const budget = investable(value, param(def, 'cashReserveBps'))
  let total = 0
  for (const symbol of def.universe) total += input.weights.get(symbol) ?? 0
  if (total <= 0) return
  const targets = new Map<string, number>()
  // Heaviest members first, so what rounding and fees leave short falls on the lightest.
  const members = def.universe.filter((s) => (input.weights.get(s) ?? 0) > 0)
  members.sort((a, b) => (input.weights.get(b) ?? 0) - (input.weights.get(a) ?? 0) || bySymbol(a, b))
  for (const symbol of members) targets.set(symbol, Math.floor((budget * (input.weights.get(symbol) ?? 0)) / total / price(symbol)))
  rebalance(d, targets, price, mulDiv(value, param(def, 'minTradeBps'), 10_000, 'down'))
  d.state.nextRebalance = d.state.days + Math.max(1, param(def, 'rebalanceDays'))
}

function momentum(def: StrategyDefinition, d: Day, input: DayInput, price: (s: string) => number): void {
  if (d.state.days < d.state.nextRebalance) return
  const lookback = Math.max(1, param(def, 'lookbackDays'))
  const scored: { symbol: string; score: number }[] = []
  for (const symbol of def.universe) {
    const h = input.history(symbol, lookback + 1)
    if (h.length < lookback + 1) continue
    scored.push({ symbol, score: h[h.length - 1]! / h[0]! })
  }
  // Too little history yet: the rebalance waits for the first close that has it.
  if (scored.length === 0) return
  scored.sort((a, b) => b.score - a.score || bySymbol(a.symbol, b.symbol))
  const chosen = scored.slice(0, Math.max(1, param(def, 'holdCount')))
  const value = portfolioValue(d.state, price)
  const slot = Math.floor(investable(value, param(def, 'cashReserveBps')) / chosen.length)
  const targets = new Map(chosen.map(({ symbol }) => [symbol, Math.floor(slot / price(symbol))]))
  rebalance(d, targets, price, 0)
  d.state.nextRebalance = d.state.days + Math.max(1, param(def, 'rebalanceDays'))
}

function meanReversion(def: StrategyDefinition, d: Day, input: DayInput, price: (s: string) => number): void {
  const ma = Math.max(1, param(def, 'maDays'))
  const threshold = param(def, 'thresholdBps')
  const maxHold = param(def, 'maxHoldDays')
  const slots = Math.max(1, param(def, 'maxPositions'))
  const sums = new Map<string, number>()
  for (const symbol of def.universe) {
    const h = input.history(symbol, ma)
    if (h.length === ma) sums.set(symbol, h.reduce((a, b) => a + b, 0))
  }
  const sold = new Set<string>()
  for (const symbol of Object.keys(d.state.holdings).sort(bySymbol)) {
    const sum = sums.get(symbol)
    const back = sum !== undefined && price(symbol) * ma >= sum
    const held = d.state.days - (d.state.entered[symbol] ?? d.state.days)
    if (back || held >= maxHold) {
      d.sell(symbol, d.held(symbol), price(symbol))
      sold.add(symbol)
    }
  }
  const free = slots - Object.keys(d.state.holdings).length
  if (free <= 0) return
  // Exact integer test: close x ma x 10000 <= sum x (10000 - threshold).
  const candidates = [...sums]
    .filter(([symbol, sum]) => !sold.has(symbol) && d.held(symbol) === 0 && price(symbol) * ma * 10_000 <= sum * (10_000 - threshold))
    .map(([symbol, sum]) => ({ symbol, ratio: (price(symbol) * ma) / sum }))
  candidates.sort((a, b) => a.ratio - b.ratio || bySymbol(a.symbol, b.symbol))
  const slot = Math.floor(investable(portfolioValue(d.state, price), param(def, 'cashReserveBps')) / slots)
  for (const { symbol } of candidates.slice(0, free)) {
    if (d.buy(symbol, Math.floor(slot / price(symbol)), price(symbol)) > 0) d.state.entered[symbol] = d.state.days
  }
}

/**
 * One close of a strategy: the day's splits applied to what it holds, then its rule's trades at
 * the close. Returns the state after the day (the input state is not changed) and the trades in
 * the order they were made.
 */
export function runDay(def: StrategyDefinition, previous: StrategyState, input: DayInput, fees: FeeRules): { state: StrategyState; trades: StrategyTrade[] } {
  const state = cloneState(previous)
  for (const split of input.splits) {
    const held = state.holdings[split.symbol]
    if (held !== undefined) state.holdings[split.symbol] = held * split.ratio
  }
  const price = (symbol: string): number => {
    const close = input.closes.get(symbol)
    if (close === undefined || close <= 0) throw new Error(`no close for ${symbol} on ${input.day}`)
    return close
  }
  const d = new Day(state, fees)
  if (def.code === 'index_tracker') indexTracker(def, d, input, price)
  else if (def.code === 'momentum') momentum(def, d, input, price)
  else meanReversion(def, d, input, price)
  state.days += 1
  if (state.cash < 0) throw new Error(`strategy ${def.code} spent more cash than it had on ${input.day}`)
  return { state, trades: d.trades }
}
