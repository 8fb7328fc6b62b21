/**
 * Running the strategies on the feed (issue 11): every completed market day after a strategy's
 * last processed one, up to the last completed close, read from the stored market days (the same
 * rows for every process and every database made from the same seed). A strategy's pending days
 * are run in one transaction under its run's lock, and the run records the last day it
 * processed, so running twice, or on two processes, writes each day once. NAV now marks the
 * holdings after the last processed close to the latest quote.
 */
import { type ServerConfig } from '../config'
import { type Executor } from '../db/executor'
import { type MarketFeed } from '../market/feed'
import { MINUTE_MS, dayKeyNumber, dayNumberStart, indiaDayOf } from '../market/calendar'
import { CALENDAR_HOURS } from '../market/days'
import { stockBySymbol } from '../market/instruments'
import { type CorporateAction, type PriceAdjustment, sharesOutstandingOn } from '../market/simulation'
import { type MarketCalendarName } from '../db/types'
import { type StrategyCode } from '../../src/contract/replies'
import { type DayInput, type FeeRules, type Holdings, type Split, type StrategyDefinition, type StrategyState, portfolioValue, runDay } from './strategies'
import { navOf } from './nav-rules'
import { type NewTrade, type RunRow, type StrategyRow, adjustmentsAfter, insertNavs, insertTrades, latestDaysOf, lockRun, universeDays, updateRun } from './repository'

/** The instant a stored day's session closes. */
export function closeInstant(day: string, calendar: string): number {
  const hours = CALENDAR_HOURS[calendar as MarketCalendarName] ?? CALENDAR_HOURS.nse
  return dayNumberStart(dayKeyNumber(day)) + hours.close * MINUTE_MS
}

export function definitionOf(s: StrategyRow): StrategyDefinition {
  return { code: s.code as StrategyCode, params: JSON.parse(s.params) as Record<string, number>, universe: JSON.parse(s.universe) as string[] }
}

export function feeRulesOf(config: ServerConfig): FeeRules {
  return { handlingFeePerLakh: config.trading.handlingFeePerLakh, minHandlingFee: config.trading.minHandlingFee, stampDutyPerLakh: config.trading.stampDutyPerLakh }
}

type RunState = Omit<StrategyState, 'cash' | 'holdings'>

export function stateOf(run: RunRow): StrategyState {
  const rest = JSON.parse(run.state) as RunState
  return { ...rest, cash: run.cash, holdings: JSON.parse(run.holdings) as Holdings }
}

export function splitsIn(rows: readonly { symbol: string; day: string; adjustments: string }[]): Split[] {
  const out: Split[] = []
  for (const row of rows) {
    for (const a of JSON.parse(row.adjustments) as PriceAdjustment[]) if (a.kind === 'split') out.push({ symbol: row.symbol, day: row.day, ratio: a.ratio })
  }
  return out
}

/** The last day of the universe whose close has passed at `now`, or null. */
export async function lastCompletedDay(db: Executor, universe: readonly string[], now: number): Promise<string | null> {
  const symbol = universe[0]
  if (symbol === undefined) return null
  for (const row of await latestDaysOf(db, symbol, 4)) if (closeInstant(row.day, row.calendar) <= now) return row.day
  return null
}

type SymbolSeries = { days: string[]; closes: number[]; splitRatio: number[] }

/** A universe's stored days, as the strategies read them: closes by symbol, splits, and the day list. */
export type UniverseSeries = {
  days: { day: string; calendar: string }[]
  bySymbol: Map<string, SymbolSeries>
  splits: Split[]
}

export async function loadUniverse(db: Executor, universe: readonly string[]): Promise<UniverseSeries> {
  const rows = await universeDays(db, universe)
  const bySymbol = new Map<string, SymbolSeries>()
  const days = new Map<string, string>()
  const splits = splitsIn(rows)
  const ratioOf = new Map(splits.map((s) => [`${s.symbol}|${s.day}`, s.ratio]))
  for (const row of rows) {
    let s = bySymbol.get(row.symbol)
    if (s === undefined) bySymbol.set(row.symbol, (s = { days: [], closes: [], splitRatio: [] }))
    s.days.push(row.day)
    s.closes.push(row.close)
    s.splitRatio.push(ratioOf.get(`${row.symbol}|${row.day}`) ?? 1)
    if (!days.has(row.day)) days.set(row.day, row.calendar)
  }
  return { days: [...days].map(([day, calendar]) => ({ day, calendar })), bySymbol, splits }
}

/**
 * The input of each day in `days` (in order), as runDay reads it: the latest close of every member,
 * its split-adjusted history, the index weights and the day's splits.
 */
export function* dayInputs(series: UniverseSeries, universe: readonly string[], days: readonly { day: string; calendar: string }[]): Generator<DayInput> {
  const at = new Map<string, number>(universe.map((s) => [s, -1]))
  const splitsByDay = new Map<string, Split[]>()
  for (const s of series.splits) splitsByDay.set(s.day, [...(splitsByDay.get(s.day) ?? []), s])
  const actionsOf = new Map<string, CorporateAction[]>()
  for (const s of series.splits) actionsOf.set(s.symbol, [...(actionsOf.get(s.symbol) ?? []), { kind: 'split', symbol: s.symbol, exDay: s.day, ratio: s.ratio }])
  for (const { day, calendar } of days) {
    const closes = new Map<string, number>()
    const weights = new Map<string, number>()
    for (const symbol of universe) {
      const s = series.bySymbol.get(symbol)
      if (s === undefined) continue
      let i = at.get(symbol)!
      while (i + 1 < s.days.length && s.days[i + 1]! <= day) i++
      at.set(symbol, i)
      if (i < 0) continue
      const close = s.closes[i]!
      closes.set(symbol, close)
      const stock = stockBySymbol(symbol)
      weights.set(symbol, close * sharesOutstandingOn(stock, day, actionsOf.get(symbol) ?? []) * stock.freeFloatBp)
    }
    const history = (symbol: string, count: number): number[] => {
      const s = series.bySymbol.get(symbol)
      const i = at.get(symbol) ?? -1
      if (s === undefined || i < 0) return []
      const out: number[] = []
      let factor = 1
      for (let j = i; j >= 0 && out.length < count; j--) {
        out.push(s.closes[j]! / factor)
        // Closes before a split's ex-day are on the old share basis.
        factor *= s.splitRatio[j]!
      }
      return out.reverse()
    }
    yield { day, time: closeInstant(day, calendar), closes, history, weights, splits: (splitsByDay.get(day) ?? []).filter((s) => universe.includes(s.symbol)) }
  }
}

export type RunOutcome = { days: number; trades: number }

/**
 * Runs one strategy's pending closes (after its last processed day, from its start day, up to
 * `through`) in one transaction under its run's lock.
 */
export async function runStrategy(db: Executor, config: ServerConfig, strategy: StrategyRow, series: UniverseSeries, through: string, now: number): Promise<RunOutcome> {
  const def = definitionOf(strategy)
  const fees = feeRulesOf(config)
  return db.transaction().execute(async (trx) => {
    const run = await lockRun(trx, strategy.id)
    if (!run || (run.last_day !== null && run.last_day >= through)) return { days: 0, trades: 0 }
    const after = run.last_day ?? ''
    const days = series.days.filter((d) => d.day >= strategy.start_day && d.day > after && d.day <= through)
    if (days.length === 0) return { days: 0, trades: 0 }
    let state = stateOf(run)
    const trades: NewTrade[] = []
    const navs: { day: string; nav: number }[] = []
    for (const input of dayInputs(series, def.universe, days)) {
      const result = runDay(def, state, input, fees)
      state = result.state
      for (const t of result.trades) trades.push({ ...t, day: input.day, time: input.time })
      navs.push({ day: input.day, nav: navOf(portfolioValue(state, (s) => input.closes.get(s) ?? 0), strategy.capital) })
    }
    await insertTrades(trx, strategy.id, trades)
    await insertNavs(trx, strategy.id, navs)
    const { cash, holdings, ...rest } = state
    await updateRun(trx, { strategyId: strategy.id, lastDay: days[days.length - 1]!.day, cash, holdings: JSON.stringify(holdings), state: JSON.stringify(rest), now })
    return { days: days.length, trades: trades.length }
  })
}

/**
 * NAV now: the holdings after the last processed close (with any split since applied) at the
 * latest quote, plus cash. The caller has prepared the feed for `now`.
 */
export async function navNow(db: Executor, market: Pick<MarketFeed, 'quote'>, strategy: StrategyRow, run: RunRow, now: number): Promise<number> {
  const holdings = JSON.parse(run.holdings) as Holdings
  const symbols = Object.keys(holdings)
  if (symbols.length > 0) {
    const today = indiaDayOf(now)
    for (const s of splitsIn(await adjustmentsAfter(db, symbols, run.last_day ?? ''))) {
      if (s.day <= today && holdings[s.symbol] !== undefined) holdings[s.symbol] = holdings[s.symbol]! * s.ratio
    }
  }
  const value = portfolioValue({ cash: run.cash, holdings }, (symbol) => {
    const price = market.quote(symbol, now)?.price
    if (price === undefined) throw new Error(`no quote for ${symbol}`)
    return price
  })
  return navOf(value, strategy.capital)
}
