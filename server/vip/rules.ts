/**
 * VIP levels, the server's pure part (issue 12), on top of the shared arithmetic in
 * src/lib/vip.ts: which positions make the measure, what the job decides for one account, and the
 * /vip/info reply. No SQL here (repository.ts) and no clock: `now` is always passed in.
 */
import { type VipChange, type VipInfo } from '../../src/contract/replies'
import { contractAmount } from '../../src/lib/trade'
import { type MeasuredTrade, type VipRules, downgradeAt, feeDiscountPct, levelFor, measureAt, nextLevel } from '../../src/lib/vip'

export const DAY_MS = 86_400_000

/** The window's first excluded instant: the measure at `now` counts trades in (windowStart, now]. */
export function windowStart(now: number, windowDays: number): number {
  return now - windowDays * DAY_MS
}

/** What the measure reads of one position (an `orders` row). */
export type PositionLegs = {
  quantity: number
  unit_divisor: number
  entry_price: number | null
  opened_at: number | null
  exit_price: number | null
  closed_at: number | null
}

/**
 * The traded sides of positions: the contract amount at entry when it opened (a market order at
 * once, a limit order when it filled, an allotment when it was allotted) and at exit when it
 * closed, each side counted, so a round trip counts twice. A cancelled order traded nothing.
 */
export function tradesOf(positions: readonly PositionLegs[]): MeasuredTrade[] {
  const trades: MeasuredTrade[] = []
  for (const p of positions) {
    if (p.opened_at !== null && p.entry_price !== null) trades.push({ at: p.opened_at, amount: contractAmount(p.quantity, p.entry_price, p.unit_divisor) })
    if (p.closed_at !== null && p.exit_price !== null) trades.push({ at: p.closed_at, amount: contractAmount(p.quantity, p.exit_price, p.unit_divisor) })
  }
  return trades
}

/** The job's decision for one account: the level its measure earns now, and whether it differs from the stored one. */
export type Recompute = { measure: number; level: number; changed: boolean }

export function recompute(storedLevel: number, trades: readonly MeasuredTrade[], rules: VipRules, now: number): Recompute {
  const measure = measureAt(trades, now, rules.windowDays)
  const level = levelFor(measure, rules).level
  return { measure, level, changed: level !== storedLevel }
}

/**
 * When the stored level would drop if no more trades were made, and to what. The moment the
 * trade that holds the measure above the level's threshold leaves the window (downgradeAt); and
 * if the measure is already below it (trades left the window since the job last ran), now: the
 * next sweep lowers it. Null at level 0 or while the measure holds with no trade leaving.
 */
export function downgradeOf(storedLevel: number, trades: readonly MeasuredTrade[], rules: VipRules, now: number): VipInfo['downgrade'] {
  const current = rules.levels.find((l) => l.level === storedLevel)
  if (!current || current.minMeasure <= 0) return null
  const measure = measureAt(trades, now, rules.windowDays)
  if (measure < current.minMeasure) return { at: now, toLevel: levelFor(measure, rules).level }
  const at = downgradeAt(trades, now, rules.windowDays, current.minMeasure)
  if (at === null) return null
  return { at, toLevel: levelFor(measureAt(trades, at, rules.windowDays), rules).level }
}

/** The /vip/info reply: the stored level (the job's), the measure live, the way up from the stored level and the way down. */
export function vipInfoOf(input: {
  stored: { level: number; computedAt: number } | null
  trades: readonly MeasuredTrade[]
  changes: readonly VipChange[]
  rules: VipRules
  now: number
}): VipInfo {
  const { rules, now, trades } = input
  const level = input.stored?.level ?? 0
  const measure = measureAt(trades, now, rules.windowDays)
  return {
    level,
    feeDiscountPct: feeDiscountPct(level, rules),
    measure,
    windowDays: rules.windowDays,
    next: nextLevel(level, measure, rules),
    downgrade: downgradeOf(level, trades, rules, now),
    levels: [...rules.levels].sort((a, b) => a.level - b.level).map((l) => ({ level: l.level, minMeasure: l.minMeasure, feeDiscountPct: l.feeDiscountPct })),
    changes: [...input.changes],
    computedAt: input.stored?.computedAt ?? null,
  }
}
