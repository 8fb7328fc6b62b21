/**
 * What the VIP screen says about a stored /vip/info, as plain functions of it (and of now): the
 * progress to the next level, and whether and how the level would fall. The numbers are the
 * server's (src/lib/vip.ts computed them there); nothing here recomputes a level.
 */
import { type VipInfo, type VipLevel } from '../../data/vip'
import { type Paise } from '../../lib/money'

/** How far the measure is from the current level's threshold to the next one's, 0-100, whole. */
export function progressPct(info: Pick<VipInfo, 'level' | 'measure' | 'next' | 'levels'>): number {
  if (!info.next) return 100
  const from = thresholdOf(info.levels, info.level)
  const span = info.next.minMeasure - from
  if (span <= 0) return info.measure >= info.next.minMeasure ? 100 : 0
  const pct = Math.floor(((info.measure - from) * 100) / span)
  return Math.min(100, Math.max(0, pct))
}

/** The threshold of `level` in the published table (0 when the table lacks it). */
export function thresholdOf(levels: readonly VipLevel[], level: number): Paise {
  return levels.find((l) => l.level === level)?.minMeasure ?? 0
}

/** The published levels in order, lowest first. */
export function sortedLevels(levels: readonly VipLevel[]): VipLevel[] {
  return [...levels].sort((a, b) => a.level - b.level)
}

/**
 * The level's outlook if no more trades were made:
 * - `floor`: level 0, which has no threshold and cannot fall;
 * - `drops`: the measure falls below the level's threshold at `at`, to `toLevel`;
 * - `below`: the measure is already below the threshold, so the next recompute lowers the level;
 * - `up`: the measure already reaches the next level's threshold, so the next recompute raises it;
 * - `holds`: none of these (the server sent no downgrade and the threshold is met).
 */
export type Outlook =
  | { kind: 'floor' }
  | { kind: 'drops'; at: number; toLevel: number }
  | { kind: 'below'; threshold: Paise }
  | { kind: 'up'; toLevel: number }
  | { kind: 'holds' }

export function outlookOf(info: Pick<VipInfo, 'level' | 'measure' | 'next' | 'downgrade' | 'levels'>): Outlook {
  if (info.next && info.measure >= info.next.minMeasure) return { kind: 'up', toLevel: info.next.level }
  if (info.level === 0) return { kind: 'floor' }
  const threshold = thresholdOf(info.levels, info.level)
  if (info.measure < threshold) return { kind: 'below', threshold }
  if (info.downgrade) return { kind: 'drops', at: info.downgrade.at, toLevel: info.downgrade.toLevel }
  return { kind: 'holds' }
}
