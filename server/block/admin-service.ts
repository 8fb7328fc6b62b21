/**
 * Block trades as the back office works them (issue 11, DESIGN.md section 5): list offerings with
 * their applications by status, create one for future windows only, cancel one before its
 * allocation with a reason. Each change writes its audit row in its own transaction. There is
 * deliberately no way to edit an offering, set its reference or price (the feed gives them by the
 * published rule when the window opens), choose who is allocated or allocate early: that is the
 * job's (lifecycle.ts), at the published time, with the seed committed here at creation.
 */
import { randomBytes } from 'node:crypto'
import { audit } from '../admin/audit-repository'
import { type ServerConfig } from '../config'
import { type Executor } from '../db/executor'
import { postEntries } from '../ledger/repository'
import { HttpError } from '../plugins/envelope'
import { type MarketFeed } from '../market/feed'
import { commitmentOf } from '../../src/contract/draw'
import { type BlockAdminOffering } from '../../src/contract/admin-replies'
import { type BlockSession } from '../../src/contract/replies'
import { applicationsOfOffering, countsByStatus, lockOffering, offeringWithCounts, stampCancel, updateApplications } from './repository'
import { blockReleaseEntry } from './ledger-legs'
import { discountWithinBand } from './rules'
import { blockNotFound, offeringView } from './service'

type AdminDeps = { db: Executor; config: ServerConfig; market: Pick<MarketFeed, 'instrument'> }

export type NewOffering = {
  symbol: string
  session: BlockSession
  shares: number
  lotSize: number
  opensAt: number
  closesAt: number
  allocateAt: number
  /** An afternoon offering's averaged interval; not for a morning one. */
  referenceFrom?: number
  referenceTo?: number
  discountBps: number
  lockUnit: 'day' | 'minute'
  lockCount: number
}

const badField = (field: string, msg: string) => new HttpError(400, 'bad_request', { field }, msg)

async function adminView(deps: AdminDeps, id: number, now: number): Promise<BlockAdminOffering> {
  const o = await offeringWithCounts(deps.db, id)
  if (!o) throw blockNotFound(id)
  const byStatus = (await countsByStatus(deps.db, [id])).get(id) ?? {}
  return { ...offeringView(o, now), createdBy: o.created_by, createdAt: o.created_at, cancelledAt: o.cancelled_at, byStatus }
}

/** The newest offerings first (window opening), each with its applications by status. */
export async function listOfferingsForAdmin(deps: AdminDeps, q: { now: number; limit: number }): Promise<BlockAdminOffering[]> {
  const rows = await deps.db.selectFrom('block_offerings').select('id').orderBy('opens_at', 'desc').orderBy('id', 'desc').limit(q.limit).execute()
  const views: BlockAdminOffering[] = []
  for (const r of rows) views.push(await adminView(deps, r.id, q.now))
  return views
}

/**
 * The first thing wrong with a new offering, as the field to fix: a stock the market lists, a
 * timeline wholly in the future (an afternoon's averaged interval too, so nobody picks a past one
 * whose average is known), at least one minimum application of whole lots, a discount within the band.
 */
export function offeringProblem(o: NewOffering, ctx: { now: number; listedStock: boolean; minShares: number; bandBps: number }): string | null {
  if (!ctx.listedStock) return 'symbol'
  if (!(o.opensAt > ctx.now)) return 'opensAt'
  if (!(o.closesAt > o.opensAt)) return 'closesAt'
  if (!(o.allocateAt >= o.closesAt)) return 'allocateAt'
  if (o.session === 'afternoon') {
    if (o.referenceFrom === undefined || !(o.referenceFrom >= ctx.now)) return 'referenceFrom'
    if (o.referenceTo === undefined || !(o.referenceTo > o.referenceFrom && o.referenceTo <= o.opensAt)) return 'referenceTo'
  } else if (o.referenceFrom !== undefined || o.referenceTo !== undefined) {
    return o.referenceFrom !== undefined ? 'referenceFrom' : 'referenceTo'
  }
  if (o.shares % o.lotSize !== 0 || o.shares < ctx.minShares) return 'shares'
  if (!discountWithinBand(o.discountBps, ctx.bandBps)) return 'discountBps'
  return null
}

const PROBLEMS: Record<string, string> = {
  symbol: 'Choose a stock the market lists.',
  opensAt: 'The window must open in the future.',
  closesAt: 'The window must close after it opens.',
  allocateAt: 'The allocation must be at or after the close.',
  referenceFrom: 'An afternoon offering averages a future interval; a morning one has none.',
  referenceTo: 'The averaged interval must end after it starts and no later than the window opens.',
  shares: 'Offer whole lots, at least one minimum application.',
  discountBps: 'The discount must be within the band.',
}

/** A new offering: future windows only, a listed stock, a discount within the band, a fresh secret seed. */
export async function createOffering(deps: AdminDeps, r: { offering: NewOffering; operator: string; now: number }): Promise<BlockAdminOffering> {
  const { offering: o, now } = r
  const symbol = o.symbol.toUpperCase()
  const instrument = deps.market.instrument(symbol)
  const { minShares, minAmount, bandBps, beacon } = deps.config.block
  const field = offeringProblem({ ...o, symbol }, { now, listedStock: instrument?.kind === 'stock', minShares, bandBps })
  if (field !== null) throw badField(field, PROBLEMS[field]!)
  const afternoon = o.session === 'afternoon'
  const id = await deps.db.transaction().execute(async (trx) => {
    const seed = randomBytes(32).toString('hex')
    const row = await trx
      .insertInto('block_offerings')
      .values({
        symbol,
        name: instrument!.name,
        session: o.session,
        shares: o.shares,
        lot_size: o.lotSize,
        opens_at: o.opensAt,
        closes_at: o.closesAt,
        allocate_at: o.allocateAt,
        reference_kind: afternoon ? 'vwap' : 'previous_close',
        reference_from: afternoon ? o.referenceFrom! : null,
        reference_to: afternoon ? o.referenceTo! : null,
        discount_bps: o.discountBps,
        band_bps: bandBps,
        min_shares: minShares,
        min_amount: minAmount,
        lock_unit: o.lockUnit,
        lock_count: o.lockCount,
        seed,
        commitment: commitmentOf(seed),
        beacon,
        created_by: r.operator,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await audit(trx, { operator: r.operator, action: 'block_created', subject: `block:${row.id}`, detail: { symbol, session: o.session, shares: o.shares, discountBps: o.discountBps }, now })
    return row.id
  })
  return adminView(deps, id, now)
}

/**
 * Cancels an offering before its allocation: every application's frozen money is released and the
 * application 'cancelled', in the transaction that writes the audit row; the reason is shown with
 * the offering. A second cancel of a cancelled offering changes nothing.
 */
export async function cancelOffering(deps: AdminDeps, r: { id: number; reason: string; operator: string; now: number }): Promise<BlockAdminOffering> {
  const { now } = r
  await deps.db.transaction().execute(async (trx) => {
    const o = await lockOffering(trx, r.id)
    if (!o) throw blockNotFound(r.id)
    if (o.cancelled_at !== null) return
    if (o.allocated_at !== null) throw badField('id', 'This offering has been allocated; it can no longer be cancelled.')
    const applications = await applicationsOfOffering(trx, o.id, ['applied'])
    // 2,000 entries a statement: under PostgreSQL's 65,535 parameters.
    for (let start = 0; start < applications.length; start += 2_000) {
      await postEntries(
        trx,
        applications.slice(start, start + 2_000).map((a) => blockReleaseEntry(a.user_id, a.ref, a.frozen, r.operator)),
        now,
      )
    }
    await updateApplications(
      trx,
      applications.map((a) => ({ id: a.id, status: 'cancelled' })),
      now,
    )
    await stampCancel(trx, o.id, r.reason, now)
    await audit(trx, { operator: r.operator, action: 'block_cancelled', subject: `block:${o.id}`, detail: { reason: r.reason, applications: applications.length }, now })
  })
  return adminView(deps, r.id, now)
}
