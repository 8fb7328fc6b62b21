/**
 * VIP levels' SQL (issue 12; migration 1764400001000_vip.sql). `vip_levels` holds the level the
 * 'vip' job last set for an account (no row: level 0) with the measure it saw; `vip_changes` one
 * row per change it made. The measure itself is never stored as the truth: it is read from the
 * `orders` table (positions opened and closed in the window) whenever it is needed.
 */
import { type Executor, type Tx } from '../db/executor'
import { type VipChange } from '../../src/contract/replies'
import { type PositionLegs } from './rules'

export type StoredLevel = { level: number; measure: number; computedAt: number }

export async function storedLevelOf(db: Executor, userId: number): Promise<StoredLevel | null> {
  const row = await db.selectFrom('vip_levels').select(['level', 'measure', 'computed_at']).where('user_id', '=', userId).executeTakeFirst()
  return row ? { level: row.level, measure: row.measure, computedAt: row.computed_at } : null
}

/** The stored levels of these users; a user without a row (level 0) is missing from the map. */
export async function storedLevelsOf(db: Executor, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map()
  const rows = await db.selectFrom('vip_levels').select(['user_id', 'level']).where('user_id', 'in', [...new Set(userIds)]).execute()
  return new Map(rows.map((r) => [r.user_id, r.level]))
}

const LEGS = ['quantity', 'unit_divisor', 'entry_price', 'opened_at', 'exit_price', 'closed_at'] as const

/** The user's positions with a side traded after `from` (opened or closed then). */
export async function positionsTradedSince(db: Executor, userId: number, from: number): Promise<PositionLegs[]> {
  return db
    .selectFrom('orders')
    .select(LEGS)
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('opened_at', '>', from), eb('closed_at', '>', from)]))
    .execute()
}

/** Every account's positions with a side traded after `from`: the job's one read of the window. */
export async function allPositionsTradedSince(db: Executor, from: number): Promise<(PositionLegs & { user_id: number })[]> {
  return db
    .selectFrom('orders')
    .select(['user_id', ...LEGS])
    .where((eb) => eb.or([eb('opened_at', '>', from), eb('closed_at', '>', from)]))
    .execute()
}

/** Every stored level, by user: the job's one read of them (rows at level 0 included). */
export async function allStoredLevels(db: Executor): Promise<Map<number, number>> {
  const rows = await db.selectFrom('vip_levels').select(['user_id', 'level']).execute()
  return new Map(rows.map((r) => [r.user_id, r.level]))
}

/** The user's level changes, newest first. */
export async function changesOf(db: Executor, userId: number, limit: number): Promise<VipChange[]> {
  const rows = await db
    .selectFrom('vip_changes')
    .select(['from_level', 'to_level', 'measure', 'at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
  return rows.map((r) => ({ fromLevel: r.from_level, toLevel: r.to_level, measure: r.measure, at: r.at }))
}

/** The stored level, its row locked for the transaction; 0 when there is no row yet. */
export async function lockStoredLevel(trx: Tx, userId: number): Promise<number> {
  const row = await trx.selectFrom('vip_levels').select('level').where('user_id', '=', userId).forUpdate().executeTakeFirst()
  return row?.level ?? 0
}

/** Sets the level and records the change, in the caller's transaction. */
export async function changeLevel(trx: Tx, change: { userId: number; fromLevel: number; toLevel: number; measure: number; at: number }): Promise<void> {
  await trx
    .insertInto('vip_levels')
    .values({ user_id: change.userId, level: change.toLevel, measure: change.measure, computed_at: change.at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ level: change.toLevel, measure: change.measure, computed_at: change.at }))
    .execute()
  await trx
    .insertInto('vip_changes')
    .values({ user_id: change.userId, from_level: change.fromLevel, to_level: change.toLevel, measure: change.measure, at: change.at })
    .execute()
}

/**
 * Records that the job recomputed these accounts and found their levels unchanged: the measure it
 * saw and when. The level column is never touched here (a row made here is level 0's).
 */
export async function markRecomputed(db: Executor, rows: readonly { userId: number; level: number; measure: number }[], at: number): Promise<void> {
  if (rows.length === 0) return
  await db
    .insertInto('vip_levels')
    .values(rows.map((r) => ({ user_id: r.userId, level: r.level, measure: r.measure, computed_at: at })))
    .onConflict((oc) => oc.column('user_id').doUpdateSet((eb) => ({ measure: eb.ref('excluded.measure'), computed_at: eb.ref('excluded.computed_at') })))
    .execute()
}
