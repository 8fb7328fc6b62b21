/**
 * Block trades (issue 11): the SQL of `block_offerings` and `block_applications`. Money moves only
 * through ledger entries, which service.ts and lifecycle.ts post beside these writes. Every read a
 * user causes is scoped by their user id; the draw's list is public but names references only.
 */
import { type Insertable, type Selectable, sql } from 'kysely'
import { type Executor, type Tx } from '../db/executor'
import { type BlockApplicationsTable, type BlockOfferingsTable } from '../db/types'
import { type BlockApplicationStatus, type BlockStage } from '../../src/contract/replies'

export type OfferingRow = Selectable<BlockOfferingsTable>
export type ApplicationRow = Selectable<BlockApplicationsTable>

/** An offering with how many applications and shares it has so far. */
export type OfferingWithCounts = OfferingRow & { applications: number; applied_shares: number }

/** An application with the offering fields its reply shows. */
export type ApplicationWithOffering = ApplicationRow & { symbol: string; name: string; unlock_at: number | null }

const counts = (db: Executor) =>
  db
    .selectFrom('block_applications')
    .select((eb) => ['offering_id', eb.fn.countAll<number>().as('applications'), eb.fn.sum<number>('shares').as('applied_shares')])
    .groupBy('offering_id')
    .as('c')

const withCounts = (r: OfferingRow & { applications: unknown; applied_shares: unknown }): OfferingWithCounts => ({
  ...r,
  applications: Number(r.applications),
  applied_shares: Number(r.applied_shares),
})

export async function offeringById(db: Executor, id: number): Promise<OfferingRow | undefined> {
  return db.selectFrom('block_offerings').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The offering under a lock: the job's steps and a cancel of one offering take their turns. */
export async function lockOffering(trx: Tx, id: number): Promise<OfferingRow | undefined> {
  return trx.selectFrom('block_offerings').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
}

/**
 * The offering under a share lock, taken before the user's lock: applications run side by side,
 * but the allocation or a cancel (which lock it for update) waits for those in flight.
 */
export async function shareOffering(trx: Tx, id: number): Promise<OfferingRow | undefined> {
  return trx.selectFrom('block_offerings').selectAll().where('id', '=', id).forShare().executeTakeFirst()
}

export async function offeringWithCounts(db: Executor, id: number): Promise<OfferingWithCounts | undefined> {
  const row = await db
    .selectFrom('block_offerings as o')
    .leftJoin(counts(db), 'c.offering_id', 'o.id')
    .selectAll('o')
    .select((eb) => [eb.fn.coalesce('c.applications', sql<number>`0`).as('applications'), eb.fn.coalesce('c.applied_shares', sql<number>`0`).as('applied_shares')])
    .where('o.id', '=', id)
    .executeTakeFirst()
  return row && withCounts(row)
}

/** One page of offerings, newest window first; `stages` (rules.ts stageOf in SQL) keeps those in any of them at `now`. */
export async function offeringsPage(db: Executor, q: { stages: readonly BlockStage[] | null; now: number; page: number; size: number }): Promise<{ rows: OfferingWithCounts[]; total: number }> {
  const { now } = q
  let query = db.selectFrom('block_offerings as o')
  if (q.stages !== null) {
    const stages = q.stages
    query = query.where((eb) => {
      const live = eb.and([eb('o.cancelled_at', 'is', null), eb('o.allocated_at', 'is', null)])
      const of: Record<BlockStage, ReturnType<typeof eb.and>> = {
        cancelled: eb.and([eb('o.cancelled_at', 'is not', null)]),
        allocated: eb.and([eb('o.cancelled_at', 'is', null), eb('o.allocated_at', 'is not', null)]),
        upcoming: eb.and([live, eb('o.opens_at', '>', now)]),
        open: eb.and([live, eb('o.opens_at', '<=', now), eb('o.closes_at', '>', now)]),
        closed: eb.and([live, eb('o.closes_at', '<=', now)]),
      }
      return eb.or(stages.map((s) => of[s]))
    })
  }
  const [rows, total] = await Promise.all([
    query
      .leftJoin(counts(db), 'c.offering_id', 'o.id')
      .selectAll('o')
      .select((eb) => [eb.fn.coalesce('c.applications', sql<number>`0`).as('applications'), eb.fn.coalesce('c.applied_shares', sql<number>`0`).as('applied_shares')])
      .orderBy('o.opens_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows: rows.map(withCounts), total: Number(total.n) }
}

/** Whether the user has applied to the offering (read under the user's lock). */
export async function hasApplied(trx: Tx, offeringId: number, userId: number): Promise<boolean> {
  const row = await trx.selectFrom('block_applications').select('id').where('offering_id', '=', offeringId).where('user_id', '=', userId).executeTakeFirst()
  return row !== undefined
}

/** Records an application; undefined when the user already has one (the unique index decides). */
export async function insertApplication(
  trx: Tx,
  a: { offeringId: number; userId: number; ref: string; shares: number; price: number; amount: number; fee: number; frozen: number; now: number },
): Promise<ApplicationRow | undefined> {
  return trx
    .insertInto('block_applications')
    .values({
      offering_id: a.offeringId,
      user_id: a.userId,
      ref: a.ref,
      shares: a.shares,
      price: a.price,
      amount: a.amount,
      fee: a.fee,
      frozen: a.frozen,
      status: 'applied',
      created_at: a.now,
      updated_at: a.now,
    })
    .onConflict((oc) => oc.columns(['offering_id', 'user_id']).doNothing())
    .returningAll()
    .executeTakeFirst()
}

const withOffering = (db: Executor) =>
  db
    .selectFrom('block_applications as a')
    .innerJoin('block_offerings as o', 'o.id', 'a.offering_id')
    .leftJoin('orders as p', 'p.id', 'a.order_id')
    .selectAll('a')
    .select(['o.symbol', 'o.name', 'p.unlock_at'])

/** One page of the user's applications, newest first. */
export async function applicationsPage(
  db: Executor,
  q: { userId: number; status: BlockApplicationStatus | null; page: number; size: number },
): Promise<{ rows: ApplicationWithOffering[]; total: number }> {
  let base = withOffering(db).where('a.user_id', '=', q.userId)
  let count = db.selectFrom('block_applications').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', q.userId)
  if (q.status !== null) {
    base = base.where('a.status', '=', q.status)
    count = count.where('status', '=', q.status)
  }
  const [rows, total] = await Promise.all([
    base
      .orderBy('a.id', 'desc')
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(total.n) }
}

/** Every application of the offering as the draw lists it: reference and shares, by reference. */
export async function drawListOf(db: Executor, offeringId: number): Promise<{ ref: string; shares: number }[]> {
  return db.selectFrom('block_applications').select(['ref', 'shares']).where('offering_id', '=', offeringId).orderBy('ref').execute()
}

/** The offering's applications in some statuses, oldest first. */
export async function applicationsOfOffering(db: Executor, offeringId: number, statuses?: readonly BlockApplicationStatus[]): Promise<ApplicationRow[]> {
  let q = db.selectFrom('block_applications').selectAll().where('offering_id', '=', offeringId)
  if (statuses) q = q.where('status', 'in', [...statuses])
  return q.orderBy('id').execute()
}

/** The allocated applications in draw order (rank 1 first), for the published result. */
export async function applicationsInDrawOrder(db: Executor, offeringId: number): Promise<ApplicationRow[]> {
  return db.selectFrom('block_applications').selectAll().where('offering_id', '=', offeringId).where('rank', 'is not', null).orderBy('rank').execute()
}

/** One row of a batch update: the application and what it becomes. */
export type ApplicationChange = { id: number; status: BlockApplicationStatus; rank?: number; allocated_shares?: number; paid?: number; order_id?: number }

/** Writes many applications' changes, one statement per 20,000 rows (jsonb_to_recordset, as the IPO lifecycle does). */
export async function updateApplications(trx: Tx, changes: readonly ApplicationChange[], now: number): Promise<void> {
  for (let start = 0; start < changes.length; start += 20_000) {
    const chunk = changes.slice(start, start + 20_000).map((c) => ({
      id: c.id,
      status: c.status,
      rank: c.rank ?? null,
      allocated_shares: c.allocated_shares ?? null,
      paid: c.paid ?? null,
      order_id: c.order_id ?? null,
    }))
    await sql`
      update block_applications a set
        status = v.status,
        rank = coalesce(v.rank, a.rank),
        allocated_shares = coalesce(v.allocated_shares, a.allocated_shares),
        paid = coalesce(v.paid, a.paid),
        order_id = coalesce(v.order_id, a.order_id),
        updated_at = ${now}
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
        as v (id bigint, status text, rank integer, allocated_shares bigint, paid bigint, order_id bigint)
      where a.id = v.id`.execute(trx)
  }
}

/** Offerings neither cancelled nor allocated whose window has opened by `now`: each may have a step due. */
export async function offeringsWithStepsDue(db: Executor, now: number): Promise<OfferingRow[]> {
  return db
    .selectFrom('block_offerings')
    .selectAll()
    .where('cancelled_at', 'is', null)
    .where('allocated_at', 'is', null)
    .where('opens_at', '<=', now)
    .orderBy('opens_at')
    .orderBy('id')
    .execute()
}

/** Fixes the reference and price (once: only while priced_at is null). */
export async function stampPrice(trx: Tx, id: number, p: { reference: number; price: number }, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('block_offerings')
    .set({ reference_price: p.reference, price: p.price, priced_at: now })
    .where('id', '=', id)
    .where('priced_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function stampAllocation(trx: Tx, id: number, digest: string, now: number): Promise<void> {
  await trx.updateTable('block_offerings').set({ allocated_at: now, digest }).where('id', '=', id).where('allocated_at', 'is', null).execute()
}

export async function stampCancel(trx: Tx, id: number, reason: string, now: number): Promise<void> {
  await trx.updateTable('block_offerings').set({ cancelled_at: now, cancel_reason: reason }).where('id', '=', id).where('allocated_at', 'is', null).execute()
}

export async function insertOffering(db: Executor, row: Insertable<BlockOfferingsTable>): Promise<number> {
  const r = await db.insertInto('block_offerings').values(row).returning('id').executeTakeFirstOrThrow()
  return r.id
}

/** Upcoming or open offerings (not cancelled) at `now`: the demo keeps a few of these. */
export async function countNotYetClosed(db: Executor, now: number): Promise<number> {
  const row = await db
    .selectFrom('block_offerings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('cancelled_at', 'is', null)
    .where('closes_at', '>', now)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** The demo's offerings so far. */
export async function demoCount(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('block_offerings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_by', '=', 'demo')
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Applications by status per offering (the back office's list). */
export async function countsByStatus(db: Executor, ids: readonly number[]): Promise<Map<number, Record<string, number>>> {
  const out = new Map<number, Record<string, number>>()
  if (ids.length === 0) return out
  const rows = await db
    .selectFrom('block_applications')
    .select((eb) => ['offering_id', 'status', eb.fn.countAll<number>().as('n')])
    .where('offering_id', 'in', [...ids])
    .groupBy(['offering_id', 'status'])
    .execute()
  for (const r of rows) {
    const c = out.get(r.offering_id) ?? {}
    c[r.status] = Number(r.n)
    out.set(r.offering_id, c)
  }
  return out
}
