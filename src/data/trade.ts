/**
 * Orders and positions. Placing, cancelling and closing are outbox kinds ('order.create',
 * 'order.cancel', 'order.close'), so a tap made offline is sent once the network is back, exactly
 * once (its Idempotency-Key). What is stored:
 * - db.orders: every order of the account (/order/list, all statuses), one row per order; an
 *   outbox reply (the order as it is after the mutation) is written at once, then the whole list
 *   is fetched again with the balances (/user/info).
 * The 60-second rule (issue 3, marketOrderGuard.ts): a MARKET order that would be sent more than
 * market_order_reconfirm_seconds after the user placed it is not sent at a price the user never
 * saw. The outbox holds it (state 'held', error market_order_stale {createdAt}) until the user
 * confirms at the current price (confirmHeldOrder) or discards it (discardHeldOrder). A limit order
 * names its own price, so it is sent however late.
 */
import { ApiRefusal, NetworkError, call } from './api'
import { db, metaKeys, type OrderDto, type OrderRow, type OutboxItem } from './db'
import { confirmHeld, discard, enqueue } from './outbox'
import { getSession } from './sessionStore'
import { refresh, refreshUserInfo } from './sync'

export type PlaceOrderInput = {
  symbol: string
  direction: 'long' | 'short'
  type: 'market' | 'limit'
  /** Limit orders: the price in the instrument's price units (QuoteRow.priceScale per rupee). */
  price?: number
  lots: number
  leverage: number
  dayTrading?: boolean
}

const DEFAULT_ORDER_PAGE_MAX = 100

export const ordersKey = metaKeys.orders

/** The account's orders, newest first, for useLiveQuery. */
export function ordersQuery(account: string) {
  return db.orders.where('account').equals(account).reverse().sortBy('createdAt')
}

/** Queues an order. Resolves once it is stored; watch db.outbox.get(item.key) for its fate. */
export function placeOrder(input: PlaceOrderInput): Promise<OutboxItem> {
  const body: Record<string, unknown> = {
    symbol: input.symbol,
    direction: input.direction,
    type: input.type,
    lots: input.lots,
    leverage: input.leverage,
  }
  if (input.type === 'limit') body.price = input.price
  if (input.dayTrading !== undefined) body.dayTrading = input.dayTrading
  return enqueue('order.create', body)
}

/** Cancels a pending limit order (order_not_pending otherwise). */
export function cancelOrder(id: number): Promise<OutboxItem> {
  return enqueue('order.cancel', { id })
}

/** Closes a holding position at the market (position_locked before its unlock time). */
export function closePosition(id: number): Promise<OutboxItem> {
  return enqueue('order.close', { id })
}

/**
 * The user confirms a held market order at the current price: it is queued again with the same
 * key and the 60 seconds count from now. Resolves false when `key` is not held (already gone).
 */
export function confirmHeldOrder(key: string): Promise<boolean> {
  return confirmHeld(key)
}

/**
 * The user discards a held market order. One never sent is simply deleted. One that was sent
 * before (its reply lost, then held) may have been carried out: the server is asked to withdraw
 * it under its key. If it had been placed, the item goes back to the queue, whose replay gets that
 * first reply and records the order ('placed'); if not (or it was refused), the server's key is
 * closed, so the request can never be carried out later, and the item is deleted ('discarded'). Offline, a sent one is
 * kept held: the answer needs the server. 'gone': the item is no longer held.
 */
export async function discardHeldOrder(key: string): Promise<'discarded' | 'placed' | 'gone'> {
  const item = await db.outbox.get(key)
  if (!item || item.state !== 'held') return 'gone'
  if (item.attempts === 0) return (await discard(key)) ? 'discarded' : 'gone'
  try {
    await call(item.path, item.body, { idempotencyKey: item.key, withdraw: true, silent: true })
  } catch (error) {
    // request_withdrawn, or the refusal the order got when it arrived: either way nothing was placed.
    if (error instanceof ApiRefusal && error.httpStatus === 200) return (await discard(key)) ? 'discarded' : 'gone'
    throw error
  }
  return (await confirmHeld(key)) ? 'placed' : 'gone'
}

async function pageSize(): Promise<number> {
  const value = Number((await db.config.get('order_page_max'))?.value)
  return Number.isSafeInteger(value) && value > 0 ? value : DEFAULT_ORDER_PAGE_MAX
}

async function fetchOrders(opts: { fresh?: boolean } = {}): Promise<void> {
  const session = getSession()
  if (!session) return
  const { account } = session
  try {
    await refresh(
      ordersKey(account),
      async () => {
        const startedAt = Date.now()
        const size = await pageSize()
        const orders: OrderDto[] = []
        for (let page = 1; ; page++) {
          const reply = await call<{ data: OrderDto[]; total: number }>('/order/list', { status: 'all', page, size })
          orders.push(...reply.data)
          if (reply.data.length === 0 || orders.length >= reply.total) break
        }
        await db.transaction('rw', db.orders, async () => {
          if (getSession()?.account !== account) return
          // Replace: an order the server no longer lists must not linger. But a row a mutation's
          // reply wrote after this list was asked for is newer than the list: it stays as it is.
          const newer = new Set((await db.orders.where('account').equals(account).filter((row) => (row.repliedAt ?? 0) > startedAt).toArray()).map((row) => row.id))
          await db.orders.where('account').equals(account).filter((row) => !newer.has(row.id)).delete()
          await db.orders.bulkPut(orders.filter((order) => !newer.has(order.id)).map((order): OrderRow => ({ ...order, account })))
        })
      },
      opts,
    )
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error
  }
}

/** Fetches all the signed-in account's orders into db.orders. Quiet offline. */
export function refreshOrders(): Promise<void> {
  return fetchOrders()
}

function isOrder(data: unknown): data is OrderDto {
  return typeof data === 'object' && data !== null && typeof (data as OrderDto).id === 'number'
}

/** The effect of the order kinds (outboxKinds.ts): the reply's order at once, then the list and balances. */
export async function afterOrderChange(data: unknown, item: OutboxItem): Promise<void> {
  if (isOrder(data)) await db.orders.put({ ...data, account: item.account, repliedAt: Date.now() })
  await Promise.all([fetchOrders({ fresh: true }), refreshUserInfo({ fresh: true })])
}
