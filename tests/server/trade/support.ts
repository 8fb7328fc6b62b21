/** Shared steps of the trading tests: funded traders, orders through the real routes, the books. */
import { sql } from 'kysely'
import { expect } from 'vitest'
import { type OrderDto } from '../../../src/lib/trade'
import { userAccount } from '../../../server/ledger/rules'
import { HOUSE_POSITION_MARGIN } from '../../../server/trade/ledger-legs'
import { balancesOf, unbalancedEntries } from '../../../server/ledger/repository'
import { openMarginTotal } from '../../../server/trade/repository'
import { type Trader } from './accounts'
import { type Reply, type TestApp } from '../helpers'

export { grant, trader, type Trader } from './accounts'

export type OrderBody = {
  symbol: string
  direction?: 'long' | 'short'
  type?: 'market' | 'limit'
  price?: number | null
  lots?: number
  leverage?: number
  dayTrading?: boolean
}

export function create(t: TestApp, who: Trader, body: OrderBody): Promise<Reply> {
  return t.call('/order/create', { direction: 'long', type: 'market', lots: 1, leverage: 1, ...body }, { headers: who.headers, key: true })
}

export function cancel(t: TestApp, who: Trader, id: number): Promise<Reply> {
  return t.call('/order/cancel', { id }, { headers: who.headers, key: true })
}

export function close(t: TestApp, who: Trader, id: number): Promise<Reply> {
  return t.call('/order/close', { id }, { headers: who.headers, key: true })
}

/** The reply's order, failing the test with the reply when it was refused. */
export function orderOf(reply: Reply): OrderDto {
  if (reply.body.status !== 1) throw new Error(`expected an order, got ${reply.raw}`)
  return reply.body.data as OrderDto
}

export function refusal(reply: Reply): { code: string | undefined; params: Record<string, string | number> | undefined } {
  expect(reply.statusCode, reply.raw).toBe(200)
  expect(reply.body.status, reply.raw).toBe(0)
  return { code: reply.body.code, params: reply.body.params }
}

export type Detail = { quote: { price: number; prevClose: number; lotUnits?: number; unitDivisor?: number }; band: { min: number; max: number } | null }

export async function detail(t: TestApp, symbol: string): Promise<Detail> {
  const res = await t.call('/stock/detail', { symbol })
  if (res.body.status !== 1) throw new Error(`detail ${symbol}: ${res.raw}`)
  return res.body.data as Detail
}

export async function available(t: TestApp, who: Trader): Promise<number> {
  return (await balancesOf(t.database.db, who.userId)).available
}

export async function houseBalance(t: TestApp, account: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('ledger_legs')
    .select(sql<number>`coalesce(sum(amount), 0)::bigint`.as('sum'))
    .where('account', '=', account)
    .executeTakeFirstOrThrow()
  return row.sum
}

/**
 * The books are whole: every entry sums to zero per currency, no user pocket is negative, the
 * position-margin account holds exactly the open positions' margins, and each user's frozen
 * pocket exactly the cost of their pending orders.
 */
export async function expectBooksWhole(t: TestApp): Promise<void> {
  const db = t.database.db
  expect(await unbalancedEntries(db)).toEqual([])
  const pockets = await db
    .selectFrom('ledger_legs')
    .select(['account', sql<number>`sum(amount)::bigint`.as('sum')])
    .where('account', 'like', 'user:%')
    .groupBy('account')
    .execute()
  for (const pocket of pockets) expect(pocket.sum, pocket.account).toBeGreaterThanOrEqual(0)
  expect(await houseBalance(t, HOUSE_POSITION_MARGIN)).toBe(await openMarginTotal(db))
  const pending = await db
    .selectFrom('orders')
    .select(['user_id', sql<number>`sum(total_debit)::bigint`.as('sum')])
    .where('status', '=', 'pending')
    .groupBy('user_id')
    .execute()
  const frozen = new Map(pockets.filter((p) => p.account.endsWith(':frozen')).map((p) => [p.account, p.sum]))
  for (const row of pending) expect(frozen.get(userAccount(row.user_id, 'frozen')) ?? 0).toBe(row.sum)
  const pendingUsers = new Set(pending.map((r) => userAccount(r.user_id, 'frozen')))
  for (const [account, sum] of frozen) if (!pendingUsers.has(account)) expect(sum, account).toBe(0)
}
