/**
 * VIP levels (issue 12), shared by the server's recompute job and the VIP page. A level is earned
 * by a published threshold on one measure, the account's traded value over the last `windowDays`
 * (the contract amounts of the positions it opened and closed, both sides counted); its only
 * benefit is a discount on the handling fee, taken by the same handlingFee the order preview uses
 * (src/lib/trade.ts). A level never unlocks leverage or changes a rule of risk.
 */
import { type Paise } from './money'

/** One level (config `vip_levels`): reached when the measure is at least `minMeasure`. */
export type VipLevelRule = { level: number; minMeasure: Paise; feeDiscountPct: number }

export type VipRules = { windowDays: number; levels: readonly VipLevelRule[] }

/** Level 0 for everyone; ₹5 lakh traded in 30 days is VIP 1 (10 % off the handling fee), up to ₹5 crore for VIP 4 (40 %). */
export const DEFAULT_VIP_RULES: VipRules = {
  windowDays: 30,
  levels: [
    { level: 0, minMeasure: 0, feeDiscountPct: 0 },
    { level: 1, minMeasure: 50_000_000, feeDiscountPct: 10 },
    { level: 2, minMeasure: 250_000_000, feeDiscountPct: 20 },
    { level: 3, minMeasure: 1_000_000_000, feeDiscountPct: 30 },
    { level: 4, minMeasure: 5_000_000_000, feeDiscountPct: 40 },
  ],
}

/**
 * The highest level whose threshold the measure reaches (level 0 has none), in whatever order the
 * levels are published; level 0 without a discount when none is reached.
 */
export function levelFor(measure: Paise, rules: VipRules = DEFAULT_VIP_RULES): VipLevelRule {
  let best: VipLevelRule | undefined
  for (const l of rules.levels) if (measure >= l.minMeasure && (best === undefined || l.level > best.level)) best = l
  return best ?? { level: 0, minMeasure: 0, feeDiscountPct: 0 }
}

/** The level above `level`, with what is still to trade to reach it; null at the top. */
export function nextLevel(level: number, measure: Paise, rules: VipRules = DEFAULT_VIP_RULES): { level: number; minMeasure: Paise; remaining: Paise } | null {
  const above = rules.levels.filter((l) => l.level > level).sort((a, b) => a.level - b.level)[0]
  return above ? { level: above.level, minMeasure: above.minMeasure, remaining: Math.max(0, above.minMeasure - measure) } : null
}

/** The handling-fee discount of a level, in percent (0 for an unknown level). */
export function feeDiscountPct(level: number, rules: VipRules = DEFAULT_VIP_RULES): number {
  return rules.levels.find((l) => l.level === level)?.feeDiscountPct ?? 0
}

/** One trade counted in the measure: when, and its contract amount. */
export type MeasuredTrade = { at: number; amount: Paise }

/** The measure at `now`: trades in the window (now - windowDays, now]. */
export function measureAt(trades: readonly MeasuredTrade[], now: number, windowDays: number): Paise {
  const from = now - windowDays * 86_400_000
  return trades.reduce((sum, t) => (t.at > from && t.at <= now ? sum + t.amount : sum), 0)
}

/**
 * When the measure would fall below `minMeasure` if no more trades were made: the moment the
 * trade that keeps it up leaves the window. Null when it already is below, or at level 0.
 */
export function downgradeAt(trades: readonly MeasuredTrade[], now: number, windowDays: number, minMeasure: Paise): number | null {
  if (minMeasure <= 0) return null
  const windowMs = windowDays * 86_400_000
  const inWindow = trades.filter((t) => t.at > now - windowMs && t.at <= now).sort((a, b) => a.at - b.at)
  let sum = inWindow.reduce((s, t) => s + t.amount, 0)
  if (sum < minMeasure) return null
  for (const t of inWindow) {
    sum -= t.amount
    if (sum < minMeasure) return t.at + windowMs
  }
  return null
}

/** The levels from config `vip_levels` and `vip_window_days`, the defaults when missing or malformed. */
export function vipRulesFromConfig(levels: string | undefined, windowDays: string | undefined): VipRules {
  const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0
  let parsedLevels: readonly VipLevelRule[] = DEFAULT_VIP_RULES.levels
  try {
    const v: unknown = levels ? JSON.parse(levels) : null
    if (Array.isArray(v) && v.length > 0 && v.every((l: unknown) => typeof l === 'object' && l !== null && isCount((l as VipLevelRule).level) && isCount((l as VipLevelRule).minMeasure) && isCount((l as VipLevelRule).feeDiscountPct) && (l as VipLevelRule).feeDiscountPct <= 100)) {
      parsedLevels = v as VipLevelRule[]
    }
  } catch {
    // a malformed value keeps the defaults
  }
  const days = Number(windowDays)
  return { windowDays: Number.isSafeInteger(days) && days > 0 ? days : DEFAULT_VIP_RULES.windowDays, levels: parsedLevels }
}
