/**
 * VIP levels (issue 12): the 'vip' job that recomputes levels, the /vip/info reply, and the
 * stored level's fee discount the order service charges with (server/trade/service.ts).
 *
 * The job reads the window's positions once, then for each account whose computed level differs
 * from the stored one writes the new level, a vip_changes row and the owner's inbox row
 * (vip_changed) in one transaction, under the stored row's lock, re-reading the level there; so a sweep run twice at the same `now` makes one
 * change. Accounts whose level holds only get the measure and the time of the recompute noted.
 * Only accounts that traded in the window or hold a level above 0 can have a level to change.
 */
import { type ServerConfig } from '../config'
import { type Executor } from '../db/executor'
import { type VipInfo } from '../../src/contract/replies'
import { type MeasuredTrade, feeDiscountPct } from '../../src/lib/vip'
import { recompute, tradesOf, vipInfoOf, windowStart } from './rules'
import {
  allPositionsTradedSince,
  allStoredLevels,
  changeLevel,
  changesOf,
  lockStoredLevel,
  markRecomputed,
  positionsTradedSince,
  storedLevelOf,
  storedLevelsOf,
} from './repository'
import { addInboxMessage } from '../inbox/repository'
import { VIP_LINK } from '../inbox/links'

/** How many level changes /vip/info shows. */
export const CHANGES_SHOWN = 20

/** Unchanged accounts noted per statement. */
const MARK_BATCH = 500

export async function vipInfo(deps: { db: Executor; config: ServerConfig }, userId: number, now: number): Promise<VipInfo> {
  const { db, config } = deps
  const [stored, positions, changes] = await Promise.all([
    storedLevelOf(db, userId),
    positionsTradedSince(db, userId, windowStart(now, config.vip.windowDays)),
    changesOf(db, userId, CHANGES_SHOWN),
  ])
  return vipInfoOf({ stored, trades: tradesOf(positions), changes, rules: config.vip, now })
}

/**
 * The handling-fee discount of each user's stored level, in percent (0 without a level). Read in
 * the order's transaction; the level is the job's, so an order never waits for a recompute.
 */
export async function feeDiscountsOf(db: Executor, config: ServerConfig, userIds: readonly number[]): Promise<Map<number, number>> {
  const levels = await storedLevelsOf(db, userIds)
  return new Map(userIds.map((id) => [id, feeDiscountPct(levels.get(id) ?? 0, config.vip)]))
}

export async function feeDiscountOf(db: Executor, config: ServerConfig, userId: number): Promise<number> {
  return (await feeDiscountsOf(db, config, [userId])).get(userId) ?? 0
}

export type VipSweep = { looked: number; changed: number }

export function createVipJob(deps: { db: Executor; config: ServerConfig }): (now: number) => Promise<VipSweep> {
  const { db, config } = deps
  return async (now) => {
    const rules = config.vip
    const tradesByUser = new Map<number, MeasuredTrade[]>()
    for (const p of await allPositionsTradedSince(db, windowStart(now, rules.windowDays))) {
      const list = tradesByUser.get(p.user_id) ?? []
      list.push(...tradesOf([p]))
      tradesByUser.set(p.user_id, list)
    }
    const stored = await allStoredLevels(db)
    // A level above 0 can fall with no trade in the window at all.
    for (const [userId, level] of stored) if (level > 0 && !tradesByUser.has(userId)) tradesByUser.set(userId, [])
    const userIds = [...tradesByUser.keys()].sort((a, b) => a - b)

    let changed = 0
    const unchanged: { userId: number; level: number; measure: number }[] = []
    for (const userId of userIds) {
      const trades = tradesByUser.get(userId)!
      const seen = recompute(stored.get(userId) ?? 0, trades, rules, now)
      if (!seen.changed) {
        unchanged.push({ userId, level: seen.level, measure: seen.measure })
        continue
      }
      const made = await db.transaction().execute(async (trx) => {
        const fromLevel = await lockStoredLevel(trx, userId)
        if (fromLevel === seen.level) return false
        await changeLevel(trx, { userId, fromLevel, toLevel: seen.level, measure: seen.measure, at: now })
        await addInboxMessage(trx, { userId, kind: 'vip_changed', params: { fromLevel, toLevel: seen.level }, link: VIP_LINK, now })
        return true
      })
      if (made) changed++
    }
    for (let start = 0; start < unchanged.length; start += MARK_BATCH) await markRecomputed(db, unchanged.slice(start, start + MARK_BATCH), now)
    return { looked: userIds.length, changed }
  }
}
