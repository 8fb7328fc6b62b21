/**
 * The 'block' job (issue 11): moves every offering along. Each step is taken when due, in its own
 * transaction under the offering's lock (lockOffering) and guarded by its stamp, so a sweep run
 * twice, or on two processes, changes nothing the second time:
 * - price (opens_at): the reference from the feed by the offering's published rule (the previous
 *   close, or the VWAP of its interval from the feed's minute bars) and the price from it
 *   (rules.ts pricingOf); an offering the feed cannot price is cancelled, saying so;
 * - allocate (allocate_at): the list's digest, the draw (src/contract/draw.ts step 9), each
 *   application's allocated shares paid from what it froze into a long position (leverage 1)
 *   locked until allocation + the offering's lock, the rest released.
 */
import { type ServerConfig } from '../config'
import { type Executor, type Tx } from '../db/executor'
import { postEntries } from '../ledger/repository'
import { type LedgerEntryDraft } from '../ledger/rules'
import { type MarketFeed } from '../market/feed'
import { addTradingDays, calendarForKind } from '../market/calendar'
import { insertOrders, type NewOrder } from '../trade/repository'
import { digestOf } from '../../src/contract/draw'
import {
  type ApplicationChange,
  type OfferingRow,
  applicationsOfOffering,
  lockOffering,
  offeringsWithStepsDue,
  stampAllocation,
  stampCancel,
  stampPrice,
  updateApplications,
} from './repository'
import { type Pricing, allocate, pricingOf, settlementOf, unlockAtOf, vwapOf } from './rules'
import { blockAllocationEntry, blockReleaseEntry } from './ledger-legs'
import { keepDemoOfferings } from './demo'

export type BlockSweep = { created: number; priced: number; allocated: number; cancelled: number }

type LifecycleDeps = { db: Executor; config: ServerConfig; market: Pick<MarketFeed, 'prepare' | 'previousClose' | 'candles' | 'instrument'> }

// Entries and orders are written in chunks under the parameters one statement may carry: an
// allocation entry of four legs takes 24 (4 for the entry, 5 a leg), and PGlite fails a statement
// past 32,767 of them (a signed count), so 1,000 entries a statement, not the IPO's 2,000 of two legs.
const ENTRY_CHUNK = 1_000
const ORDER_CHUNK = 1_000

/** The reference and price the feed gives for an offering by its published rule; null when it gives none. */
export async function referencePricing(market: LifecycleDeps['market'], o: OfferingRow, now: number): Promise<Pricing | null> {
  const instrument = market.instrument(o.symbol)
  if (instrument === undefined || instrument.kind !== 'stock') return null
  await market.prepare(now)
  let reference: number | null | undefined
  if (o.reference_kind === 'previous_close') {
    reference = market.previousClose(o.symbol, o.opens_at)
  } else {
    const bars = await market.candles(o.symbol, { period: '1min', range: '1w', adjust: 'none' }, now)
    reference = vwapOf(bars, o.reference_from!, o.reference_to!)
  }
  if (reference === null || reference === undefined) return null
  return pricingOf(reference, o.discount_bps, o.band_bps, instrument.tickSize)
}

/**
 * Fixes an open offering's reference and price from the feed (once). The feed is read before the
 * transaction; the stamp decides which of two racing calls writes. An offering the feed cannot
 * price is cancelled: nobody has applied yet, since applying needs the price.
 */
export async function priceOffering(deps: Pick<LifecycleDeps, 'db' | 'market'>, id: number, now: number): Promise<'priced' | 'cancelled' | null> {
  const peek = await deps.db.selectFrom('block_offerings').selectAll().where('id', '=', id).executeTakeFirst()
  if (!peek || peek.priced_at !== null || peek.cancelled_at !== null || now < peek.opens_at) return null
  const pricing = await referencePricing(deps.market, peek, now)
  return deps.db.transaction().execute(async (trx) => {
    const o = await lockOffering(trx, id)
    if (!o || o.priced_at !== null || o.cancelled_at !== null) return null
    if (pricing === null) {
      await stampCancel(trx, id, 'The feed gave no reference price for this offering.', now)
      return 'cancelled'
    }
    return (await stampPrice(trx, id, pricing, now)) ? 'priced' : null
  })
}

function positionOf(o: OfferingRow, userId: number, shares: number, s: { amount: number; handling: number; duty: number; paid: number }, unlockAt: number, now: number): NewOrder {
  return {
    user_id: userId,
    symbol: o.symbol,
    kind: 'stock',
    type: 'market',
    direction: 'long',
    lots: shares / o.lot_size,
    quantity: shares,
    // A stock's units (server/market/units.ts): quantity in shares, paise = quantity x price.
    unit_divisor: 1,
    quantity_scale: 1,
    leverage: 1,
    day_trading: false,
    limit_price: null,
    entry_price: o.price,
    exit_price: null,
    // Paid in full at the block price: the margin is the whole amount; fee and duty as a buy order's.
    margin: s.amount,
    fee: s.handling,
    stamp_duty: s.duty,
    total_debit: s.paid,
    close_fee: null,
    close_stamp_duty: null,
    pnl: null,
    cash_returned: null,
    status: now < unlockAt ? 'locked' : 'holding',
    unlock_at: unlockAt,
    created_at: now,
    opened_at: now,
    closed_at: null,
    close_reason: null,
    updated_at: now,
  }
}

async function postInChunks(trx: Tx, drafts: readonly LedgerEntryDraft[], now: number): Promise<void> {
  for (let start = 0; start < drafts.length; start += ENTRY_CHUNK) await postEntries(trx, drafts.slice(start, start + ENTRY_CHUNK), now)
}

/** The allocation: the draw, the positions, the payments from frozen and the releases. True when this call made it. */
export async function allocateOffering(deps: Pick<LifecycleDeps, 'db' | 'config'>, id: number, now: number): Promise<boolean> {
  const { config } = deps
  return deps.db.transaction().execute(async (trx) => {
    const o = await lockOffering(trx, id)
    if (!o || o.cancelled_at !== null || o.allocated_at !== null || now < o.allocate_at) return false
    if (o.price === null) throw new Error(`block offering ${id} reached its allocation unpriced`)
    const applications = await applicationsOfOffering(trx, id, ['applied'])
    const digest = digestOf(applications.map((a) => ({ ref: a.ref, lots: a.shares / o.lot_size })))
    const results = allocate(o, digest, applications)
    const byRef = new Map(applications.map((a) => [a.ref, a]))
    const calendar = calendarForKind('stock', { holidays: config.marketHolidays, specialSessions: config.marketSpecialSessions, alwaysOpen: config.marketAlwaysOpen })
    const unlockAt = unlockAtOf(now, o, (ms, n) => addTradingDays(ms, n, calendar))
    const drafts: LedgerEntryDraft[] = []
    const orders: NewOrder[] = []
    const allocated: { id: number; rank: number; shares: number; paid: number }[] = []
    const changes: ApplicationChange[] = []
    for (const r of results) {
      const a = byRef.get(r.ref)!
      const s = settlementOf(r.shares, o.price, a.frozen, config.trading)
      if (s.paid > 0) drafts.push(blockAllocationEntry(a.user_id, a.ref, s))
      if (s.released > 0) drafts.push(blockReleaseEntry(a.user_id, a.ref, s.released))
      if (r.shares > 0) {
        orders.push(positionOf(o, a.user_id, r.shares, s, unlockAt, now))
        allocated.push({ id: a.id, rank: r.rank, shares: r.shares, paid: s.paid })
      } else {
        changes.push({ id: a.id, status: 'not_allocated', rank: r.rank })
      }
    }
    const inserted: { id: number }[] = []
    for (let start = 0; start < orders.length; start += ORDER_CHUNK) inserted.push(...(await insertOrders(trx, orders.slice(start, start + ORDER_CHUNK))))
    allocated.forEach((a, i) => changes.push({ id: a.id, status: 'allocated', rank: a.rank, allocated_shares: a.shares, paid: a.paid, order_id: inserted[i]!.id }))
    await postInChunks(trx, drafts, now)
    await updateApplications(trx, changes, now)
    await stampAllocation(trx, id, digest, now)
    return true
  })
}

/** The job: the demo's offerings kept coming, then every due step of every unfinished offering. */
export function createBlockJob(deps: LifecycleDeps): (now: number) => Promise<BlockSweep> {
  const { db } = deps
  return async (now) => {
    const done: BlockSweep = { created: 0, priced: 0, allocated: 0, cancelled: 0 }
    const step = deps.config.block.demoStepMs
    if (step !== null) done.created = await keepDemoOfferings({ db, config: deps.config, market: deps.market }, step, now)
    for (const o of await offeringsWithStepsDue(db, now)) {
      if (o.priced_at === null) {
        const priced = await priceOffering(deps, o.id, now)
        if (priced === 'priced') done.priced++
        if (priced === 'cancelled') {
          done.cancelled++
          continue
        }
      }
      if (o.allocate_at <= now && (await allocateOffering(deps, o.id, now))) done.allocated++
    }
    return done
  }
}
