/**
 * Orders and the positions they open: one `orders` row per order (migration
 * 1763900001000_trading.sql). A row moves pending -> locked/holding -> preparing_to_close ->
 * closed, or pending -> cancelled; every move is an UPDATE guarded by the status it expects, so
 * two processes (or a user and the engine) can never both apply one. The cash side of each move
 * is a ledger entry written in the same transaction (server/trade/service.ts).
 */
import { type Insertable, type Selectable, sql } from 'kysely'
import { type OrderRowStatus, type OrdersTable } from '../db/types'
import { type Executor, type Tx } from '../db/executor'

export type OrderRecord = Selectable<OrdersTable>
export type NewOrder = Omit<Insertable<OrdersTable>, 'id' | 'order_no'>

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
    OrdersTable,
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

/** Resting limit orders, for the engine: just what deciding a fill or an expiry needs. */
export async function pendingOrders(db: Executor): Promise<Pick<OrderRecord, 'id' | 'symbol' | 'direction' | 'limit_price' | 'day_trading' | 'created_at'>[]> {
  return db
    .selectFrom('orders')
    .select(['id', 'symbol', 'direction', 'limit_price', 'day_trading', 'created_at'])
    .where('status', '=', 'pending')
    .orderBy('id')
    .execute()
}

/** Positions with margin held: locked, holding and preparing to close. */
export async function openPositions(db: Executor): Promise<OrderRecord[]> {
  return db.selectFrom('orders').selectAll().where('status', 'in', OPEN_STATUSES).orderBy('id').execute()
}

/** Shows a passed lock in the stored status too; the display already does (displayStatus). */
export async function unlockDue(db: Executor, now: number): Promise<number> {
  const result = await db
    .updateTable('orders')
    .set({ status: 'holding', updated_at: now })
    .where('status', '=', 'locked')
    .where('unlock_at', '<=', now)
    .executeTakeFirst()
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
