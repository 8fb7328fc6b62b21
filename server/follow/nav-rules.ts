/**
 * The arithmetic of copy-trading (issue 11), pure: a strategy's NAV from its trades replayed on
 * closing prices, units and the value of a holding, the stop-loss, the lock and the deadline, and
 * the published metrics. NAV is per unit in 1/10,000 rupee and starts at NAV_START (Rs 10.0000);
 * units are thousandths; a holding is worth floor(units x nav / NAV_VALUE_DIVISOR) paise
 * (src/contract/replies.ts). All money is integer paise and every ratio integer basis points.
 */
import { NAV_VALUE_DIVISOR, type FollowMetrics } from '../../src/contract/replies'
import { DomainRefusal } from '../http/refusal'
import { mulDiv } from '../../src/lib/trade'
import { type Holdings, type Split } from './strategies'

export const NAV_START = 100_000
const MINUTE_MS = 60_000
const DAY_MS = 86_400_000

/** NAV of a portfolio worth `value` paise whose units were bought for `capital` paise at NAV_START. */
export function navOf(value: number, capital: number): number {
  return mulDiv(Math.max(0, value), NAV_START, capital, 'down')
}

/** What `units` (thousandths) are worth at `nav`, paise, rounded down. */
export function valueOf(units: number, nav: number): number {
  return mulDiv(units, nav, NAV_VALUE_DIVISOR, 'down')
}

/** The units `amount` paise buys at `nav`, rounded down (the dust stays with the user). */
export function unitsFor(amount: number, nav: number): number {
  return mulDiv(amount, NAV_VALUE_DIVISOR, nav, 'down')
}

export type ReplayTrade = { day: string; symbol: string; side: 'buy' | 'sell'; qty: number; price: number; fees: number }
export type ReplayDay = { day: string; closes: ReadonlyMap<string, number>; splits?: readonly Split[] }

/**
 * Replays published trades on the closes: each day its splits multiply what is held, then its
 * trades move cash (a buy pays qty x price + fees, a sale brings qty x price - fees), then the NAV
 * is cash + sum of qty x close. Anyone holding the trades and the feed's closes gets the same series.
 */
export function replayNav(capital: number, trades: readonly ReplayTrade[], days: readonly ReplayDay[]): { day: string; nav: number }[] {
  let cash = capital
  const held: Holdings = {}
  const byDay = new Map<string, ReplayTrade[]>()
  for (const t of trades) byDay.set(t.day, [...(byDay.get(t.day) ?? []), t])
  const out: { day: string; nav: number }[] = []
  for (const day of days) {
    for (const s of day.splits ?? []) if (held[s.symbol] !== undefined) held[s.symbol] = held[s.symbol]! * s.ratio
    for (const t of byDay.get(day.day) ?? []) {
      const amount = t.qty * t.price
      if (t.side === 'buy') {
        cash -= amount + t.fees
        held[t.symbol] = (held[t.symbol] ?? 0) + t.qty
      } else {
        cash += amount - t.fees
        held[t.symbol] = (held[t.symbol] ?? 0) - t.qty
      }
    }
    let value = cash
    for (const [symbol, qty] of Object.entries(held)) {
      if (qty === 0) continue
      const close = day.closes.get(symbol)
      if (close === undefined) throw new Error(`no close for ${symbol} on ${day.day}`)
      value += qty * close
    }
    out.push({ day: day.day, nav: navOf(value, capital) })
  }
  return out
}

/** The value at or below which a stop-loss redeems: floor(amount x (100 - percent) / 100). */
export function stopLossValue(amount: number, percent: number): number {
  return mulDiv(amount, 100 - percent, 100, 'down')
}

export function stopLossHit(inv: { units: number; amount: number; stopLossPercent: number | null }, nav: number): boolean {
  return inv.stopLossPercent !== null && valueOf(inv.units, nav) <= stopLossValue(inv.amount, inv.stopLossPercent)
}

/**
 * The highest NAV at which the stop-loss is hit, stored on the investment so the job asks an index
 * for the investments a NAV reaches instead of testing every one: floor(units x nav / D) <= s
 * holds exactly when units x nav < (s + 1) x D, that is nav <= ceil((s + 1) x D / units) - 1.
 */
export function stopLossNav(units: number, amount: number, percent: number): number {
  return mulDiv(stopLossValue(amount, percent) + 1, NAV_VALUE_DIVISOR, units, 'up') - 1
}

export type LockUnit = 'day' | 'minute'

/** When an investment made at `at` may be redeemed: minutes or whole days (24 h) later. */
export function unlockAtOf(at: number, unit: LockUnit, count: number): number {
  return at + count * (unit === 'minute' ? MINUTE_MS : DAY_MS)
}

export type InvestCheck = {
  product: { id: number; minAmount: number; fundSize: number; deadline: number }
  now: number
  amount: number
  /** What open investments in the product total now. */
  invested: number
  stopLossPercent: number | null
  stopLossRange: { min: number; max: number }
}

/** The rules of investing, in the order a user can act on them; null when the investment may be made. */
export function checkInvest(c: InvestCheck): DomainRefusal | null {
  if (c.now >= c.product.deadline) return new DomainRefusal('follow_closed', { deadline: c.product.deadline }, 'This product is not taking money now.')
  if (c.stopLossPercent !== null && (c.stopLossPercent < c.stopLossRange.min || c.stopLossPercent > c.stopLossRange.max)) {
    return new DomainRefusal('follow_stop_loss_invalid', { ...c.stopLossRange }, `A stop-loss is ${c.stopLossRange.min} to ${c.stopLossRange.max} percent.`)
  }
  if (c.amount < c.product.minAmount) return new DomainRefusal('follow_below_min', { min: c.product.minAmount }, 'The amount is below the minimum.')
  const available = Math.max(0, c.product.fundSize - c.invested)
  if (c.amount > available) return new DomainRefusal('follow_fund_full', { available }, 'The fund cannot take this much.')
  return null
}

/** Whether an investment may be redeemed by its owner at `now`; null when it may. */
export function checkRedeem(inv: { status: 'in_progress' | 'ended'; unlockAt: number }, now: number): DomainRefusal | null {
  if (inv.status === 'ended') return new DomainRefusal('follow_ended', {}, 'This investment has already ended.')
  if (now < inv.unlockAt) return new DomainRefusal('follow_locked', { unlockAt: inv.unlockAt }, 'This investment is still locked.')
  return null
}

/** a / b - 1 in basis points, rounded half away from zero. */
function changeBps(a: number, b: number): number {
  if (b <= 0) return 0
  const diff = BigInt(a - b) * 10_000n
  const d = BigInt(b)
  const q = diff >= 0n ? (2n * diff + d) / (2n * d) : -((2n * -diff + d) / (2n * d))
  return Number(q)
}

/**
 * Closed trades matched first-in first-out: each sale against the oldest shares bought, its
 * profit = sale amount - sale fees - (cost of those shares + their share of the buys' fees).
 * A split multiplies the shares of every open lot (its cost stays). Returns [closed, winning].
 */
export function fifoWins(trades: readonly ReplayTrade[], splits: readonly Split[] = []): { closed: number; winning: number } {
  type Lot = { qty: number; cost: number }
  const lots = new Map<string, Lot[]>()
  let closed = 0
  let winning = 0
  const splitsByDay = new Map<string, Split[]>()
  for (const s of splits) splitsByDay.set(s.day, [...(splitsByDay.get(s.day) ?? []), s])
  let lastDay = ''
  const applySplits = (upTo: string) => {
    for (const [day, list] of splitsByDay) {
      if (day > lastDay && day <= upTo) for (const s of list) for (const lot of lots.get(s.symbol) ?? []) lot.qty *= s.ratio
    }
    lastDay = upTo
  }
  for (const t of trades) {
    if (t.day !== lastDay) applySplits(t.day)
    const queue = lots.get(t.symbol) ?? []
    lots.set(t.symbol, queue)
    if (t.side === 'buy') {
      queue.push({ qty: t.qty, cost: t.qty * t.price + t.fees })
      continue
    }
    let left = t.qty
    let cost = 0
    while (left > 0 && queue.length > 0) {
      const lot = queue[0]!
      const take = Math.min(left, lot.qty)
      // The lot's cost in proportion to the shares taken; the last share takes what is left.
      const part = take === lot.qty ? lot.cost : Math.round((lot.cost * take) / lot.qty)
      cost += part
      lot.cost -= part
      lot.qty -= take
      left -= take
      if (lot.qty === 0) queue.shift()
    }
    closed += 1
    if (t.qty * t.price - t.fees > cost) winning += 1
  }
  return { closed, winning }
}

/**
 * The metrics of a NAV series (oldest first) and its trades. Volatility is the sample standard
 * deviation of daily returns x sqrt(252), computed in floating point and rounded once to bps.
 */
export function metricsOf(nav: readonly { day: string; nav: number }[], trades: readonly ReplayTrade[], splits: readonly Split[] = []): FollowMetrics | null {
  const first = nav[0]
  const last = nav[nav.length - 1]
  if (first === undefined || last === undefined) return null
  let peak = first.nav
  let highest = first.nav
  let maxDrawdown = 0
  for (const p of nav) {
    if (p.nav > highest) highest = p.nav
    if (p.nav > peak) peak = p.nav
    if (peak > 0) maxDrawdown = Math.max(maxDrawdown, -changeBps(p.nav, peak))
  }
  const returns: number[] = []
  for (let i = 1; i < nav.length; i++) {
    const before = nav[i - 1]!.nav
    if (before > 0) returns.push(nav[i]!.nav / before - 1)
  }
  let volatility = 0
  if (returns.length >= 2) {
    const mean = returns.reduce((a, b) => a + b, 0) / returns.length
    const variance = returns.reduce((a, r) => a + (r - mean) ** 2, 0) / (returns.length - 1)
    volatility = Math.round(Math.sqrt(variance) * Math.sqrt(252) * 10_000)
  }
  const { closed, winning } = fifoWins(trades, splits)
  const previous = nav.length >= 2 ? nav[nav.length - 2]! : first
  return {
    from: first.day,
    to: last.day,
    days: nav.length,
    returnBps: changeBps(last.nav, first.nav),
    dailyProfitBps: changeBps(last.nav, previous.nav),
    highestReturnBps: changeBps(highest, first.nav),
    maxDrawdownBps: maxDrawdown,
    volatilityBps: volatility,
    winRateBps: closed === 0 ? null : Math.round((winning * 10_000) / closed),
    closedTrades: closed,
    winningTrades: winning,
  }
}
