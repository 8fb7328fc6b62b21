/**
 * Dividends (issue 10): the job that finds the feed's dividends, entitles the holders at each
 * record date and pays them on the pay date, and the holder's application where config asks for
 * one (decided in the review queues: approve or reject, never the amount). Every payment is a
 * ledger entry from house:dividends; running a sweep twice pays nothing twice (the status moves
 * in the same transaction as the entry).
 */
import { type ServerConfig } from '../config'
import { type Effect, type Executor, type Tx } from '../db/executor'
import { indiaDayOf } from '../market/calendar'
import { DomainRefusal } from '../http/refusal'
import { postEntries } from '../ledger/repository'
import { type DividendEntitlement } from '../../src/contract/replies'
import { checkApply, dividendEntry, dividendsOfDay, entitlementAmount, firstStatus, isEntitled } from './rules'
import {
  daysWithDividends,
  earliestStockPosition,
  entitlementOf,
  insertApplication,
  insertDividends,
  insertEntitlements,
  latestExDay,
  lockDue,
  lockEntitlement,
  lockUnentitled,
  markApplicationDecided,
  markEntitled,
  markPaid,
  positionsAround,
  setEntitlementStatus,
} from './repository'

/** Payments per transaction: bounds one sweep's locks. */
const PAY_BATCH = 500

export type DividendSweep = { found: number; entitled: number; paid: number }

export function createDividendJob(deps: { db: Executor; config: ServerConfig }): (now: number) => Promise<DividendSweep> {
  const { db, config } = deps

  /** Dividends of stored days since the last one recorded, or since the first position: none earlier can be owed. */
  async function find(now: number): Promise<number> {
    const first = await earliestStockPosition(db)
    if (first === null) return 0
    const from = (await latestExDay(db)) ?? indiaDayOf(first)
    const found = (await daysWithDividends(db, from)).flatMap((d) => dividendsOfDay(d.symbol, d.adjustments)).filter((d) => d.exStart <= now)
    await insertDividends(
      db,
      found.map((d) => ({
        symbol: d.symbol,
        ex_day: d.exDay,
        per_share: d.perShare,
        record_at: d.exStart,
        pay_at: d.exStart + config.dividends.payDelayMs,
        application_required: config.dividends.applicationRequired,
        created_at: now,
      })),
    )
    return found.length
  }

  async function entitle(now: number): Promise<number> {
    return db.transaction().execute(async (trx) => {
      let made = 0
      for (const dividend of await lockUnentitled(trx, now)) {
        const holders = (await positionsAround(trx, dividend.symbol, dividend.record_at)).filter((p) => isEntitled(p, dividend.record_at))
        await insertEntitlements(
          trx,
          holders.map((p) => ({
            dividend_id: dividend.id,
            user_id: p.user_id,
            order_id: p.id,
            shares: p.quantity,
            amount: entitlementAmount(p.quantity, dividend.per_share),
            status: firstStatus(dividend.application_required),
            created_at: now,
            updated_at: now,
          })),
        )
        await markEntitled(trx, dividend.id, now)
        made += holders.length
      }
      return made
    })
  }

  async function pay(now: number): Promise<number> {
    let paid = 0
    for (;;) {
      const batch = await db.transaction().execute(async (trx) => {
        const due = await lockDue(trx, now, PAY_BATCH)
        await postEntries(
          trx,
          due.map((e) => dividendEntry(e.user_id, e.id, e.amount)),
          now,
        )
        await markPaid(
          trx,
          due.map((e) => e.id),
          now,
        )
        return due.length
      })
      paid += batch
      if (batch < PAY_BATCH) return paid
    }
  }

  return async (now) => {
    const found = await find(now)
    const entitled = await entitle(now)
    return { found, entitled, paid: await pay(now) }
  }
}

function notFound(id: number): DomainRefusal {
  return new DomainRefusal('dividend_not_found', { id }, 'There is no such dividend.')
}

/** The holder applies for an unclaimed entitlement: it goes to the review queue. */
export function applyForDividend(deps: { now: () => number }, r: { userId: number; id: number }): Effect<DividendEntitlement> {
  return async (trx) => {
    const row = await lockEntitlement(trx, r.id)
    if (!row || row.user_id !== r.userId) throw notFound(r.id)
    const refusal = checkApply(row.status)
    if (refusal) throw refusal
    const at = deps.now()
    await insertApplication(trx, { entitlementId: row.id, userId: r.userId, now: at })
    await setEntitlementStatus(trx, row.id, 'applied', null, at)
    const view = await entitlementOf(trx, r.userId, r.id)
    if (!view) throw notFound(r.id)
    return view
  }
}

/** The review's decision: approved, the entitlement is paid on its pay date; rejected, with the reason the user sees. */
export async function decideDividendApplication(trx: Tx, d: { id: number; approve: boolean; reason: string | null; operator: string; now: number }): Promise<boolean> {
  const decided = await markApplicationDecided(trx, d)
  if (!decided) return false
  await setEntitlementStatus(trx, decided.entitlement_id, d.approve ? 'approved' : 'rejected', d.approve ? null : d.reason, d.now)
  return true
}
