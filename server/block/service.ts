/**
 * Block trades, the user's side (issue 11): the offerings with the arithmetic of their price,
 * applying, the user's applications and the public draw anyone may re-run. An application
 * happens under the user's lock (lockTrader) with the balance read after it, and writes its row
 * and its freeze in one transaction; the rules are rules.ts, the SQL repository.ts.
 */
import { DomainRefusal } from '../http/refusal'
import { unauthorized } from '../plugins/envelope'
import { lockTrader, postEntry } from '../ledger/repository'
import { type ServerConfig } from '../config'
import { type Effect, type Executor } from '../db/executor'
import { type MarketFeed } from '../market/feed'
import { newReference } from '../ipo/service'
import { DRAW_ALGORITHM, canonicalOrder, digestOf } from '../../src/contract/draw'
import { type BlockApplication, type BlockApplicationStatus, type BlockOffering, type BlockStage, type IpoDraw } from '../../src/contract/replies'
import {
  type ApplicationWithOffering,
  type OfferingWithCounts,
  applicationsInDrawOrder,
  applicationsPage,
  drawListOf,
  hasApplied,
  insertApplication,
  offeringById,
  offeringWithCounts,
  offeringsPage,
  shareOffering,
} from './repository'
import { allottableLotsOf, applicationCost, bandOf, checkApplication, minLotsOf, stageOf } from './rules'
import { blockFreezeEntry } from './ledger-legs'
import { priceOffering } from './lifecycle'

export type BlockDeps = { db: Executor; config: ServerConfig; now: () => number; market: MarketFeed }

/** The list's tabs: 'closed' is everything past the window that is not allocated (closed, cancelled). */
export const LIST_TABS = { upcoming: ['upcoming'], open: ['open'], closed: ['closed', 'cancelled'], allocated: ['allocated'] } as const satisfies Record<
  string,
  readonly BlockStage[]
>
export type ListTab = keyof typeof LIST_TABS

export function offeringView(o: OfferingWithCounts, now: number): BlockOffering {
  const band = o.reference_price === null ? null : bandOf(o.reference_price, o.band_bps)
  return {
    id: o.id,
    symbol: o.symbol,
    name: o.name,
    session: o.session,
    shares: o.shares,
    lotSize: o.lot_size,
    opensAt: o.opens_at,
    closesAt: o.closes_at,
    allocateAt: o.allocate_at,
    referenceKind: o.reference_kind,
    referenceFrom: o.reference_from,
    referenceTo: o.reference_to,
    referencePrice: o.reference_price,
    discountBps: o.discount_bps,
    bandBps: o.band_bps,
    price: o.price,
    bandMin: band?.min ?? null,
    bandMax: band?.max ?? null,
    minShares: o.min_shares,
    minAmount: o.min_amount,
    lockUnit: o.lock_unit,
    lockCount: o.lock_count,
    stage: stageOf(o, now),
    commitment: o.commitment,
    applications: o.applications,
    appliedShares: o.applied_shares,
    allocatedAt: o.allocated_at,
    cancelReason: o.cancel_reason,
  }
}

export function applicationView(a: ApplicationWithOffering): BlockApplication {
  return {
    id: a.id,
    offeringId: a.offering_id,
    symbol: a.symbol,
    name: a.name,
    ref: a.ref,
    shares: a.shares,
    price: a.price,
    amount: a.amount,
    fee: a.fee,
    frozen: a.frozen,
    status: a.status,
    allocatedShares: a.allocated_shares,
    paid: a.paid,
    orderId: a.order_id,
    unlockAt: a.unlock_at,
    createdAt: a.created_at,
    updatedAt: a.updated_at,
  }
}

export const blockNotFound = (id: number) => new DomainRefusal('block_not_found', { id }, 'This block offering was not found.')

export async function listOfferings(deps: Pick<BlockDeps, 'db' | 'now'>, q: { tab: ListTab | null; page: number; size: number }): Promise<{ data: BlockOffering[]; total: number }> {
  const now = deps.now()
  const { rows, total } = await offeringsPage(deps.db, { stages: q.tab === null ? null : LIST_TABS[q.tab], now, page: q.page, size: q.size })
  return { data: rows.map((r) => offeringView(r, now)), total }
}

export async function offeringDetail(deps: Pick<BlockDeps, 'db' | 'now'>, id: number): Promise<BlockOffering> {
  const o = await offeringWithCounts(deps.db, id)
  if (!o) throw blockNotFound(id)
  return offeringView(o, deps.now())
}

/**
 * An application, as an effect for the route's idempotent commit(). An open offering the job has
 * not priced yet is priced first, from the feed by the same step the job takes. Then the offering
 * under a share lock (so the allocation or a cancel cannot pass an application in flight), the
 * user's lock (one user's simultaneous requests take turns; each sees the one before), the
 * rules, the row, and the freeze of amount + fee.
 */
export async function apply(deps: BlockDeps, r: { userId: number; id: number; shares: number }): Promise<Effect<BlockApplication>> {
  const { config, now } = deps
  const peek = await offeringById(deps.db, r.id)
  if (!peek) throw blockNotFound(r.id)
  if (peek.price === null && stageOf(peek, now()) === 'open') await priceOffering(deps, peek.id, now())
  return async (trx) => {
    const o = await shareOffering(trx, r.id)
    if (!o) throw blockNotFound(r.id)
    const trader = await lockTrader(trx, r.userId)
    if (!trader) throw unauthorized()
    const at = now()
    const refusal = checkApplication({
      offering: o,
      shares: r.shares,
      now: at,
      noTrade: trader.noTrade,
      realNameStatus: trader.realNameStatus,
      applied: await hasApplied(trx, o.id, r.userId),
      available: trader.available,
      rules: config.trading,
    })
    if (refusal) throw refusal
    const price = o.price!
    const cost = applicationCost(r.shares, price, config.trading)
    const row = await insertApplication(trx, { offeringId: o.id, userId: r.userId, ref: newReference(), shares: r.shares, price, ...cost, now: at })
    if (!row) throw new DomainRefusal('block_already_applied', {}, 'You have already applied for this block offering.')
    await postEntry(trx, blockFreezeEntry(r.userId, row.ref, cost.frozen), at, { lockedUserIds: [r.userId] })
    return applicationView({ ...row, symbol: o.symbol, name: o.name, unlock_at: null })
  }
}

export async function recordsOf(
  deps: Pick<BlockDeps, 'db'>,
  q: { userId: number; status: BlockApplicationStatus | null; page: number; size: number },
): Promise<{ data: BlockApplication[]; total: number }> {
  const { rows, total } = await applicationsPage(deps.db, q)
  return { data: rows.map(applicationView), total }
}

/**
 * What anyone needs to re-run an offering's remainder draw: the commitment always; the list once
 * the window has closed (no application can join it after); the seed and the result only once
 * allocated, so nobody can compute the order early.
 */
export async function drawOf(deps: Pick<BlockDeps, 'db' | 'now'>, id: number): Promise<IpoDraw> {
  const o = await offeringById(deps.db, id)
  if (!o) throw blockNotFound(id)
  const allocated = o.allocated_at !== null
  const frozen = allocated || (o.cancelled_at === null && deps.now() >= o.closes_at)
  const list = frozen ? canonicalOrder((await drawListOf(deps.db, id)).map((a) => ({ ref: a.ref, lots: a.shares / o.lot_size }))) : []
  let result: IpoDraw['result'] = []
  if (allocated) {
    const ordered = await applicationsInDrawOrder(deps.db, id)
    result = ordered.map((a) => ({ ref: a.ref, rank: a.rank!, lots: a.allocated_shares / o.lot_size }))
  }
  return {
    issueId: o.id,
    algorithm: DRAW_ALGORITHM,
    commitment: o.commitment,
    seed: allocated ? o.seed : null,
    beacon: o.beacon,
    digest: allocated ? o.digest : frozen ? digestOf(list) : null,
    applications: list,
    allottableLots: allottableLotsOf(o),
    minLot: minLotsOf(o),
    basis: 'proportional',
    result,
    drawnAt: o.allocated_at,
  }
}
