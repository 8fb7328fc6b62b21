/**
 * The double-entry journal: `ledger_entries` (reason, reference, operator, time) and
 * `ledger_legs` (account code, currency, signed amount in paise). Balances are sums of legs; a
 * user pocket's sum is also kept in `ledger_balances` by a trigger (migration 1763900002000).
 * A statement trigger refuses any entry whose legs do not sum to zero per currency when the
 * statement writing them ends (migration 1764800014000): write an entry's legs in one statement.
 */
import { sql } from 'kysely'
import { columnsOf, runStatement } from '../db/columns'
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
  const entries = await checkedAndLocked(trx, drafts, now, options)
  const ids = await runStatement<{ id: number }>(trx, POST_ENTRIES, [...columnsOf(entries, ['reason', 'reference', 'operator', 'at']), ...legColumns(entries)])
  if (ids.length !== entries.length) throw new Error(`posted ${ids.length} of ${entries.length} ledger entries`)
  return ids.map((r) => r.id)
}

/**
 * One statement that inserts rows and one ledger entry per row (insertWithEntries), its text built
 * once. `insert` is an INSERT of the rows from the parameters $1 to $`params`, RETURNING the id,
 * the `reference` column and whatever else the caller reads back, whose ids rise in the rows'
 * order, as a multi-row INSERT's identity values do when its SELECT is ordered.
 */
export type InsertWithEntries = { readonly text: string; readonly params: number }

export function insertWithEntriesStatement(insert: string, params: number, reference: string): InsertWithEntries {
  const p = (n: number) => `$${params + n}`
  return {
    params,
    text: `with r as (${insert}),
    rr as (select r.*, row_number() over (order by r.id) as entry_n from r),
    v as (
      select v.n, v.reason, rr.${reference} as reference, v.operator, v.created_at
      from unnest(${p(1)}::text[], ${p(2)}::text[], ${p(3)}::bigint[]) with ordinality as v (reason, operator, created_at, n)
      join rr on rr.entry_n = v.n
    ),
    ${entriesAndLegs(params + 4)}
    select rr.* from rr join ranked on ranked.n = rr.entry_n order by rr.entry_n`,
  }
}

/**
 * Inserts rows (`statement`, given their columns as `params`) and, in the same statement, one
 * ledger entry per row whose reference is that row's `reference` column: an order and its opening
 * entry in one round trip, however many orders. `drafts[i]` is the entry of the i-th row (its own
 * reference is replaced). Returns the rows in the order given. Users are locked as postEntries does.
 */
export async function insertWithEntries<Row extends { id: number }>(
  trx: Tx,
  statement: InsertWithEntries,
  params: readonly unknown[],
  drafts: readonly LedgerEntryDraft[],
  now: number | readonly number[],
  options: PostOptions = {},
): Promise<Row[]> {
  if (drafts.length === 0) return []
  if (params.length !== statement.params) throw new Error(`${params.length} parameters for an insert of ${statement.params}`)
  const entries = await checkedAndLocked(trx, drafts, now, options)
  const inserted = await runStatement<Row & { entry_n: number }>(trx, statement.text, [
    ...params,
    ...columnsOf(entries, ['reason', 'operator', 'at']),
    ...legColumns(entries),
  ])
  if (inserted.length !== entries.length) throw new Error(`wrote ${inserted.length} of ${entries.length} rows with their ledger entries`)
  return inserted.map(({ entry_n: _, ...row }) => row as unknown as Row)
}

type DatedEntry = LedgerEntryDraft & { at: number }

/** Checks the drafts (buildEntry), dates them, and locks every user they touch but those already locked. */
async function checkedAndLocked(trx: Tx, drafts: readonly LedgerEntryDraft[], now: number | readonly number[], options: PostOptions): Promise<DatedEntry[]> {
  // One time for all, or each entry's own (a batch of orders dated each like its order).
  if (typeof now !== 'number' && now.length !== drafts.length) throw new Error(`${now.length} times for ${drafts.length} ledger entries`)
  const entries = drafts.map((d, n) => ({ ...buildEntry(d), at: typeof now === 'number' ? now : now[n]! }))
  const locked = new Set(options.lockedUserIds)
  const userIds = entries.flatMap((e) => e.legs.map((l) => userIdOfAccount(l.account))).filter((id): id is number => id !== null && !locked.has(id))
  await lockUsers(trx, userIds)
  return entries
}

/** The legs of all `entries` as the four arrays entriesAndLegs unnests: each leg's entry (1..) and the leg. */
function legColumns(entries: readonly DatedEntry[]): unknown[][] {
  const legs = entries.flatMap((e, n) => e.legs.map((leg) => ({ n: n + 1, ...leg })))
  return columnsOf(legs, ['n', 'account', 'currency', 'amount'])
}

/**
 * The CTEs `e` (the entries, from the CTE `v`: n = 1.. in draft order and the entry's columns),
 * `ranked` (each entry's id by n) and `legs`, whose four arrays (legColumns) are the parameters
 * from `$first` on. A multi-row INSERT takes identity values row by row in its SELECT's order, so
 * the entries' ids ranked ascending are the drafts in order; each leg joins its entry by that rank.
 */
function entriesAndLegs(first: number): string {
  return `e as (
      insert into ledger_entries (reason, reference, operator, created_at)
      select v.reason, v.reference, v.operator, v.created_at from v order by v.n returning id
    ),
    ranked as (select id, row_number() over (order by id) as n from e),
    legs as (
      insert into ledger_legs (entry_id, account, currency, amount)
      select ranked.id, l.account, l.currency, l.amount
      from unnest($${first}::int[], $${first + 1}::text[], $${first + 2}::text[], $${first + 3}::bigint[]) with ordinality as l (n, account, currency, amount, m)
      join ranked on ranked.n = l.n
      order by l.m
    )`
}

const POST_ENTRIES = `with v as (
      select * from unnest($1::text[], $2::text[], $3::text[], $4::bigint[]) with ordinality as v (reason, reference, operator, created_at, n)
    ),
    ${entriesAndLegs(5)}
    select id from ranked order by n`

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
 *
 * `oneSession`: the database runs one transaction at a time (PGlite, whose one session Kysely's
 * dialect hands to one transaction after another), so no lock could be waited for and none is
 * taken: a statement less for every batch of orders (issue 14).
 */
export async function lockTraders(trx: Tx, userIds: readonly number[], { oneSession = false }: { oneSession?: boolean } = {}): Promise<Map<number, TraderState>> {
  const traders = new Map<number, TraderState>()
  if (userIds.length === 0) return traders
  const sorted = [...new Set(userIds)].sort((a, b) => a - b)
  const wanted = sorted.map((id) => sql`(${id}::bigint, ${userAccount(id, 'available')}::text)`)
  // Lock first, read after, in two statements: on PostgreSQL (read committed) a statement that
  // waited for the lock still sees the snapshot from before the wait, so a balance read in the
  // locking statement could miss the commit it waited for and let two orders spend the same cash.
  if (!oneSession) await lockUsers(trx, sorted)
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
