/**
 * Copy-trading (issue 11): the SQL of strategies, their runs, trades and daily NAV, the products
 * and the investments. Money moves only through ledger entries, which service.ts and the job post
 * beside these writes. Every read a user causes of investments is scoped by their user id.
 */
import { type Insertable, type Selectable, sql } from 'kysely'
import { type Executor, type Tx } from '../db/executor'
import { type FollowInvestmentsTable, type FollowProductsTable, type FollowRunsTable, type FollowStrategiesTable } from '../db/types'
import { type FollowInvestmentStatus } from '../../src/contract/replies'

export type StrategyRow = Selectable<FollowStrategiesTable>
export type RunRow = Selectable<FollowRunsTable>
export type ProductRow = Selectable<FollowProductsTable>
export type InvestmentRow = Selectable<FollowInvestmentsTable>

/** A product with what its open investments total and how many users hold them. */
export type ProductWithCounts = ProductRow & { invested: number; investors: number }

export type InvestmentWithProduct = InvestmentRow & { number: string; name: string; strategy_id: number }

export async function allStrategies(db: Executor): Promise<StrategyRow[]> {
  return db.selectFrom('follow_strategies').selectAll().orderBy('id').execute()
}

export async function strategyById(db: Executor, id: number): Promise<StrategyRow | undefined> {
  return db.selectFrom('follow_strategies').selectAll().where('id', '=', id).executeTakeFirst()
}

/** A new strategy and its run, before its first close. */
export async function insertStrategy(trx: Tx, s: Insertable<FollowStrategiesTable>, state: string): Promise<StrategyRow> {
  const row = await trx.insertInto('follow_strategies').values(s).returningAll().executeTakeFirstOrThrow()
  await trx.insertInto('follow_runs').values({ strategy_id: row.id, last_day: null, cash: row.capital, holdings: '{}', state, updated_at: s.created_at }).execute()
  return row
}

export async function runOf(db: Executor, strategyId: number): Promise<RunRow | undefined> {
  return db.selectFrom('follow_runs').selectAll().where('strategy_id', '=', strategyId).executeTakeFirst()
}

export async function allRuns(db: Executor): Promise<RunRow[]> {
  return db.selectFrom('follow_runs').selectAll().execute()
}

/** The run under a lock: one process at a time writes a strategy's next closes. */
export async function lockRun(trx: Tx, strategyId: number): Promise<RunRow | undefined> {
  return trx.selectFrom('follow_runs').selectAll().where('strategy_id', '=', strategyId).forUpdate().executeTakeFirst()
}

export async function updateRun(trx: Tx, r: { strategyId: number; lastDay: string; cash: number; holdings: string; state: string; now: number }): Promise<void> {
  await trx
    .updateTable('follow_runs')
    .set({ last_day: r.lastDay, cash: r.cash, holdings: r.holdings, state: r.state, updated_at: r.now })
    .where('strategy_id', '=', r.strategyId)
    .execute()
}

export type NewTrade = { day: string; seq: number; time: number; symbol: string; side: 'buy' | 'sell'; qty: number; price: number; fees: number }

// Rows per statement: far under PostgreSQL's 65,535 parameters.
const BATCH = 1_000

export async function insertTrades(trx: Tx, strategyId: number, trades: readonly NewTrade[]): Promise<void> {
  for (let i = 0; i < trades.length; i += BATCH) {
    await trx
      .insertInto('follow_trades')
      .values(trades.slice(i, i + BATCH).map((t) => ({ strategy_id: strategyId, ...t })))
      .execute()
  }
}

export async function insertNavs(trx: Tx, strategyId: number, navs: readonly { day: string; nav: number }[]): Promise<void> {
  for (let i = 0; i < navs.length; i += BATCH) {
    await trx
      .insertInto('follow_navs')
      .values(navs.slice(i, i + BATCH).map((n) => ({ strategy_id: strategyId, ...n })))
      .execute()
  }
}

export async function tradesOf(db: Executor, strategyId: number): Promise<NewTrade[]> {
  return db
    .selectFrom('follow_trades')
    .select(['day', 'seq', 'time', 'symbol', 'side', 'qty', 'price', 'fees'])
    .where('strategy_id', '=', strategyId)
    .orderBy('day')
    .orderBy('seq')
    .execute()
}

export async function navsOf(db: Executor, strategyId: number): Promise<{ day: string; nav: number }[]> {
  return db.selectFrom('follow_navs').select(['day', 'nav']).where('strategy_id', '=', strategyId).orderBy('day').execute()
}

const openTotals = (db: Executor) =>
  db
    .selectFrom('follow_investments')
    .select((eb) => ['product_id', eb.fn.sum<number>('amount').as('invested'), sql<number>`count(distinct user_id)`.as('investors')])
    .where('status', '=', 'in_progress')
    .groupBy('product_id')
    .as('c')

const withCounts = (db: Executor) =>
  db
    .selectFrom('follow_products as p')
    .leftJoin(openTotals(db), 'c.product_id', 'p.id')
    .selectAll('p')
    .select((eb) => [eb.fn.coalesce('c.invested', sql<number>`0`).as('invested'), eb.fn.coalesce('c.investors', sql<number>`0`).as('investors')])

const counted = (r: ProductRow & { invested: number | string; investors: number | string }): ProductWithCounts => ({ ...r, invested: Number(r.invested), investors: Number(r.investors) })

/** Every product with its totals, newest first (there are a handful; the service pages them). */
export async function allProducts(db: Executor): Promise<ProductWithCounts[]> {
  const rows = await withCounts(db).orderBy('p.id', 'desc').execute()
  return rows.map(counted)
}

export async function productWithCounts(db: Executor, id: number): Promise<ProductWithCounts | undefined> {
  const row = await withCounts(db).where('p.id', '=', id).executeTakeFirst()
  return row && counted(row)
}

export async function insertProduct(trx: Executor, p: Insertable<FollowProductsTable>): Promise<ProductRow> {
  return trx.insertInto('follow_products').values(p).returningAll().executeTakeFirstOrThrow()
}

/** The product under a lock: investments in it take turns, so the fund size counts every earlier one. */
export async function lockProduct(trx: Tx, id: number): Promise<ProductRow | undefined> {
  return trx.selectFrom('follow_products').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
}

/** What open investments in the product total (read under the product's lock). */
export async function investedIn(trx: Tx, productId: number): Promise<number> {
  const row = await trx
    .selectFrom('follow_investments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('n'))
    .where('product_id', '=', productId)
    .where('status', '=', 'in_progress')
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function insertInvestment(trx: Tx, i: Insertable<FollowInvestmentsTable>): Promise<InvestmentRow> {
  return trx.insertInto('follow_investments').values(i).returningAll().executeTakeFirstOrThrow()
}

const withProduct = (db: Executor) =>
  db.selectFrom('follow_investments as i').innerJoin('follow_products as p', 'p.id', 'i.product_id').selectAll('i').select(['p.number', 'p.name', 'p.strategy_id'])

/** The user's investment under a row lock (redeem): the stop-loss sweep sees the result, and the reverse. */
export async function lockInvestmentOfUser(trx: Tx, userId: number, id: number): Promise<InvestmentWithProduct | undefined> {
  return withProduct(trx).where('i.id', '=', id).where('i.user_id', '=', userId).forUpdate('i').executeTakeFirst()
}

export async function lockInvestment(trx: Tx, id: number): Promise<InvestmentWithProduct | undefined> {
  return withProduct(trx).where('i.id', '=', id).forUpdate('i').executeTakeFirst()
}

export async function endInvestment(
  trx: Tx,
  e: { id: number; reason: 'redeemed' | 'stop_loss'; amount: number; nav: number; now: number },
): Promise<InvestmentRow> {
  return trx
    .updateTable('follow_investments')
    .set({ status: 'ended', end_reason: e.reason, ended_at: e.now, redeemed_amount: e.amount, redeemed_nav: e.nav, updated_at: e.now })
    .where('id', '=', e.id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** The strategies with an open investment that has a stop-loss: the job prices only these. */
export async function strategiesWithStopLosses(db: Executor): Promise<number[]> {
  const rows = await db
    .selectFrom('follow_products as p')
    .select('p.strategy_id')
    .distinct()
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('follow_investments as i')
          .select('i.id')
          .whereRef('i.product_id', '=', 'p.id')
          .where('i.status', '=', 'in_progress')
          .where('i.stop_loss_nav', 'is not', null),
      ),
    )
    .orderBy('p.strategy_id')
    .execute()
  return rows.map((r) => Number(r.strategy_id))
}

/**
 * The strategy's open investments whose stop-loss `nav` reaches, through
 * follow_investments_stop_idx: what the NAV crosses, not every open investment.
 */
export async function stopLossesReached(db: Executor, strategyId: number, nav: number): Promise<InvestmentWithProduct[]> {
  return withProduct(db)
    .where('p.strategy_id', '=', strategyId)
    .where('i.status', '=', 'in_progress')
    .where('i.stop_loss_nav', '>=', nav)
    .orderBy('i.id')
    .execute()
}

export async function investmentsPage(
  db: Executor,
  q: { userId: number; status: FollowInvestmentStatus | null; page: number; size: number },
): Promise<{ rows: InvestmentWithProduct[]; total: number }> {
  let base = withProduct(db).where('i.user_id', '=', q.userId)
  let count = db.selectFrom('follow_investments').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', q.userId)
  if (q.status !== null) {
    base = base.where('i.status', '=', q.status)
    count = count.where('status', '=', q.status)
  }
  const [rows, total] = await Promise.all([
    base
      .orderBy('i.id', 'desc')
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(total.n) }
}

/** A universe's stored days, oldest first: what the strategies read. */
export async function universeDays(db: Executor, symbols: readonly string[]): Promise<{ symbol: string; day: string; calendar: string; close: number; adjustments: string }[]> {
  if (symbols.length === 0) return []
  return db
    .selectFrom('market_days')
    .select(['symbol', 'day', 'calendar', 'close', 'adjustments'])
    .where('symbol', 'in', symbols)
    .orderBy('day')
    .orderBy('symbol')
    .execute()
}

/** The newest days stored for one symbol, newest first: enough to find the last completed close. */
export async function latestDaysOf(db: Executor, symbol: string, count: number): Promise<{ day: string; calendar: string }[]> {
  return db.selectFrom('market_days').select(['day', 'calendar']).where('symbol', '=', symbol).orderBy('day', 'desc').limit(count).execute()
}

/** Splits recorded on the universe's days after `after` (the days a run has not processed yet). */
export async function adjustmentsAfter(db: Executor, symbols: readonly string[], after: string): Promise<{ symbol: string; day: string; adjustments: string }[]> {
  if (symbols.length === 0) return []
  return db
    .selectFrom('market_days')
    .select(['symbol', 'day', 'adjustments'])
    .where('symbol', 'in', symbols)
    .where('day', '>', after)
    .where('adjustments', '<>', '[]')
    .orderBy('day')
    .execute()
}

/** Every split recorded on a universe's days (a few a year), for the win rate's first-in first-out lots. */
export async function splitDaysOf(db: Executor, symbols: readonly string[]): Promise<{ symbol: string; day: string; adjustments: string }[]> {
  if (symbols.length === 0) return []
  return db
    .selectFrom('market_days')
    .select(['symbol', 'day', 'adjustments'])
    .where('symbol', 'in', symbols)
    .where('adjustments', 'like', '%"split"%')
    .orderBy('day')
    .execute()
}
