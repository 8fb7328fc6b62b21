/**
 * The double-entry journal: `ledger_entries` (reason, reference, operator, time) and
 * `ledger_legs` (account code, currency, signed amount in paise). Balances are sums of legs.
 * A deferred trigger refuses any entry whose legs do not sum to zero per currency.
 */
import { sql } from 'kysely'
import { type Balances, type LedgerEntryDraft, balancesFrom, buildEntry, userAccount, userIdOfAccount } from '../domain/ledger'
import { CURRENCY } from '../domain/money'
import { lockUsers } from './users'
import { type Executor, type Tx } from './executor'

/**
 * Writes one entry. Locks the rows of every user it touches first, so callers cannot forget the
 * lock that keeps concurrent balance changes of one user in order.
 */
export async function postEntry(trx: Tx, draft: LedgerEntryDraft, now: number): Promise<number> {
  const entry = buildEntry(draft)
  const userIds = entry.legs.map((l) => userIdOfAccount(l.account)).filter((id): id is number => id !== null)
  await lockUsers(trx, userIds)
  const { id } = await trx
    .insertInto('ledger_entries')
    .values({ reason: entry.reason, reference: entry.reference, operator: entry.operator, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  await trx
    .insertInto('ledger_legs')
    .values(entry.legs.map((leg) => ({ entry_id: id, account: leg.account, currency: leg.currency, amount: leg.amount })))
    .execute()
  return id
}

export async function balancesOf(db: Executor, userId: number, currency: string = CURRENCY): Promise<Balances> {
  const available = userAccount(userId, 'available')
  const frozen = userAccount(userId, 'frozen')
  // sum(bigint) is numeric; the cast brings it back to int8 so the one int8 parser applies.
  const row = await db
    .selectFrom('ledger_legs')
    .select([
      sql<number>`coalesce(sum(amount) filter (where account = ${available}), 0)::bigint`.as('available'),
      sql<number>`coalesce(sum(amount) filter (where account = ${frozen}), 0)::bigint`.as('frozen'),
    ])
    .where('account', 'in', [available, frozen])
    .where('currency', '=', currency)
    .executeTakeFirstOrThrow()
  return balancesFrom(row.available, row.frozen)
}

export type LedgerEntryView = {
  id: number
  reason: string
  reference: string | null
  createdAt: number
  legs: { account: string; currency: string; amount: number }[]
}

/** Entries that touch the user's accounts, newest first (fund records will page through these). */
export async function entriesOfUser(db: Executor, userId: number): Promise<LedgerEntryView[]> {
  const accounts = [userAccount(userId, 'available'), userAccount(userId, 'frozen')]
  const entries = await db
    .selectFrom('ledger_entries as e')
    .select(['e.id', 'e.reason', 'e.reference', 'e.created_at'])
    .where((eb) =>
      eb.exists(eb.selectFrom('ledger_legs as l').select('l.id').whereRef('l.entry_id', '=', 'e.id').where('l.account', 'in', accounts)),
    )
    .orderBy('e.id', 'desc')
    .execute()
  if (entries.length === 0) return []
  const legs = await db
    .selectFrom('ledger_legs')
    .select(['entry_id', 'account', 'currency', 'amount'])
    .where(
      'entry_id',
      'in',
      entries.map((e) => e.id),
    )
    .orderBy('id')
    .execute()
  return entries.map((e) => ({
    id: e.id,
    reason: e.reason,
    reference: e.reference,
    createdAt: e.created_at,
    legs: legs.filter((l) => l.entry_id === e.id).map(({ account, currency, amount }) => ({ account, currency, amount })),
  }))
}

/** Entries whose legs do not sum to zero in some currency: always empty unless the books are broken. */
export async function unbalancedEntries(db: Executor): Promise<{ entryId: number; currency: string; sum: number }[]> {
  const rows = await db
    .selectFrom('ledger_legs')
    .select(['entry_id', 'currency', sql<number>`sum(amount)::bigint`.as('sum')])
    .groupBy(['entry_id', 'currency'])
    .having(sql`sum(amount)`, '<>', 0)
    .execute()
  return rows.map((r) => ({ entryId: r.entry_id, currency: r.currency, sum: r.sum }))
}
