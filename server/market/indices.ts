/**
 * Index levels computed from their constituents, as NSE and BSE compute theirs: free-float market
 * value (price x shares x free-float factor) over a divisor. The divisor is fixed once from the
 * reference prices (see MarketIndex in instruments.ts) and never changes: a split multiplies a
 * constituent's shares as it divides its price, so the level runs through it unchanged, and a
 * dividend lowers the level on the ex-day as it does a price index's.
 *
 * Weights are applied in floating point, in constituent order, so the sum is the same on every
 * machine; the sum of market values itself would pass 2^53 paise and is never formed as an integer.
 */
import { type MarketIndex, stockBySymbol } from './instruments'
import { type Bar, barPath } from './simulation'

/** A constituent on one day: its split-adjusted previous close, its bars and its shares that day. */
export type ConstituentDay = {
  readonly prevClose: number
  readonly bars: readonly Bar[]
  readonly shares: number
}

function freeFloat(symbol: string): number {
  return stockBySymbol(symbol).freeFloatBp / 10_000
}

/** The divisor that puts the index at its reference level when its members are at theirs. */
export function indexDivisor(index: MarketIndex): number {
  let value = 0
  for (const symbol of index.constituents) {
    const stock = stockBySymbol(symbol)
    value += stock.referencePrice * stock.sharesOutstanding * freeFloat(symbol)
  }
  return value / index.referencePrice
}

/** The level (in hundredths of a point) for given member prices and shares. */
export function indexLevel(index: MarketIndex, price: (symbol: string) => number, shares: (symbol: string) => number, divisor: number): number {
  let level = 0
  for (const symbol of index.constituents) level += (shares(symbol) * freeFloat(symbol) / divisor) * price(symbol)
  return Math.round(level)
}

export type IndexDay = { readonly prevClose: number; readonly bars: readonly Bar[] }

/**
 * An index's minute bars for one day. A minute's open and close come from the members' opens and
 * closes; its high and low are the extremes of the level along the members' minute paths
 * (simulation.barPath), because members' own highs are not simultaneous and adding them would
 * overstate the index's range. A member with no bar in a minute counts at its last price. Volume
 * and turnover are the members' sums.
 */
export function indexDay(index: MarketIndex, members: ReadonlyMap<string, ConstituentDay>, divisor: number): IndexDay {
  const rows = index.constituents.map((symbol) => {
    const day = members.get(symbol)
    if (day === undefined) throw new Error(`index ${index.symbol} needs constituent ${symbol}`)
    return { weight: (day.shares * freeFloat(symbol)) / divisor, day, next: 0, last: day.prevClose }
  })
  let prevClose = 0
  for (const row of rows) prevClose += row.weight * row.day.prevClose

  const times = new Set<number>()
  for (const row of rows) for (const bar of row.day.bars) times.add(bar.t)
  const bars: Bar[] = []
  for (const t of [...times].sort((a, b) => a - b)) {
    const level = [0, 0, 0, 0]
    let volume = 0
    let amount = 0
    for (const row of rows) {
      const bar = row.day.bars[row.next]
      if (bar !== undefined && bar.t === t) {
        const path = barPath(bar)
        for (let k = 0; k < 4; k++) level[k] = (level[k] ?? 0) + row.weight * (path[k] ?? bar.close)
        row.last = bar.close
        row.next++
        volume += bar.volume
        amount += bar.amount
      } else {
        for (let k = 0; k < 4; k++) level[k] = (level[k] ?? 0) + row.weight * row.last
      }
    }
    const points = level.map(Math.round)
    const open = points[0] ?? 0
    const close = points[3] ?? 0
    bars.push({ t, open, high: Math.max(...points), low: Math.min(...points), close, volume, amount })
  }
  return { prevClose: Math.round(prevClose), bars }
}
