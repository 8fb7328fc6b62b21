/**
 * New shares (issue 10): the SQL of `ipo_issues` and `ipo_applications` that the user's side needs
 * (list, detail, subscribe, records, pay, waive, draw) and that the lifecycle may reuse. Money moves
 * only through ledger entries, which server/ipo/service.ts posts beside these writes. Every read a
 * user causes is scoped by their user id; the draw's list is public but names references only.
 */
import { type Selectable, sql } from 'kysely'
import { type Executor, type Tx } from '../db/executor'
import { type IpoApplicationsTable, type IpoIssuesTable } from '../db/types'
import { type IpoApplicationStatus, type IpoKind, type IpoStage } from '../../src/contract/replies'

export type IssueRow = Selectable<IpoIssuesTable>
export type ApplicationRow = Selectable<IpoApplicationsTable>

/** An issue with how many applications and lots it has so far. */
export type IssueWithCounts = IssueRow & { applications: number; applied_lots: number }

/** An application with the issue fields its reply shows. */
export type ApplicationWithIssue = ApplicationRow & { symbol: string; name: string; lot_size: number; price: number; payment_mode: IssueRow['payment_mode'] }

const counts = (db: Executor) =>
  db
    .selectFrom('ipo_applications')
    .select((eb) => ['issue_id', eb.fn.countAll<number>().as('applications'), eb.fn.sum<number>('lots').as('applied_lots')])
    .groupBy('issue_id')
    .as('c')

export async function issueById(db: Executor, id: number): Promise<IssueRow | undefined> {
  return db.selectFrom('ipo_issues').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The issue row under a lock: waivers and the lifecycle's steps of one issue take their turns. */
export async function lockIssue(trx: Tx, id: number): Promise<IssueRow | undefined> {
  return trx.selectFrom('ipo_issues').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
}

/**
 * The issue row under a share lock, taken before the user's lock (the order every issue step uses):
 * applications run side by side, but a cancel or the close (which lock it for update) waits for
 * those in flight and every later one sees the issue as they left it.
 */
export async function shareIssue(trx: Tx, id: number): Promise<IssueRow | undefined> {
  return trx.selectFrom('ipo_issues').selectAll().where('id', '=', id).forShare().executeTakeFirst()
}

export async function issueWithCounts(db: Executor, id: number): Promise<IssueWithCounts | undefined> {
  const row = await db
    .selectFrom('ipo_issues as i')
    .leftJoin(counts(db), 'c.issue_id', 'i.id')
    .selectAll('i')
    .select((eb) => [eb.fn.coalesce('c.applications', sql<number>`0`).as('applications'), eb.fn.coalesce('c.applied_lots', sql<number>`0`).as('applied_lots')])
    .where('i.id', '=', id)
    .executeTakeFirst()
  return row && { ...row, applications: Number(row.applications), applied_lots: Number(row.applied_lots) }
}

/**
 * One page of issues, newest window first. The stages are stageOf() (rules.ts) in SQL: `stages`
 * keeps the issues in any of them at `now`.
 */
export async function issuesPage(
  db: Executor,
  q: { stages: readonly IpoStage[] | null; kind: IpoKind; now: number; page: number; size: number },
): Promise<{ rows: IssueWithCounts[]; total: number }> {
  const { now } = q
  let query = db.selectFrom('ipo_issues as i').where('i.kind', '=', q.kind)
  if (q.stages !== null) {
    const stages = q.stages
    query = query.where((eb) => {
      const live = eb.and([eb('i.cancelled_at', 'is', null), eb('i.listed_at', 'is', null)])
      const undrawn = eb.and([live, eb('i.drawn_at', 'is', null)])
      const of: Record<IpoStage, ReturnType<typeof eb.and>> = {
        cancelled: eb.and([eb('i.cancelled_at', 'is not', null)]),
        listed: eb.and([eb('i.cancelled_at', 'is', null), eb('i.listed_at', 'is not', null)]),
        drawn: eb.and([live, eb('i.drawn_at', 'is not', null)]),
        upcoming: eb.and([undrawn, eb('i.opens_at', '>', now)]),
        open: eb.and([undrawn, eb('i.opens_at', '<=', now), eb('i.closes_at', '>', now)]),
        closed: eb.and([undrawn, eb('i.closes_at', '<=', now)]),
      }
      return eb.or(stages.map((s) => of[s]))
    })
  }
  const [rows, total] = await Promise.all([
    query
      .leftJoin(counts(db), 'c.issue_id', 'i.id')
      .selectAll('i')
      .select((eb) => [eb.fn.coalesce('c.applications', sql<number>`0`).as('applications'), eb.fn.coalesce('c.applied_lots', sql<number>`0`).as('applied_lots')])
      .orderBy('i.opens_at', 'desc')
      .orderBy('i.id', 'desc')
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows: rows.map((r) => ({ ...r, applications: Number(r.applications), applied_lots: Number(r.applied_lots) })), total: Number(total.n) }
}

/** The PAN of the user's approved real-name submission (the newest approved one), if any. */
export async function verifiedPanOf(db: Executor, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('real_name_submissions')
    .select('pan')
    .where('user_id', '=', userId)
    .where('status', '=', 'approved')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row?.pan
}

/** How many applications the user has on the issue (read under the user's lock). */
export async function applicationCountOf(trx: Tx, issueId: number, userId: number): Promise<number> {
  const row = await trx
    .selectFrom('ipo_applications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('issue_id', '=', issueId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function panUsed(trx: Tx, issueId: number, pan: string): Promise<boolean> {
  const row = await trx.selectFrom('ipo_applications').select('id').where('issue_id', '=', issueId).where('pan', '=', pan).limit(1).executeTakeFirst()
  return row !== undefined
}

/**
 * Records an application. Undefined when the PAN already applied to the issue: the unique index
 * decides, so two accounts sharing a PAN cannot both pass a check made before either wrote.
 */
export async function insertApplication(
  trx: Tx,
  a: { issueId: number; userId: number; pan: string; ref: string; lots: number; amount: number; now: number },
): Promise<ApplicationRow | undefined> {
  return trx
    .insertInto('ipo_applications')
    .values({ issue_id: a.issueId, user_id: a.userId, pan: a.pan, ref: a.ref, lots: a.lots, amount: a.amount, status: 'applied', created_at: a.now, updated_at: a.now })
    .onConflict((oc) => oc.columns(['issue_id', 'pan']).doNothing())
    .returningAll()
    .executeTakeFirst()
}

const withIssue = (db: Executor) =>
  db
    .selectFrom('ipo_applications as a')
    .innerJoin('ipo_issues as i', 'i.id', 'a.issue_id')
    .selectAll('a')
    .select(['i.symbol', 'i.name', 'i.lot_size', 'i.price', 'i.payment_mode'])

export async function applicationOfUser(db: Executor, userId: number, id: number): Promise<ApplicationWithIssue | undefined> {
  return withIssue(db).where('a.id', '=', id).where('a.user_id', '=', userId).executeTakeFirst()
}

/** The user's application under a row lock (pay, waive): the lifecycle's status guards see the result. */
export async function lockApplicationOfUser(trx: Tx, userId: number, id: number): Promise<ApplicationWithIssue | undefined> {
  return withIssue(trx).where('a.id', '=', id).where('a.user_id', '=', userId).forUpdate('a').executeTakeFirst()
}

/** One page of the user's applications, newest first. */
export async function applicationsPage(
  db: Executor,
  q: { userId: number; status: IpoApplicationStatus | null; page: number; size: number },
): Promise<{ rows: ApplicationWithIssue[]; total: number }> {
  let base = withIssue(db).where('a.user_id', '=', q.userId)
  let count = db.selectFrom('ipo_applications').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', q.userId)
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

/** Every application of the issue as the draw lists it: reference and lots (canonical order is the draw module's job). */
export async function drawListOf(db: Executor, issueId: number): Promise<{ ref: string; lots: number }[]> {
  return db.selectFrom('ipo_applications').select(['ref', 'lots']).where('issue_id', '=', issueId).orderBy('ref').execute()
}

/** The issue's drawn applications in draw order (rank 1 first), for the published result and reallocation. */
export async function applicationsInDrawOrder(db: Executor, issueId: number): Promise<ApplicationRow[]> {
  return db.selectFrom('ipo_applications').selectAll().where('issue_id', '=', issueId).where('rank', 'is not', null).orderBy('rank').execute()
}

/** A payment or a waiver: what the application now holds and has paid, and its status. */
export async function settleApplication(trx: Tx, u: { id: number; allottedLots: number; paidLots: number; status: IpoApplicationStatus; now: number }): Promise<ApplicationRow> {
  return trx
    .updateTable('ipo_applications')
    .set({ allotted_lots: u.allottedLots, paid_lots: u.paidLots, status: u.status, updated_at: u.now })
    .where('id', '=', u.id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** Awards per statement: two parameters each, far under PostgreSQL's 65,535. */
const AWARD_BATCH = 5_000

/**
 * Lots reallocated to applications (draw.ts step 8): each now holds `allottedLots` and owes the
 * unpaid ones by `payDeadline`. One UPDATE ... FROM (VALUES ...) per 5,000 awards, not one per award.
 */
export async function awardLots(trx: Tx, awards: readonly { id: number; allottedLots: number }[], payDeadline: number, now: number): Promise<void> {
  for (let start = 0; start < awards.length; start += AWARD_BATCH) {
    const rows = awards.slice(start, start + AWARD_BATCH).map((a) => sql`(${a.id}::bigint, ${a.allottedLots}::integer)`)
    await sql`
      update ipo_applications a set
        allotted_lots = v.allotted_lots,
        status = 'pending_payment',
        pay_deadline = ${payDeadline}::bigint,
        updated_at = ${now}::bigint
      from (values ${sql.join(rows)}) as v (id, allotted_lots)
      where a.id = v.id`.execute(trx)
  }
}
