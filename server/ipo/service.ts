/**
 * New shares, the user's side (issue 10, DESIGN.md section 4): applying, paying for and waiving an
 * allotment, and what the list, records and draw routes show. Every money change happens under
 * the user's lock (lockTrader) with the balance read after it, and writes its row and its ledger
 * entry in one transaction; the rules are rules.ts, the SQL repository.ts. reallocateReleased() is
 * shared with the lifecycle, which reallocates unpaid lots the same way a waiver does.
 */
import { randomBytes } from 'node:crypto'
import { DomainRefusal } from '../http/refusal'
import { unauthorized } from '../plugins/envelope'
import { lockTrader, postEntry } from '../ledger/repository'
import { addAllotmentMessages } from '../inbox/repository'
import { ALLOTMENT_LINK } from '../inbox/links'
import { type ServerConfig } from '../config'
import { type Effect, type Executor, type Tx } from '../db/executor'
import {
  type ApplicationWithIssue,
  type IssueRow,
  type IssueWithCounts,
  applicationCountOf,
  applicationOfUser,
  applicationsInDrawOrder,
  applicationsPage,
  awardLots,
  drawListOf,
  insertApplication,
  issueById,
  issueWithCounts,
  issuesPage,
  lockApplicationOfUser,
  lockIssue,
  panUsed,
  settleApplication,
  shareIssue,
  verifiedPanOf,
} from './repository'
import {
  REALLOCATION_ELIGIBLE,
  allottableLotsOf,
  amountOf,
  checkApplication,
  allotmentRuleOf,
  maskPan,
  maxLotsOf,
  owedOf,
  reallocationDeadline,
  reallocationMinLots,
  stageOf,
} from './rules'
import { ipoBlockEntry, ipoPaymentEntry } from './ledger-legs'
import { DRAW_ALGORITHM, allot, canonicalOrder, reallocate } from '../../src/contract/draw'
import { type IpoApplication, type IpoApplicationStatus, type IpoDraw, type IpoIssue, type IpoKind, type IpoStage } from '../../src/contract/replies'

type IpoDeps = { db: Executor; config: ServerConfig; now: () => number }

/** The list's tabs: 'closed' is everything past the window that is not listed (closed, drawn, cancelled). */
export const LIST_TABS = { upcoming: ['upcoming'], open: ['open'], closed: ['closed', 'drawn', 'cancelled'], listed: ['listed'] } as const satisfies Record<
  string,
  readonly IpoStage[]
>
export type ListTab = keyof typeof LIST_TABS

export function issueView(issue: IssueWithCounts, config: ServerConfig, now: number): IpoIssue {
  return {
    id: issue.id,
    kind: issue.kind,
    minAmount: issue.min_amount,
    symbol: issue.symbol,
    name: issue.name,
    sector: issue.sector,
    industry: issue.industry,
    price: issue.price,
    lotSize: issue.lot_size,
    minLots: issue.min_lots,
    maxLots: maxLotsOf(issue, config.ipo.retailMax),
    retailShares: issue.retail_shares,
    allottableLots: allottableLotsOf(issue),
    paymentMode: issue.payment_mode,
    opensAt: issue.opens_at,
    closesAt: issue.closes_at,
    drawAt: issue.draw_at,
    refundAt: issue.refund_at,
    listingAt: issue.listing_at,
    stage: stageOf(issue, now),
    commitment: issue.commitment,
    applications: issue.applications,
    appliedLots: issue.applied_lots,
    cancelReason: issue.cancel_reason,
  }
}

export function applicationView(a: ApplicationWithIssue): IpoApplication {
  return {
    id: a.id,
    issueId: a.issue_id,
    symbol: a.symbol,
    name: a.name,
    ref: a.ref,
    pan: maskPan(a.pan),
    lots: a.lots,
    lotSize: a.lot_size,
    price: a.price,
    amount: a.amount,
    paymentMode: a.payment_mode,
    status: a.status,
    rank: a.rank,
    allottedLots: a.allotted_lots,
    paidLots: a.paid_lots,
    owed: owedOf(a, a),
    payDeadline: a.pay_deadline,
    orderId: a.order_id,
    createdAt: a.created_at,
    updatedAt: a.updated_at,
  }
}

const notFound = (id: number) => new DomainRefusal('ipo_not_found', { id }, 'There is no such issue.')
const applicationNotFound = (id: number) => new DomainRefusal('ipo_application_not_found', { id }, 'You have no such application.')

export async function listIssues(deps: IpoDeps, q: { tab: ListTab | null; kind: IpoKind; page: number; size: number }): Promise<{ data: IpoIssue[]; total: number }> {
  const now = deps.now()
  const { rows, total } = await issuesPage(deps.db, { stages: q.tab === null ? null : LIST_TABS[q.tab], kind: q.kind, now, page: q.page, size: q.size })
  return { data: rows.map((r) => issueView(r, deps.config, now)), total }
}

export async function issueDetail(deps: IpoDeps, id: number): Promise<IpoIssue> {
  const issue = await issueWithCounts(deps.db, id)
  if (!issue) throw notFound(id)
  return issueView(issue, deps.config, deps.now())
}

// Crockford's base32: no I, L, O or U, so a reference read aloud or copied by hand survives.
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** A public reference: 10 random Crockford base32 characters (50 bits), naming no one. */
export function newReference(): string {
  return Array.from(randomBytes(10), (b) => CROCKFORD[b & 31]).join('')
}

/**
 * An application, as an effect for the route's idempotent commit(): the issue read under a share
 * lock (so a cancel or the close cannot pass an application in flight), then under the user's
 * lock (so one user's simultaneous requests take turns and the limit counts every earlier one),
 * the rules, the row and, for a blocked issue, the freeze of its whole amount.
 */
export async function subscribe(deps: IpoDeps, r: { userId: number; id: number; lots: number }): Promise<Effect<IpoApplication>> {
  const { config, now } = deps
  const pan = await verifiedPanOf(deps.db, r.userId)
  return async (trx) => {
    const issue = await shareIssue(trx, r.id)
    if (!issue) throw notFound(r.id)
    const trader = await lockTrader(trx, r.userId)
    if (!trader) throw unauthorized()
    const at = now()
    const refusal = checkApplication({
      issue,
      lots: r.lots,
      now: at,
      retailMax: config.ipo.retailMax,
      limitPerStock: config.ipo.limitPerStock,
      noTrade: trader.noTrade,
      realNameStatus: trader.realNameStatus,
      pan,
      applied: await applicationCountOf(trx, issue.id, r.userId),
      panUsed: pan !== undefined && (await panUsed(trx, issue.id, pan)),
      available: trader.available,
    })
    if (refusal) throw refusal
    const amount = amountOf(r.lots, issue)
    const row = await insertApplication(trx, { issueId: issue.id, userId: r.userId, pan: pan!, ref: newReference(), lots: r.lots, amount, now: at })
    // Another account with the same PAN won the unique index between the check and the insert.
    if (!row) throw new DomainRefusal('ipo_pan_used', {}, 'This PAN has already applied to this issue.')
    if (issue.payment_mode === 'blocked') await postEntry(trx, ipoBlockEntry(r.userId, row.ref, amount), at, { lockedUserIds: [r.userId] })
    return applicationView({ ...row, symbol: issue.symbol, name: issue.name, lot_size: issue.lot_size, price: issue.price, payment_mode: issue.payment_mode })
  }
}

export async function recordsOf(
  deps: IpoDeps,
  q: { userId: number; status: IpoApplicationStatus | null; page: number; size: number },
): Promise<{ data: IpoApplication[]; total: number }> {
  const { rows, total } = await applicationsPage(deps.db, q)
  return { data: rows.map(applicationView), total }
}

/** A pending payment still payable at `now`: the application locked, or the refusal that says why not. */
async function payable(trx: Tx, userId: number, id: number, now: number): Promise<ApplicationWithIssue> {
  const a = await lockApplicationOfUser(trx, userId, id)
  if (!a) throw applicationNotFound(id)
  if (a.status !== 'pending_payment' || a.allotted_lots === a.paid_lots) {
    throw new DomainRefusal('ipo_nothing_owed', { status: a.status }, 'This application owes nothing.')
  }
  if (a.pay_deadline !== null && now >= a.pay_deadline) {
    throw new DomainRefusal('ipo_payment_closed', { deadline: a.pay_deadline }, 'The time to pay for this allotment has passed.')
  }
  return a
}

/** Pays what a pay-after-win allotment owes, exactly, from available cash; the allotment is then 'paid'. */
export async function pay(deps: IpoDeps, r: { userId: number; id: number }): Promise<Effect<IpoApplication>> {
  return async (trx) => {
    // Locks in the order every issue step takes them: the issue, the user, then the application.
    const peek = await applicationOfUser(trx, r.userId, r.id)
    if (!peek) throw applicationNotFound(r.id)
    await shareIssue(trx, peek.issue_id)
    const trader = await lockTrader(trx, r.userId)
    if (!trader) throw unauthorized()
    const at = deps.now()
    const a = await payable(trx, r.userId, r.id, at)
    const owed = owedOf(a, a)
    if (trader.available < owed) {
      throw new DomainRefusal('insufficient_balance', { available: trader.available, required: owed }, 'The available balance does not cover this amount.')
    }
    await postEntry(trx, ipoPaymentEntry(r.userId, a.ref, owed), at, { lockedUserIds: [r.userId] })
    const row = await settleApplication(trx, { id: a.id, allottedLots: a.allotted_lots, paidLots: a.allotted_lots, status: 'paid', now: at })
    return applicationView({ ...a, ...row })
  }
}

/**
 * Gives up an allotment's unpaid lots: the application keeps what it paid for ('paid'), or
 * nothing ('waived'), and the lots go at once to the next applications in draw order.
 */
export async function waive(deps: IpoDeps, r: { userId: number; id: number }): Promise<Effect<IpoApplication>> {
  return async (trx) => {
    const at = deps.now()
    // The issue first, as the lifecycle takes it: one reallocation of an issue at a time.
    const peek = await applicationOfUser(trx, r.userId, r.id)
    if (!peek) throw applicationNotFound(r.id)
    const issue = await lockIssue(trx, peek.issue_id)
    if (!issue) throw notFound(peek.issue_id)
    const a = await payable(trx, r.userId, r.id, at)
    const released = a.allotted_lots - a.paid_lots
    const row = await settleApplication(trx, { id: a.id, allottedLots: a.paid_lots, paidLots: a.paid_lots, status: a.paid_lots === 0 ? 'waived' : 'paid', now: at })
    await reallocateReleased(trx, issue, released, at)
    return applicationView({ ...a, ...row })
  }
}

/**
 * Step 8 of the draw (src/contract/draw.ts): `released` lots go to the issue's applications in
 * draw order that may still take more (not those that waived or failed to pay). Each award is a
 * pending payment due by the refund step, or by the listing once that has passed, and its owner's
 * inbox row (allotment) is written with it. The caller holds
 * the issue's lock (lockIssue) and has already written the releasing application's row. Returns
 * the applications awarded and how many lots each received.
 */
export async function reallocateReleased(trx: Tx, issue: IssueRow, released: number, now: number): Promise<{ id: number; lots: number }[]> {
  const deadline = reallocationDeadline(issue, now)
  if (released <= 0 || deadline === null) return []
  const ordered = await applicationsInDrawOrder(trx, issue.id)
  const extra = reallocate(
    ordered.map((a) => ({ lots: a.lots, allotted: a.allotted_lots, eligible: REALLOCATION_ELIGIBLE.includes(a.status) })),
    released,
    reallocationMinLots(issue),
  )
  const awards: { id: number; lots: number; allottedLots: number }[] = []
  for (const [i, a] of ordered.entries()) {
    const lots = extra[i]!
    if (lots > 0) awards.push({ id: a.id, lots, allottedLots: a.allotted_lots + lots })
  }
  await awardLots(trx, awards, deadline, now)
  // Each applicant given more lots is told what the allotment is now and what is left to pay.
  await addAllotmentMessages(trx, { issueId: issue.id, applicationIds: awards.map((a) => a.id), link: ALLOTMENT_LINK, now })
  return awards.map(({ id, lots }) => ({ id, lots }))
}

/**
 * What anyone needs to re-run an issue's draw: the commitment always; the frozen list once the
 * window closed; the seed and the result only once drawn, so nobody can compute the order early.
 * The result is the first allotment (step 7) over the stored ranks, whatever reallocations followed.
 */
export async function drawOf(deps: IpoDeps, id: number): Promise<IpoDraw> {
  const issue = await issueById(deps.db, id)
  if (!issue) throw notFound(id)
  const rule = allotmentRuleOf(issue)
  const frozen = issue.frozen_at !== null
  const drawn = issue.drawn_at !== null
  const applications = frozen ? canonicalOrder(await drawListOf(deps.db, id)) : []
  let result: IpoDraw['result'] = []
  if (drawn) {
    const ordered = await applicationsInDrawOrder(deps.db, id)
    const lots = allot(ordered, rule)
    result = ordered.map((a, i) => ({ ref: a.ref, rank: a.rank!, lots: lots[i]! }))
  }
  return {
    issueId: issue.id,
    algorithm: DRAW_ALGORITHM,
    commitment: issue.commitment,
    seed: drawn ? issue.seed : null,
    beacon: issue.beacon,
    digest: frozen ? issue.digest : null,
    applications: applications.map((a) => ({ ref: a.ref, lots: a.lots })),
    allottableLots: rule.allottableLots,
    minLot: rule.minLots,
    basis: rule.basis,
    result,
    drawnAt: issue.drawn_at,
  }
}
