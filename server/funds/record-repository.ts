/**
 * Fund records: the ledger as the user sees it. Each record is one ledger entry (per currency)
 * that touched the user's pockets, with what it changed in `available` and in `frozen`. Read from
 * `ledger_entries` and `ledger_legs` (server/ledger/repository.ts writes them); nothing is stored here.
 */
import { sql } from 'kysely'
import { userAccount } from '../ledger/rules'
import { type Executor } from '../db/executor'
import { type FundRecord } from '../../src/contract/replies'

// The rows as the app receives them (src/contract/replies.ts).
export type { FundRecord }

/** The legs on the user's pockets, with `reasons` narrowing them (undefined: all). */
function userLegs(db: Executor, userId: number, reasons: readonly string[] | undefined) {
  let legs = db
    .selectFrom('ledger_legs as l')
    .innerJoin('ledger_entries as e', 'e.id', 'l.entry_id')
    .where('l.account', 'in', [userAccount(userId, 'available'), userAccount(userId, 'frozen')])
  if (reasons) legs = legs.where('e.reason', 'in', reasons)
  return legs
}

/** One record per entry and currency: what the entry changed in each pocket. */
function records(db: Executor, userId: number, reasons: readonly string[] | undefined) {
  const available = userAccount(userId, 'available')
  const frozen = userAccount(userId, 'frozen')
  return userLegs(db, userId, reasons)
    .select([
      'e.id as id',
      'e.reason as reason',
      'e.reference as reference',
      'e.created_at as createdAt',
      'l.currency as currency',
      // sum(bigint) is numeric; the cast brings it back to int8 so the one int8 parser applies.
      sql<number>`coalesce(sum(l.amount) filter (where l.account = ${available}), 0)::bigint`.as('available'),
      sql<number>`coalesce(sum(l.amount) filter (where l.account = ${frozen}), 0)::bigint`.as('frozen'),
    ])
    .groupBy(['e.id', 'e.reason', 'e.reference', 'e.created_at', 'l.currency'])
}

/** A page of the user's records, newest first; `reasons` narrows them (undefined: all). */
export async function fundRecordsOf(
  db: Executor,
  userId: number,
  reasons: readonly string[] | undefined,
  page: { limit: number; offset: number },
): Promise<{ data: FundRecord[]; total: number }> {
  // A tab no reason belongs to yet: `in ()` is not SQL.
  if (reasons?.length === 0) return { data: [], total: 0 }
  const [data, count] = await Promise.all([
    records(db, userId, reasons).orderBy('e.id', 'desc').orderBy('l.currency').limit(page.limit).offset(page.offset).execute(),
    userLegs(db, userId, reasons).select(sql<number>`count(distinct (l.entry_id, l.currency))::bigint`.as('total')).executeTakeFirstOrThrow(),
  ])
  return { data, total: count.total }
}

/**
 * Every record of the user in ledger order (oldest first), for the CSV export: its running
 * balances are sums in this order. Scoped by the user's pockets like every read here.
 */
export async function allFundRecordsOf(db: Executor, userId: number): Promise<FundRecord[]> {
  return records(db, userId, undefined).orderBy('e.id').orderBy('l.currency').execute()
}
