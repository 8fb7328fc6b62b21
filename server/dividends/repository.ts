/**
 * The SQL of dividends: the dividends found in the feed's stored days (market_days), the
 * entitlements of holders, and the applications the review queues decide.
 */
import { sql } from 'kysely'
import { type Executor, type Tx } from '../db/executor'
import { type DividendEntitlement, type DividendStatus } from '../../src/contract/replies'

/** Stored stock days from `fromDay` on whose adjustments hold a dividend. */
export async function daysWithDividends(db: Executor, fromDay: string): Promise<{ symbol: string; day: string; adjustments: string }[]> {
  return db
    .selectFrom('market_days')
    .select(['symbol', 'day', 'adjustments'])
    .where('day', '>=', fromDay)
    .where('adjustments', 'like', '%"dividend"%')
    .orderBy('day')
    .orderBy('symbol')
    .execute()
}

/** The latest ex-day already recorded, so each sweep reads only newer days. */
export async function latestExDay(db: Executor): Promise<string | null> {
  const row = await db.selectFrom('dividends').select((eb) => eb.fn.max('ex_day').as('day')).executeTakeFirst()
  return row?.day ?? null
}

export type NewDividend = { symbol: string; ex_day: string; per_share: number; record_at: number; pay_at: number; application_required: boolean; created_at: number }

export async function insertDividends(db: Executor, rows: readonly NewDividend[]): Promise<void> {
  if (rows.length === 0) return
  await db
    .insertInto('dividends')
    .values([...rows])
    .onConflict((oc) => oc.columns(['symbol', 'ex_day']).doNothing())
    .execute()
}

/** Dividends whose record date has passed and whose holders are not yet entitled, locked for this sweep. */
export async function lockUnentitled(trx: Tx, now: number) {
  return trx.selectFrom('dividends').selectAll().where('entitled_at', 'is', null).where('record_at', '<=', now).orderBy('id').forUpdate().skipLocked().execute()
}

/** Long and short stock positions on `symbol` that may have been open at `recordAt` (isEntitled decides). */
export async function positionsAround(db: Executor, symbol: string, recordAt: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'user_id', 'direction', 'quantity', 'opened_at', 'closed_at'])
    .where('symbol', '=', symbol)
    .where('kind', '=', 'stock')
    .where('opened_at', '<', recordAt)
    .where((eb) => eb.or([eb('closed_at', 'is', null), eb('closed_at', '>=', recordAt)]))
    .execute()
}

export type NewEntitlement = { dividend_id: number; user_id: number; order_id: number; shares: number; amount: number; status: DividendStatus; created_at: number; updated_at: number }

export async function insertEntitlements(trx: Tx, rows: readonly NewEntitlement[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await trx
      .insertInto('dividend_entitlements')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.columns(['dividend_id', 'order_id']).doNothing())
      .execute()
  }
}

export async function markEntitled(trx: Tx, id: number, now: number): Promise<void> {
  await trx.updateTable('dividends').set({ entitled_at: now }).where('id', '=', id).execute()
}

/** Entitlements due at `now` (scheduled or approved, pay date passed), locked for payment. */
export async function lockDue(trx: Tx, now: number, limit: number) {
  return trx
    .selectFrom('dividend_entitlements as e')
    .innerJoin('dividends as d', 'd.id', 'e.dividend_id')
    .select(['e.id', 'e.user_id', 'e.amount', 'd.symbol', 'd.ex_day'])
    .where('e.status', 'in', ['scheduled', 'approved'])
    .where('d.pay_at', '<=', now)
    .orderBy('e.id')
    .limit(limit)
    .forUpdate('e')
    .skipLocked()
    .execute()
}

export async function markPaid(trx: Tx, ids: readonly number[], now: number): Promise<void> {
  if (ids.length === 0) return
  await trx.updateTable('dividend_entitlements').set({ status: 'paid', paid_at: now, updated_at: now }).where('id', 'in', [...ids]).execute()
}

const entitlementView = (db: Executor) =>
  db
    .selectFrom('dividend_entitlements as e')
    .innerJoin('dividends as d', 'd.id', 'e.dividend_id')
    .select([
      'e.id',
      'd.symbol',
      'd.ex_day as exDay',
      'd.record_at as recordAt',
      'd.pay_at as payAt',
      'd.per_share as perShare',
      'e.shares',
      'e.amount',
      'e.order_id as orderId',
      'd.application_required as applicationRequired',
      'e.status',
      'e.reason',
      'e.paid_at as paidAt',
      'e.created_at as createdAt',
    ])

export async function entitlementsOf(db: Executor, userId: number, page: { offset: number; limit: number }): Promise<{ data: DividendEntitlement[]; total: number }> {
  const [data, count] = await Promise.all([
    entitlementView(db).where('e.user_id', '=', userId).orderBy('e.id', 'desc').offset(page.offset).limit(page.limit).execute(),
    db.selectFrom('dividend_entitlements').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
  ])
  return { data, total: Number(count.n) }
}

export async function entitlementOf(db: Executor, userId: number, id: number): Promise<DividendEntitlement | undefined> {
  return entitlementView(db).where('e.user_id', '=', userId).where('e.id', '=', id).executeTakeFirst()
}

/** The user's entitlement, locked: an application and a review cannot cross. */
export async function lockEntitlement(trx: Tx, id: number) {
  return trx.selectFrom('dividend_entitlements').select(['id', 'user_id', 'status']).where('id', '=', id).forUpdate().executeTakeFirst()
}

export async function setEntitlementStatus(trx: Tx, id: number, status: DividendStatus, reason: string | null, now: number): Promise<void> {
  await trx.updateTable('dividend_entitlements').set({ status, reason, updated_at: now }).where('id', '=', id).execute()
}

export async function insertApplication(trx: Tx, a: { entitlementId: number; userId: number; now: number }): Promise<void> {
  await trx.insertInto('dividend_applications').values({ entitlement_id: a.entitlementId, user_id: a.userId, created_at: a.now }).execute()
}

/** Decides a pending application; undefined when it is no longer pending. */
export async function markApplicationDecided(trx: Tx, d: { id: number; approve: boolean; reason: string | null; operator: string; now: number }) {
  return trx
    .updateTable('dividend_applications')
    .set({ status: d.approve ? 'approved' : 'rejected', reason: d.reason, decided_by: d.operator, decided_at: d.now })
    .where('id', '=', d.id)
    .where('status', '=', 'pending')
    .returning(['entitlement_id'])
    .executeTakeFirst()
}

/** The review queue's list: each application with the arithmetic the operator checks (and cannot change). */
export async function dividendReviews(db: Executor, q: { status: 'pending' | 'approved' | 'rejected'; limit: number }) {
  return db
    .selectFrom('dividend_applications as a')
    .innerJoin('dividend_entitlements as e', 'e.id', 'a.entitlement_id')
    .innerJoin('dividends as d', 'd.id', 'e.dividend_id')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'a.user_id as userId', 'u.account', 'a.status', 'a.reason', 'a.decided_by as decidedBy', 'a.created_at as createdAt', 'a.decided_at as decidedAt'])
    .select(['d.symbol', 'd.ex_day', 'd.per_share', 'e.shares', 'e.amount', 'e.order_id'])
    .where('a.status', '=', q.status)
    .orderBy('a.id', q.status === 'pending' ? 'asc' : 'desc')
    .limit(q.limit)
    .execute()
}

/** When the first stock position opened: no dividend before it can be owed to anyone. */
export async function earliestStockPosition(db: Executor): Promise<number | null> {
  const { rows } = await sql<{ at: number | null }>`select min(opened_at)::bigint as at from orders where kind = 'stock' and opened_at is not null`.execute(db)
  const at = rows[0]?.at
  return at === null || at === undefined ? null : Number(at)
}
