/**
 * Orders and the positions they open: one `orders` row per order (migration
 * 1763900001000_trading.sql). A row moves pending -> locked/holding -> preparing_to_close ->
 * closed, or pending -> cancelled; every move is an UPDATE guarded by the status it expects, so
 * two processes (or a user and the engine) can never both apply one. The cash side of each move
 * is a ledger entry written in the same transaction (server/trade/service.ts).
 */
import { type Insertable, type Selectable, type Updateable, sql } from 'kysely'
import { type OrderRowStatus, type OrdersTable } from '../db/types'
import { type Executor, type Tx } from '../db/executor'
import { columnsOf } from '../db/columns'
import { insertWithEntriesStatement } from '../ledger/repository'

export type OrderRecord = Selectable<OrdersTable>
export type NewOrder = Omit<Insertable<OrdersTable>, 'id' | 'order_no'>
/** An order as placeOrders makes it: the row but for the columns the database makes. */
export type OrderRow = Omit<OrderRecord, 'id' | 'order_no'>

export const OPEN_STATUSES = ['locked', 'holding', 'preparing_to_close'] as const satisfies readonly OrderRowStatus[]
export const ENDED_STATUSES = ['closed', 'cancelled'] as const satisfies readonly OrderRowStatus[]

export async function insertOrder(trx: Tx, order: NewOrder): Promise<OrderRecord> {
  const [row] = await insertOrders(trx, [order])
  return row!
}

/** Inserts the orders in one statement; returns their rows in the order given. */
export async function insertOrders(trx: Tx, orders: readonly NewOrder[]): Promise<OrderRecord[]> {
  if (orders.length === 0) return []
  const rows = await trx.insertInto('orders').values([...orders]).returningAll().execute()
  // Identity values are taken row by row in VALUES order: ascending ids are the input order.
  rows.sort((a, b) => a.id - b.id)
  if (rows.length !== orders.length) throw new Error(`inserted ${rows.length} of ${orders.length} orders`)
  return rows
}

/** Every column of an order but the two the database makes (id, order_no), with its type. */
const ORDER_COLUMNS = {
  user_id: 'bigint',
  symbol: 'text',
  kind: 'text',
  type: 'text',
  direction: 'text',
  lots: 'integer',
  quantity: 'bigint',
  unit_divisor: 'bigint',
  quantity_scale: 'bigint',
  leverage: 'integer',
  day_trading: 'boolean',
  limit_price: 'bigint',
  entry_price: 'bigint',
  exit_price: 'bigint',
  margin: 'bigint',
  fee: 'bigint',
  stamp_duty: 'bigint',
  total_debit: 'bigint',
  close_fee: 'bigint',
  close_stamp_duty: 'bigint',
  pnl: 'bigint',
  cash_returned: 'bigint',
  status: 'text',
  unlock_at: 'bigint',
  created_at: 'bigint',
  opened_at: 'bigint',
  closed_at: 'bigint',
  close_reason: 'text',
  updated_at: 'bigint',
  stop_out_price: 'bigint',
  square_off_at: 'bigint',
} as const satisfies Record<keyof OrderRow, 'bigint' | 'integer' | 'text' | 'boolean'>

const ORDER_COLUMN_NAMES = Object.keys(ORDER_COLUMNS) as (keyof OrderRow)[]

/**
 * New orders and their ledger entries in one statement (insertWithEntries, with orderColumns as
 * its parameters), each entry's reference its order's number. Only the generated columns come
 * back: a batch's rows read back whole were 35 columns each to decode for values the caller has.
 */
export const INSERT_ORDERS_WITH_ENTRIES = insertWithEntriesStatement(
  `insert into orders (${ORDER_COLUMN_NAMES.join(', ')})
      select ${ORDER_COLUMN_NAMES.join(', ')}
      from unnest(${ORDER_COLUMN_NAMES.map((name, i) => `$${i + 1}::${ORDER_COLUMNS[name]}[]`).join(', ')}) with ordinality as o (${ORDER_COLUMN_NAMES.join(', ')}, n)
      order by n
      returning id, order_no`,
  ORDER_COLUMN_NAMES.length,
  'order_no',
)

/** The orders' columns as INSERT_ORDERS_WITH_ENTRIES takes them. */
export function orderColumns(orders: readonly OrderRow[]): unknown[][] {
  return columnsOf(orders, ORDER_COLUMN_NAMES)
}

/** The user's order, unlocked (a read before the transaction); undefined for another user's order too. */
export async function findOrderOfUser(db: Executor, userId: number, id: number): Promise<OrderRecord | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()
}

/** The user's order, locked for the transaction; undefined for another user's order too. */
export async function lockOrderOfUser(trx: Tx, userId: number, id: number): Promise<OrderRecord | undefined> {
  return trx.selectFrom('orders').selectAll().where('id', '=', id).where('user_id', '=', userId).forUpdate().executeTakeFirst()
}

/** The order locked only if it still has `status`: the engine's guard against doing a move twice. */
export async function lockOrderIn(trx: Tx, id: number, status: readonly OrderRowStatus[]): Promise<OrderRecord | undefined> {
  return trx.selectFrom('orders').selectAll().where('id', '=', id).where('status', 'in', status).forUpdate().executeTakeFirst()
}

export type OrderChange = Partial<
  Pick<
    Updateable<OrdersTable>,
    | 'status'
    | 'entry_price'
    | 'exit_price'
    | 'close_fee'
    | 'close_stamp_duty'
    | 'pnl'
    | 'cash_returned'
    | 'unlock_at'
    | 'opened_at'
    | 'closed_at'
    | 'close_reason'
    | 'stop_out_price'
    | 'square_off_at'
  >
>

/** Applies a move to a row the caller holds locked; returns the row as it is now. */
export async function updateOrder(trx: Tx, id: number, change: OrderChange, now: number): Promise<OrderRecord> {
  return trx
    .updateTable('orders')
    .set({ ...change, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

export type OrderFilter = {
  statuses?: readonly OrderRowStatus[]
  kind?: OrdersTable['kind']
  dayTrading?: boolean
}

/** A page of the user's orders, newest first, and how many match. */
export async function listOrdersOfUser(
  db: Executor,
  userId: number,
  filter: OrderFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: OrderRecord[]; total: number }> {
  let query = db.selectFrom('orders').where('user_id', '=', userId)
  if (filter.statuses) query = query.where('status', 'in', filter.statuses)
  if (filter.kind) query = query.where('kind', '=', filter.kind)
  if (filter.dayTrading !== undefined) query = query.where('day_trading', '=', filter.dayTrading)
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: count.total }
}

/** A symbol whose market is open at the sweep, with the feed's price then. */
export type SymbolPrice = { symbol: string; price: number }

/** The sweep's prices as one VALUES list, so each question is one statement whatever the symbols. */
function pricesList(prices: readonly SymbolPrice[]) {
  return sql`(VALUES ${sql.join(prices.map((p) => sql`(${p.symbol}::text, ${p.price}::bigint)`))}) AS p (symbol, price)`
}

/**
 * Resting limit orders the prices cross (a buy at or below its limit, a sell at or above), less
 * day-trading ones past their square-off time, which expire instead. Each side reads its own
 * partial index (symbol, limit_price), so the cost is the orders crossed, not the orders resting.
 */
export async function crossedLimitOrders(db: Executor, prices: readonly SymbolPrice[], now: number): Promise<Pick<OrderRecord, 'id'>[]> {
  if (prices.length === 0) return []
  return (await engineQueries.crossedLimitOrders(prices, now).execute(db)).rows
}

/** The sweep's statements, built apart so a test can ask PostgreSQL for their plans (EXPLAIN). */
export const engineQueries = {
  // Per price a LATERAL subquery, so the plan is an index range scan per symbol whatever the
  // statistics say (PGlite never analyses on its own; a plan that hashed a whole side of the book
  // would cost what the book costs).
  crossedLimitOrders: (prices: readonly SymbolPrice[], now: number) => sql<Pick<OrderRecord, 'id'>>`
    SELECT c.id FROM ${pricesList(prices)} CROSS JOIN LATERAL (
      SELECT o.id FROM orders o
      WHERE o.symbol = p.symbol AND o.status = 'pending' AND o.direction = 'long' AND o.limit_price >= p.price
        AND (o.square_off_at IS NULL OR o.square_off_at > ${now})
      UNION ALL
      SELECT o.id FROM orders o
      WHERE o.symbol = p.symbol AND o.status = 'pending' AND o.direction = 'short' AND o.limit_price <= p.price
        AND (o.square_off_at IS NULL OR o.square_off_at > ${now})
    ) c ORDER BY c.id`,
  stopOutsCrossed: (prices: readonly SymbolPrice[], now: number) => sql<{ id: number; price: number }>`
    SELECT c.id, p.price FROM ${pricesList(prices)} CROSS JOIN LATERAL (
      SELECT o.id FROM orders o
      WHERE o.symbol = p.symbol AND o.status IN ('locked', 'holding') AND o.direction = 'long' AND o.stop_out_price >= p.price
        AND (o.square_off_at IS NULL OR o.square_off_at > ${now})
      UNION ALL
      SELECT o.id FROM orders o
      WHERE o.symbol = p.symbol AND o.status IN ('locked', 'holding') AND o.direction = 'short' AND o.stop_out_price <= p.price
        AND (o.square_off_at IS NULL OR o.square_off_at > ${now})
    ) c ORDER BY c.id`,
  closingInOpenMarkets: (prices: readonly SymbolPrice[]) => sql<{ id: number; price: number; close_reason: OrderRecord['close_reason'] }>`
    SELECT c.id, p.price, c.close_reason FROM ${pricesList(prices)} CROSS JOIN LATERAL (
      SELECT o.id, o.close_reason FROM orders o WHERE o.symbol = p.symbol AND o.status = 'preparing_to_close'
    ) c ORDER BY c.id`,
  squareOffsDue: (db: Executor, now: number, after: { at: number; id: number } | null, limit: number) => {
    let query = db
      .selectFrom('orders')
      .select(['id', 'symbol', 'status', 'square_off_at'])
      .where('status', 'in', ['pending', 'locked', 'holding'])
      .where('square_off_at', 'is not', null)
      .where('square_off_at', '<=', now)
    if (after) query = query.where(sql<boolean>`(square_off_at, id) > (${after.at}, ${after.id})`)
    return query.orderBy('square_off_at').orderBy('id').limit(limit)
  },
  rowsMissingLevels: (afterId: number, limit: number) => sql<OrderRecord>`
    SELECT * FROM orders
    WHERE status IN ('pending', 'locked', 'holding') AND ((status <> 'pending' AND stop_out_price IS NULL) OR (day_trading AND square_off_at IS NULL))
      AND id > ${afterId}
    ORDER BY id LIMIT ${limit}`,
  unlockDue: (db: Executor, now: number) =>
    db.updateTable('orders').set({ status: 'holding', updated_at: now }).where('status', '=', 'locked').where('unlock_at', '<=', now),
}

/**
 * Positions whose stored stop-out level the prices reach (a long at or below it, a short at or
 * above it), with the price that reached it; the per-side partial indexes (symbol,
 * stop_out_price) make it the positions crossed only. Day-trading positions past the cut-off
 * are squared off instead.
 */
export async function stopOutsCrossed(db: Executor, prices: readonly SymbolPrice[], now: number): Promise<{ id: number; price: number }[]> {
  if (prices.length === 0) return []
  return (await engineQueries.stopOutsCrossed(prices, now).execute(db)).rows
}

/** Positions waiting to be settled whose market is open now, with its price. */
export async function closingInOpenMarkets(db: Executor, prices: readonly SymbolPrice[]): Promise<{ id: number; price: number; close_reason: OrderRecord['close_reason'] }[]> {
  if (prices.length === 0) return []
  return (await engineQueries.closingInOpenMarkets(prices).execute(db)).rows
}

export type SquareOffDue = Pick<OrderRecord, 'id' | 'symbol' | 'status' | 'square_off_at'> & { square_off_at: number }

/**
 * One batch of day-trading orders and positions past their square-off time, in time order after
 * `after` (the last row of the previous batch): pending ones expire, open ones are squared off.
 */
export async function squareOffsDue(db: Executor, now: number, after: { at: number; id: number } | null, limit: number): Promise<SquareOffDue[]> {
  return (await engineQueries.squareOffsDue(db, now, after, limit).execute()) as SquareOffDue[]
}

/**
 * Rows still without the levels the engine acts on (opened before migration
 * 1764600000000_engine_levels.sql or by a path that does not set them), a batch in id order
 * after `afterId`. The predicate is orders_levels_missing_idx's, so in steady state it reads
 * an empty index.
 */
export async function rowsMissingLevels(db: Executor, afterId: number, limit: number): Promise<OrderRecord[]> {
  return (await engineQueries.rowsMissingLevels(afterId, limit).execute(db)).rows
}

export type Levels = { id: number; status: OrderRowStatus; stopOutPrice: number | null; squareOffAt: number | null }

/**
 * Stores levels computed for rows read by rowsMissingLevels, in one statement, only where the
 * row still has the status it was read with and the level is still missing: a fill in between
 * has set its own.
 */
export async function setLevels(db: Executor, levels: readonly Levels[]): Promise<void> {
  if (levels.length === 0) return
  const values = sql.join(levels.map((l) => sql`(${l.id}::bigint, ${l.status}::text, ${l.stopOutPrice}::bigint, ${l.squareOffAt}::bigint)`))
  await sql`
    UPDATE orders SET stop_out_price = coalesce(orders.stop_out_price, v.stop_out_price), square_off_at = coalesce(orders.square_off_at, v.square_off_at)
    FROM (VALUES ${values}) AS v (id, status, stop_out_price, square_off_at)
    WHERE orders.id = v.id AND orders.status = v.status`.execute(db)
}

/** Shows a passed lock in the stored status too; the display already does (displayStatus). */
export async function unlockDue(db: Executor, now: number): Promise<number> {
  const result = await engineQueries.unlockDue(db, now).executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** Sum of the margins of open positions: house:position_margin must always equal it. */
export async function openMarginTotal(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select(sql<number>`coalesce(sum(margin), 0)::bigint`.as('total'))
    .where('status', 'in', OPEN_STATUSES)
    .executeTakeFirstOrThrow()
  return row.total
}

export async function setMarginTrading(db: Executor, userId: number, on: boolean): Promise<void> {
  await db.updateTable('users').set({ margin_trading: on }).where('id', '=', userId).execute()
}
