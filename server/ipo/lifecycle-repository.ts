/**
 * The SQL of the new-share lifecycle (issue 10): which issues have a step due, the stamps that
 * guard each step (a step's update matches only while its stamp is null, so a second run changes
 * nothing), and the batch writes a draw or a settlement of many applications needs. A batch is
 * one statement over a JSON array (jsonb_to_recordset), the same on PGlite and PostgreSQL,
 * never one UPDATE per application.
 */
import { type Insertable, sql } from 'kysely'
import { type Executor, type Tx } from '../db/executor'
import { type IpoIssuesTable } from '../db/types'
import { type IpoApplicationStatus, type IpoKind } from '../../src/contract/replies'
import { type ApplicationRow, type IssueRow } from './repository'

export type StampColumn = 'frozen_at' | 'drawn_at' | 'settled_at' | 'listed_at'

/** Issues neither cancelled nor listed whose window has closed by `now`: each may have a step due. */
export async function issuesWithStepsDue(db: Executor, now: number): Promise<IssueRow[]> {
  return db
    .selectFrom('ipo_issues')
    .selectAll()
    .where('cancelled_at', 'is', null)
    .where('listed_at', 'is', null)
    .where('closes_at', '<=', now)
    .orderBy('closes_at')
    .orderBy('id')
    .execute()
}

/** Stamps a step (and its extra columns); undefined when the stamp was already there or the issue cancelled. */
export async function stampStep(
  trx: Tx,
  id: number,
  column: StampColumn,
  now: number,
  extra: { digest?: string } = {},
): Promise<IssueRow | undefined> {
  return trx
    .updateTable('ipo_issues')
    .set({ [column]: now, ...extra })
    .where('id', '=', id)
    .where(column, 'is', null)
    .where('cancelled_at', 'is', null)
    .returningAll()
    .executeTakeFirst()
}

/**
 * The issue's applications (in some statuses), oldest first. `lock` takes their rows: a payment
 * under way (service.ts pay() locks its row) then finishes first, and the row is read as it left it.
 */
export async function applicationsOfIssue(db: Executor, issueId: number, statuses?: readonly IpoApplicationStatus[], lock = false): Promise<ApplicationRow[]> {
  let q = db.selectFrom('ipo_applications').selectAll().where('issue_id', '=', issueId)
  if (statuses) q = q.where('status', 'in', [...statuses])
  q = q.orderBy('id')
  return (lock ? q.forUpdate() : q).execute()
}

/** One row of a batch update: the application and what it becomes. */
export type ApplicationChange = {
  id: number
  status: IpoApplicationStatus
  rank?: number
  allotted_lots?: number
  paid_lots?: number
  pay_deadline?: number | null
  order_id?: number
}

/**
 * Writes many applications' changes in one statement per 20,000 rows. A field absent from a change
 * keeps its value (coalesce), except pay_deadline, which is only touched when `setDeadline`.
 */
export async function updateApplications(trx: Tx, changes: readonly ApplicationChange[], now: number, setDeadline = false): Promise<void> {
  for (let start = 0; start < changes.length; start += 20_000) {
    const chunk = changes.slice(start, start + 20_000).map((c) => ({
      id: c.id,
      status: c.status,
      rank: c.rank ?? null,
      allotted_lots: c.allotted_lots ?? null,
      paid_lots: c.paid_lots ?? null,
      pay_deadline: c.pay_deadline ?? null,
      order_id: c.order_id ?? null,
    }))
    await sql`
      update ipo_applications a set
        status = v.status,
        rank = coalesce(v.rank, a.rank),
        allotted_lots = coalesce(v.allotted_lots, a.allotted_lots),
        paid_lots = coalesce(v.paid_lots, a.paid_lots),
        pay_deadline = ${setDeadline ? sql`v.pay_deadline` : sql`a.pay_deadline`},
        order_id = coalesce(v.order_id, a.order_id),
        updated_at = ${now}
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
        as v (id bigint, status text, rank integer, allotted_lots integer, paid_lots integer, pay_deadline bigint, order_id bigint)
      where a.id = v.id`.execute(trx)
  }
}

/** The demo's issues of a kind so far. */
export async function demoCount(db: Executor, kind: IpoKind): Promise<number> {
  const row = await db
    .selectFrom('ipo_issues')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_by', '=', 'demo')
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Upcoming or open issues of a kind (not cancelled) at `now`: the demo keeps a few of these. */
export async function countNotYetClosed(db: Executor, kind: IpoKind, now: number): Promise<number> {
  const row = await db
    .selectFrom('ipo_issues')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', kind)
    .where('cancelled_at', 'is', null)
    .where('closes_at', '>', now)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** The demo's new issues; another process's sweep may have taken the same serial: the unique symbol keeps one of each. */
export async function insertDemoIssues(db: Executor, rows: readonly Insertable<IpoIssuesTable>[]): Promise<number> {
  const inserted = await db
    .insertInto('ipo_issues')
    .values([...rows])
    .onConflict((oc) => oc.column('symbol').doNothing())
    .returning('id')
    .execute()
  return inserted.length
}
