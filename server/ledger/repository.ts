/**
 * The double-entry journal: `ledger_entries` (reason, reference, operator, time) and
 * `ledger_legs` (account code, currency, signed amount in paise). Balances are sums of legs; a
 * user pocket's sum is also kept in `ledger_balances` by a trigger (migration 1763900002000).
 * A deferred trigger refuses any entry whose legs do not sum to zero per currency.
 */
import { sql } from 'kysely'
import { type Balances, type LedgerEntryDraft, balancesFrom, buildEntry, userAccount, userIdOfAccount } from './rules'
import { CURRENCY } from './money'
import { lockUsers } from '../accounts/repository'
import { type Executor, type Tx } from '../db/executor'

export type PostOptions = {
  /**
   * Users whose rows the caller already locked in this transaction (placeOrder's lockTraders):
   * their lock is not taken twice. Any other user an entry touches is still locked here.
   */
  lockedUserIds?: readonly number[]
}

/**
 * Writes one entry. Locks the rows of every user it touches first, so callers cannot forget the
 * lock that keeps concurrent balance changes of one user in order.
 */
export async function postEntry(trx: Tx, draft: LedgerEntryDraft, now: number, options: PostOptions = {}): Promise<number> {
  const [id] = await postEntries(trx, [draft], now, options)
  return id!
}

/**
 * Writes several entries, their legs included, in one statement (after the user locks): one round
 * trip whatever the count. Returns the entry ids in the order of `drafts`.
 */
export async function postEntries(trx: Tx, drafts: readonly LedgerEntryDraft[], now: number, options: PostOptions = {}): Promise<number[]> {
  if (drafts.length === 0) return []
  const entries = drafts.map(buildEntry)
  const locked = new Set(options.lockedUserIds)
  const userIds = entries.flatMap((e) => e.legs.map((l) => userIdOfAccount(l.account))).filter((id): id is number => id !== null && !locked.has(id))
  await lockUsers(trx, userIds)
  const entryRows = entries.map((e) => sql`(${e.reason}, ${e.reference}, ${e.operator}, ${now})`)
  const legRows = entries.flatMap((e, n) =>
    e.legs.map((leg, m) => sql`(${n + 1}::int, ${m}::int, ${leg.account}::text, ${leg.currency}::text, ${leg.amount}::bigint)`),
  )
  // A multi-row INSERT takes identity values row by row in VALUES order, so the entries' ids
  // ranked ascending are the drafts in order; each leg joins its entry by that rank.
  const { rows } = await sql<{ id: number }>`
    with e as (
      insert into ledger_entries (reason, reference, operator, created_at) values ${sql.join(entryRows)} returning id
    ),
    ranked as (select id, row_number() over (order by id) as n from e),
    legs as (
      insert into ledger_legs (entry_id, account, currency, amount)
      select ranked.id, v.account, v.currency, v.amount
      from (values ${sql.join(legRows)}) as v (n, m, account, currency, amount)
      join ranked on ranked.n = v.n
      order by v.n, v.m
    )
    select id from ranked order by n`.execute(trx)
  if (rows.length !== entries.length) throw new Error(`posted ${rows.length} of ${entries.length} ledger entries`)
  return rows.map((r) => r.id)
}

/** The user's pockets: their rows of ledger_balances, which a trigger keeps equal to the sums of their legs. */
export async function balancesOf(db: Executor, userId: number, currency: string = CURRENCY): Promise<Balances> {
  const available = userAccount(userId, 'available')
  const frozen = userAccount(userId, 'frozen')
  const { rows } = await sql<{ account: string; amount: number }>`
    select account, amount from ledger_balances where account in (${available}, ${frozen}) and currency = ${currency}`.execute(db)
  const of = (account: string) => rows.find((r) => r.account === account)?.amount ?? 0
  return balancesFrom(of(available), of(frozen))
}

/** Pockets whose ledger_balances row is not the sum of their legs: always empty unless the trigger broke. */
export async function driftedBalances(db: Executor): Promise<{ account: string; currency: string; kept: number; sum: number }[]> {
  const { rows } = await sql<{ account: string; currency: string; kept: number; sum: number }>`
    select coalesce(b.account, s.account) as account, coalesce(b.currency, s.currency) as currency,
      coalesce(b.amount, 0) as kept, coalesce(s.sum, 0) as sum
    from ledger_balances b
    full join (select account, currency, sum(amount)::bigint as sum from ledger_legs where account like 'user:%' group by account, currency) s
      on s.account = b.account and s.currency = b.currency
    where coalesce(b.amount, 0) <> coalesce(s.sum, 0)`.execute(db)
  return rows
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
