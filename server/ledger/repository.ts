/**
 * The double-entry journal: `ledger_entries` (reason, reference, operator, time) and
 * `ledger_legs` (account code, currency, signed amount in paise). Balances are sums of legs; a
 * user pocket's sum is also kept in `ledger_balances` by a trigger (migration 1763900002000).
 * A deferred trigger refuses any entry whose legs do not sum to zero per currency.
 */
import { sql } from 'kysely'
import { type Balances, type LedgerEntryDraft, balancesFrom, buildEntry, userAccount, userIdOfAccount } from './rules'
import { CURRENCY } from './money'
import { type RealNameStatus } from '../db/types'
import { lockUsers } from '../accounts/repository'
import { type Executor, type Tx } from '../db/executor'

export type PostOptions = {
  /**
   * Users whose rows the caller already locked in this transaction (lockTraders):
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
 * trip whatever the count. `now` dates them all, or each its own. Returns the entry ids in the
 * order of `drafts`.
 */
export async function postEntries(
  trx: Tx,
  drafts: readonly LedgerEntryDraft[],
  now: number | readonly number[],
  options: PostOptions = {},
): Promise<number[]> {
  if (drafts.length === 0) return []
  // One time for all, or each entry's own (a batch of orders dated each like its order).
  const at = (n: number) => (typeof now === 'number' ? now : now[n]!)
  if (typeof now !== 'number' && now.length !== drafts.length) throw new Error(`${now.length} times for ${drafts.length} ledger entries`)
  const entries = drafts.map(buildEntry)
  const locked = new Set(options.lockedUserIds)
  const userIds = entries.flatMap((e) => e.legs.map((l) => userIdOfAccount(l.account))).filter((id): id is number => id !== null && !locked.has(id))
  await lockUsers(trx, userIds)
  const entryRows = entries.map((e, n) => sql`(${e.reason}, ${e.reference}, ${e.operator}, ${at(n)}::bigint)`)
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

/**
 * What the user's row says, read under the ledger's lock: the one that orders every balance change
 * of one user (postEntry takes it too). Trading reads the switches; funds read the balance.
 */
export type TraderState = { marginTrading: boolean; noTrade: boolean; realNameStatus: RealNameStatus; available: number; vipLevel: number }

/**
 * Locks the users' rows (lockUsers, in id order), then reads what an order needs: the
 * margin-trading switch, whether a flag stops trading (no trade, and the stronger frozen and
 * disabled), the VIP level, and the available balance (ledger_balances), which cannot change until the
 * transaction ends because every balance change takes this lock first (postEntry). A user that
 * does not exist is missing from the map.
 */
export async function lockTraders(trx: Tx, userIds: readonly number[]): Promise<Map<number, TraderState>> {
  const traders = new Map<number, TraderState>()
  if (userIds.length === 0) return traders
  const sorted = [...new Set(userIds)].sort((a, b) => a - b)
  const wanted = sorted.map((id) => sql`(${id}::bigint, ${userAccount(id, 'available')}::text)`)
  // Lock first, read after, in two statements: on PostgreSQL (read committed) a statement that
  // waited for the lock still sees the snapshot from before the wait, so a balance read in the
  // locking statement could miss the commit it waited for and let two orders spend the same cash.
  await lockUsers(trx, sorted)
  // The balance is the pocket's row of ledger_balances, the sum of its legs kept by a trigger.
  // The VIP level (its fee discount) rides along: one round trip less for an order.
  const { rows } = await sql<{ id: number; margin_trading: boolean; no_trade: boolean; real_name_status: RealNameStatus; available: number; vip_level: number }>`
    select u.id, u.margin_trading, u.real_name_status,
      exists (select 1 from account_flags f where f.user_id = u.id and f.flag in ('no_trade', 'frozen', 'disabled')) as no_trade,
      coalesce((select b.amount from ledger_balances b where b.account = w.account and b.currency = ${CURRENCY}), 0) as available,
      coalesce((select v.level from vip_levels v where v.user_id = u.id), 0) as vip_level
    from users u join (values ${sql.join(wanted)}) as w (id, account) on w.id = u.id
    order by u.id`.execute(trx)
  for (const row of rows) {
    traders.set(row.id, {
      marginTrading: row.margin_trading,
      noTrade: Boolean(row.no_trade),
      realNameStatus: row.real_name_status,
      available: row.available,
      vipLevel: row.vip_level,
    })
  }
  return traders
}

export async function lockTrader(trx: Tx, userId: number): Promise<TraderState | undefined> {
  return (await lockTraders(trx, [userId])).get(userId)
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
