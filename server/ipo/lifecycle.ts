/**
 * The 'ipo' job (issue 10): moves every issue along its timeline. An issue's steps, each taken
 * when due, in order, each in its own transaction under the issue's lock (lockIssue, as waivers
 * take it) and guarded by its stamp column, so a sweep run twice, or on two processes, changes
 * nothing the second time:
 * - freeze (closes_at, T): frozen_at and the digest of every application (src/contract/draw.ts);
 * - draw (draw_at, T+1): runDraw's rank and first allotment for every application, in batches;
 *   blocked: won / not_won; pay-after-win: pending_payment (due by refund_at) / not_won; every
 *   applicant's inbox row (allotment) in the same transaction;
 * - settle (refund_at, T+2): blocked money is debited for the lots won and released for the rest;
 *   pay-after-win allotments unpaid by their deadline fail and their lots go once more to the next
 *   applications in draw order (due by the listing);
 * - list (listing_at, T+3): allotments still unpaid fail (no more reallocation); every paid
 *   allotment becomes a long position at the issue price, and the company joins the market.
 */
import { type ServerConfig } from '../config'
import { type Executor, type Tx } from '../db/executor'
import { postEntries } from '../ledger/repository'
import { type LedgerEntryDraft } from '../ledger/rules'
import { type MarketFeed } from '../market/feed'
import { isSector } from '../market/instruments'
import { insertListing } from '../market/listings'
import { insertOrders, type NewOrder } from '../trade/repository'
import { digestOf, runDraw } from '../../src/contract/draw'
import { type IssueRow, drawListOf, lockIssue } from './repository'
import { allotmentRuleOf, amountOf } from './rules'
import { ipoAllotmentEntry, ipoListingEntry, ipoReleaseEntry } from './ledger-legs'
import { reallocateReleased } from './service'
import { keepDemoIssues } from './demo'
import { addAllotmentMessages } from '../inbox/repository'
import { ALLOTMENT_LINK } from '../inbox/links'
import { type ApplicationChange, applicationsOfIssue, issuesWithStepsDue, stampStep, updateApplications } from './lifecycle-repository'

export type IpoSweep = { created: number; frozen: number; drawn: number; settled: number; listed: number }

type LifecycleDeps = { db: Executor; config: ServerConfig; market?: Pick<MarketFeed, 'refreshListings'> }

// Entries are posted in chunks: one statement each, the users of a chunk locked in id order. A
// statement holds at most 65,535 parameters: an entry of two legs takes 14, an order row 31.
const ENTRY_CHUNK = 2_000
const ORDER_CHUNK = 1_000

async function postInChunks(trx: Tx, drafts: readonly LedgerEntryDraft[], now: number): Promise<void> {
  for (let start = 0; start < drafts.length; start += ENTRY_CHUNK) await postEntries(trx, drafts.slice(start, start + ENTRY_CHUNK), now)
}

/** Takes the issue's lock and its step's stamp; the step runs only if this call set the stamp. */
async function step(trx: Tx, id: number, column: 'frozen_at' | 'drawn_at' | 'settled_at' | 'listed_at', now: number, extra: { digest?: string } = {}) {
  const locked = await lockIssue(trx, id)
  if (!locked || locked.cancelled_at !== null || locked[column] !== null) return undefined
  return stampStep(trx, id, column, now, extra)
}

/** T: the list is frozen; its digest is what the draw's randomness is bound to. */
export async function freezeIssue(db: Executor, id: number, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const locked = await lockIssue(trx, id)
    if (!locked || locked.cancelled_at !== null || locked.frozen_at !== null) return false
    const digest = digestOf(await drawListOf(trx, id))
    return (await stampStep(trx, id, 'frozen_at', now, { digest })) !== undefined
  })
}

/** T+1: the published draw decides every application's rank and first allotment. */
export async function drawIssue(db: Executor, id: number, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const issue = await step(trx, id, 'drawn_at', now)
    if (!issue) return false
    if (issue.digest === null) throw new Error(`issue ${id} drawn before it was frozen`)
    const applications = await applicationsOfIssue(trx, id)
    const idOf = new Map(applications.map((a) => [a.ref, a.id]))
    const results = runDraw({
      seed: issue.seed,
      beacon: issue.beacon,
      digest: issue.digest,
      applications: applications.map((a) => ({ ref: a.ref, lots: a.lots })),
      // SEBI's retail rule for an IPO, in proportion for a placement: what /newStock/draw publishes.
      ...allotmentRuleOf(issue),
    })
    const blocked = issue.payment_mode === 'blocked'
    const changes: ApplicationChange[] = results.map((r) => ({
      id: idOf.get(r.ref)!,
      rank: r.rank,
      allotted_lots: r.lots,
      status: r.lots === 0 ? 'not_won' : blocked ? 'won' : 'pending_payment',
      pay_deadline: r.lots > 0 && !blocked ? issue.refund_at : null,
    }))
    await updateApplications(trx, changes, now, true)
    // Every applicant is told the result, won or not, with the draw (one statement for them all).
    await addAllotmentMessages(trx, { issueId: issue.id, applicationIds: null, link: ALLOTMENT_LINK, now })
    return true
  })
}

/**
 * Pending payments past their deadline: what was paid is kept ('paid'), the rest is given up
 * ('payment_failed' when nothing was paid). Returns how many lots were given up.
 */
async function failUnpaid(trx: Tx, issue: IssueRow, now: number): Promise<number> {
  const pending = (await applicationsOfIssue(trx, issue.id, ['pending_payment'], true)).filter((a) => a.pay_deadline !== null && a.pay_deadline <= now)
  let released = 0
  const changes: ApplicationChange[] = pending.map((a) => {
    released += a.allotted_lots - a.paid_lots
    return { id: a.id, status: a.paid_lots > 0 ? 'paid' : 'payment_failed', allotted_lots: a.paid_lots }
  })
  await updateApplications(trx, changes, now)
  return released
}

/** T+2: blocked money settled; unpaid pay-after-win lots reallocated once more. */
export async function settleIssue(db: Executor, id: number, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const issue = await step(trx, id, 'settled_at', now)
    if (!issue) return false
    if (issue.payment_mode === 'blocked') {
      const held = await applicationsOfIssue(trx, id, ['won', 'not_won'])
      const drafts: LedgerEntryDraft[] = []
      const changes: ApplicationChange[] = []
      for (const a of held) {
        const spent = amountOf(a.allotted_lots, issue)
        if (spent > 0) drafts.push(ipoAllotmentEntry(a.user_id, a.ref, spent))
        if (a.amount - spent > 0) drafts.push(ipoReleaseEntry(a.user_id, a.ref, a.amount - spent))
        changes.push(a.allotted_lots > 0 ? { id: a.id, status: 'paid', paid_lots: a.allotted_lots } : { id: a.id, status: 'refunded' })
      }
      await postInChunks(trx, drafts, now)
      await updateApplications(trx, changes, now)
    } else {
      const released = await failUnpaid(trx, issue, now)
      await reallocateReleased(trx, issue, released, now)
    }
    return true
  })
}

/** T+3: paid allotments become positions; the company joins the market. True when this call listed it. */
export async function listIssue(db: Executor, id: number, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const issue = await step(trx, id, 'listed_at', now)
    if (!issue) return false
    // Allotments still unpaid at the listing fail; nothing is reallocated after it.
    if (issue.payment_mode === 'pay_after_win') await failUnpaid(trx, issue, now)
    const paid = await applicationsOfIssue(trx, id, ['paid'])
    const orders: NewOrder[] = paid.map((a) => {
      const margin = amountOf(a.paid_lots, issue)
      return {
        user_id: a.user_id,
        symbol: issue.symbol,
        kind: 'stock',
        type: 'market',
        direction: 'long',
        lots: a.paid_lots,
        quantity: a.paid_lots * issue.lot_size,
        // A stock's units (server/market/units.ts): quantity in shares, paise = quantity x price.
        unit_divisor: 1,
        quantity_scale: 1,
        leverage: 1,
        day_trading: false,
        limit_price: null,
        entry_price: issue.price,
        exit_price: null,
        // Paid in full at the issue price: the margin is the whole amount, no fee or duty on an allotment.
        margin,
        fee: 0,
        stamp_duty: 0,
        total_debit: margin,
        close_fee: null,
        close_stamp_duty: null,
        pnl: null,
        cash_returned: null,
        status: 'holding',
        unlock_at: issue.listing_at,
        created_at: now,
        opened_at: now,
        closed_at: null,
        close_reason: null,
        updated_at: now,
      }
    })
    const inserted: { id: number }[] = []
    for (let start = 0; start < orders.length; start += ORDER_CHUNK) inserted.push(...(await insertOrders(trx, orders.slice(start, start + ORDER_CHUNK))))
    await postInChunks(
      trx,
      paid.map((a) => ipoListingEntry(a.ref, amountOf(a.paid_lots, issue))),
      now,
    )
    await updateApplications(
      trx,
      paid.map((a, i) => ({ id: a.id, status: 'listed', order_id: inserted[i]!.id })),
      now,
    )
    // A sector the market does not know would give the stock no volatility: the back office only
    // creates issues in the market's sectors, so this is a row written by hand (tests' fixtures).
    if (isSector(issue.sector)) {
      await insertListing(trx, {
        symbol: issue.symbol,
        name: issue.name,
        sector: issue.sector,
        industry: issue.industry,
        sharesOutstanding: issue.shares_outstanding,
        freeFloatBp: issue.free_float_bp,
        referencePrice: issue.price,
        listedAt: issue.listing_at,
      })
    }
    return true
  })
}

/** The job: every due step of every unfinished issue, in order. */
export function createIpoJob(deps: LifecycleDeps): (now: number) => Promise<IpoSweep> {
  const { db } = deps
  return async (now) => {
    const done: IpoSweep = { created: 0, frozen: 0, drawn: 0, settled: 0, listed: 0 }
    const step = deps.config.ipo.demoStepMs
    if (step !== null) done.created = await keepDemoIssues(db, step, now)
    for (const issue of await issuesWithStepsDue(db, now)) {
      if (issue.frozen_at === null && (await freezeIssue(db, issue.id, now))) done.frozen++
      if (issue.drawn_at === null && issue.draw_at <= now && (await drawIssue(db, issue.id, now))) done.drawn++
      if (issue.settled_at === null && issue.refund_at <= now && (await settleIssue(db, issue.id, now))) done.settled++
      if (issue.listing_at <= now && (await listIssue(db, issue.id, now))) done.listed++
    }
    // After the commit: this process's feed learns of the new companies at once (others on their market job).
    if (done.listed > 0 && deps.market) await deps.market.refreshListings(now)
    return done
  }
}
