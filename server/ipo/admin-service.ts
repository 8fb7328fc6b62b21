/**
 * New shares as the back office works them (issue 10, DESIGN.md section 5): list issues with their
 * applications by status, create an issue for future windows only, and cancel one before its draw
 * with a reason. Each change writes its audit row in its own transaction. There is deliberately no
 * way to edit an issue or an application, pick winners or run a draw early: the draw is the
 * lifecycle's (lifecycle.ts), at its published time, from the seed committed here at creation.
 */
import { randomBytes } from 'node:crypto'
import { audit } from '../admin/audit-repository'
import { type ServerConfig } from '../config'
import { type Executor } from '../db/executor'
import { DomainRefusal } from '../http/refusal'
import { postEntries } from '../ledger/repository'
import { HttpError } from '../plugins/envelope'
import { findInstrument } from '../market/instruments'
import { commitmentOf } from '../../src/contract/draw'
import { type IpoAdminIssue } from '../../src/contract/admin-replies'
import { type IpoKind, type IpoPaymentMode } from '../../src/contract/replies'
import { type IssueRow, issueWithCounts, lockIssue } from './repository'
import { applicationsOfIssue, updateApplications } from './lifecycle-repository'
import { ipoReleaseEntry } from './ledger-legs'
import { minLotsForAmount } from './rules'
import { issueView } from './service'

type AdminDeps = { db: Executor; config: ServerConfig }

export type NewIssue = {
  /** 'ipo' when absent. */
  kind?: IpoKind
  symbol: string
  name: string
  sector: string
  industry: string
  sharesOutstanding: number
  freeFloatBp: number
  price: number
  lotSize: number
  /** An IPO's minimum application; a placement's follows from its minAmount. */
  minLots?: number
  /** A placement tier's minimum amount, paise: required for a placement, refused for an IPO. */
  minAmount?: number
  /** An IPO's retail portion, or the block a placement offers. */
  retailShares: number
  paymentMode: IpoPaymentMode
  opensAt: number
  closesAt: number
  drawAt: number
  refundAt: number
  listingAt: number
}

const SCHEDULE = ['opensAt', 'closesAt', 'drawAt', 'refundAt', 'listingAt'] as const

/** The first field of the timeline that is not in the future, or not after the one before it. */
export function scheduleProblem(issue: Pick<NewIssue, (typeof SCHEDULE)[number]>, now: number): string | null {
  let previous = now
  for (const field of SCHEDULE) {
    if (!(issue[field] > previous)) return field
    previous = issue[field]
  }
  return null
}

async function countsByStatus(db: Executor, ids: readonly number[]): Promise<Map<number, Record<string, number>>> {
  const out = new Map<number, Record<string, number>>()
  if (ids.length === 0) return out
  const rows = await db
    .selectFrom('ipo_applications')
    .select((eb) => ['issue_id', 'status', eb.fn.countAll<number>().as('n')])
    .where('issue_id', 'in', [...ids])
    .groupBy(['issue_id', 'status'])
    .execute()
  for (const r of rows) {
    const counts = out.get(r.issue_id) ?? {}
    counts[r.status] = Number(r.n)
    out.set(r.issue_id, counts)
  }
  return out
}

async function adminView(deps: AdminDeps, id: number, now: number): Promise<IpoAdminIssue> {
  const issue = await issueWithCounts(deps.db, id)
  if (!issue) throw new DomainRefusal('ipo_not_found', { id }, 'There is no such issue.')
  const byStatus = (await countsByStatus(deps.db, [id])).get(id) ?? {}
  return { ...issueView(issue, deps.config, now), createdBy: issue.created_by, createdAt: issue.created_at, cancelledAt: issue.cancelled_at, byStatus }
}

/** The newest issues first (window opening), each with its applications by status. */
export async function listIssuesForAdmin(deps: AdminDeps, q: { now: number; limit: number }): Promise<IpoAdminIssue[]> {
  const rows = await deps.db
    .selectFrom('ipo_issues')
    .select('id')
    .orderBy('opens_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit)
    .execute()
  const views: IpoAdminIssue[] = []
  for (const r of rows) views.push(await adminView(deps, r.id, q.now))
  return views
}

const badField = (field: string, msg: string) => new HttpError(400, 'bad_request', { field }, msg)

/**
 * The kind's sizing fields as stored: an IPO names its minimum lots; a placement names its tier's
 * minimum amount, whole lots rounded up (rules.ts). A field that belongs to the other kind is bad
 * input (400), not a business refusal: no rule of the day could ever accept it.
 */
function sizingOf(issue: NewIssue): { kind: IpoKind; minLots: number; minAmount: number | null } {
  const kind = issue.kind ?? 'ipo'
  if (kind === 'ipo') {
    if (issue.minAmount !== undefined) throw badField('minAmount', 'An IPO has no tier minimum amount; give its minimum lots.')
    if (issue.minLots === undefined) throw badField('minLots', 'An IPO needs its minimum lots.')
    return { kind, minLots: issue.minLots, minAmount: null }
  }
  if (issue.minAmount === undefined) throw badField('minAmount', "A placement needs its tier's minimum amount.")
  if (issue.minLots !== undefined) throw badField('minLots', "A placement's minimum lots follow from its minimum amount; do not give them.")
  return { kind, minLots: minLotsForAmount(issue.minAmount, { lot_size: issue.lotSize, price: issue.price }), minAmount: issue.minAmount }
}

/** A new issue or placement: future windows only, a symbol no issue or instrument has, a fresh secret seed. */
export async function createIssue(deps: AdminDeps, r: { issue: NewIssue; operator: string; now: number }): Promise<IpoAdminIssue> {
  const { issue, now } = r
  const symbol = issue.symbol.toUpperCase()
  const { kind, minLots, minAmount } = sizingOf(issue)
  const field = scheduleProblem(issue, now)
  if (field !== null) throw new DomainRefusal('ipo_schedule_invalid', { field }, `The ${field} time must be in the future and after the step before it.`)
  if (issue.retailShares < issue.lotSize * minLots) {
    throw badField('retailShares', 'The shares offered must hold at least one minimum application.')
  }
  const taken = () => new DomainRefusal('ipo_symbol_taken', { symbol }, `${symbol} is already used.`)
  if (findInstrument(symbol) !== undefined) throw taken()
  const id = await deps.db.transaction().execute(async (trx) => {
    const listed = await trx.selectFrom('market_listings').select('symbol').where('symbol', '=', symbol).executeTakeFirst()
    if (listed) throw taken()
    const seed = randomBytes(32).toString('hex')
    const row = await trx
      .insertInto('ipo_issues')
      .values({
        kind,
        min_amount: minAmount,
        symbol,
        name: issue.name,
        sector: issue.sector,
        industry: issue.industry,
        shares_outstanding: issue.sharesOutstanding,
        free_float_bp: issue.freeFloatBp,
        price: issue.price,
        lot_size: issue.lotSize,
        min_lots: minLots,
        retail_shares: issue.retailShares,
        payment_mode: issue.paymentMode,
        opens_at: issue.opensAt,
        closes_at: issue.closesAt,
        draw_at: issue.drawAt,
        refund_at: issue.refundAt,
        listing_at: issue.listingAt,
        seed,
        commitment: commitmentOf(seed),
        beacon: deps.config.ipo.beacon,
        created_by: r.operator,
        created_at: now,
      })
      // The unique symbol decides between two operators creating the same one at once.
      .onConflict((oc) => oc.column('symbol').doNothing())
      .returning('id')
      .executeTakeFirst()
    if (!row) throw taken()
    await audit(trx, { operator: r.operator, action: 'ipo_created', subject: `ipo:${row.id}`, detail: { symbol, kind, paymentMode: issue.paymentMode, ...(minAmount === null ? {} : { minAmount }) }, now })
    return row.id
  })
  return adminView(deps, id, now)
}

/**
 * Cancels an issue before its draw: every blocked amount is released ('refunded'), every
 * pay-after-win application 'cancelled'; the reason is shown with the issue. A second cancel of
 * a cancelled issue changes nothing.
 */
export async function cancelIssue(deps: AdminDeps, r: { id: number; reason: string; operator: string; now: number }): Promise<IpoAdminIssue> {
  const { now } = r
  await deps.db.transaction().execute(async (trx) => {
    const issue: IssueRow | undefined = await lockIssue(trx, r.id)
    if (!issue) throw new DomainRefusal('ipo_not_found', { id: r.id }, 'There is no such issue.')
    if (issue.cancelled_at !== null) return
    if (issue.drawn_at !== null) throw new DomainRefusal('ipo_already_drawn', {}, 'This issue has been drawn; it can no longer be cancelled.')
    const applications = await applicationsOfIssue(trx, issue.id, ['applied'])
    if (issue.payment_mode === 'blocked') {
      // 2,000 entries a statement: under PostgreSQL's 65,535 parameters.
      for (let start = 0; start < applications.length; start += 2_000) {
        const chunk = applications.slice(start, start + 2_000)
        await postEntries(
          trx,
          chunk.map((a) => ipoReleaseEntry(a.user_id, a.ref, a.amount, r.operator)),
          now,
        )
      }
    }
    const status = issue.payment_mode === 'blocked' ? 'refunded' : 'cancelled'
    await updateApplications(
      trx,
      applications.map((a) => ({ id: a.id, status })),
      now,
    )
    await trx.updateTable('ipo_issues').set({ cancelled_at: now, cancel_reason: r.reason }).where('id', '=', issue.id).execute()
    await audit(trx, { operator: r.operator, action: 'ipo_cancelled', subject: `ipo:${issue.id}`, detail: { reason: r.reason, applications: applications.length }, now })
  })
  return adminView(deps, r.id, now)
}
