/**
 * Orders through the outbox against the real server (routes /order/*), through the real TCP
 * proxy: placed offline and sent once, the 60-second rule for market orders, cancel, refresh.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { NetworkError, call, onApiEvent, type ApiEvent } from '../../../src/data/api'
import { db, type OrderDto, type OutboxItem } from '../../../src/data/db'
import { fundRecordsKey, fundRecordsQuery, refreshFundRecords } from '../../../src/data/fundRecords'
import { confirmHeld, discard, replayOutbox } from '../../../src/data/outbox'
import { staleMarketOrder } from '../../../src/data/marketOrderGuard'
import { login } from '../../../src/data/session'
import { signInToday } from '../../../src/data/signIn'
import { syncedAt } from '../../../src/data/sync'
import {
  cancelOrder,
  confirmHeldOrder,
  discardHeldOrder,
  ordersKey,
  placeOrder,
  refreshOrders,
} from '../../../src/data/trade'
import { useRealServer } from '../support/realServer'
import { grant, verify } from './funding'

const server = useRealServer()
let account: string
let password: string
const events: ApiEvent[] = []

beforeAll(() => {
  onApiEvent((event) => events.push(event))
})

beforeEach(async () => {
  await Promise.all([db.outbox.clear(), db.meta.clear(), db.user.clear(), db.orders.clear(), db.fundEntries.clear()])
  const created = await server.newAccount()
  account = created.account
  password = created.password
  await login(account, created.password)
  server.proxy.requests.length = 0
  events.length = 0
})

const row = (key: string) => db.outbox.get(key)
const sent = (path: string) => server.proxy.requests.filter((r) => r === `POST /api/vue${path}`).length
const MINUTE = 60_000

/** An order.create item as placeOrder stores it, placed `ageMs` ago. */
async function queuedOrder(body: Record<string, unknown>, ageMs: number): Promise<OutboxItem> {
  const last = await db.outbox.orderBy('seq').last()
  const item: OutboxItem = {
    key: crypto.randomUUID(),
    seq: (last?.seq ?? 0) + 1,
    kind: 'order.create',
    path: '/order/create',
    body,
    account,
    state: 'queued',
    createdAt: Date.now() - ageMs,
    leaseUntil: 0,
    attempts: 0,
    nextAttemptAt: 0,
  }
  await db.outbox.add(item)
  return item
}

const market = { symbol: 'RELIANCE', direction: 'long', type: 'market', lots: 1, leverage: 1 } as const

describe('the 60-second rule (outbox guard)', () => {
  it('holds only a market order older than the reconfirm time', () => {
    const base = { key: 'k', seq: 1, kind: 'order.create', path: '/order/create', account: 'a', state: 'queued', leaseUntil: 0, attempts: 0, nextAttemptAt: 0 } as const
    const now = 1_000_000
    expect(staleMarketOrder({ ...base, body: { type: 'market' }, createdAt: now - MINUTE }, now)).toBeUndefined()
    expect(staleMarketOrder({ ...base, body: { type: 'market' }, createdAt: now - MINUTE - 1 }, now)).toMatchObject({
      code: 'market_order_stale',
      params: { createdAt: now - MINUTE - 1 },
    })
    expect(staleMarketOrder({ ...base, body: { type: 'limit' }, createdAt: now - 10 * MINUTE }, now)).toBeUndefined()
    // Confirmed: counted from the confirmation.
    expect(staleMarketOrder({ ...base, body: { type: 'market' }, createdAt: now - 10 * MINUTE, confirmedAt: now - 1000 }, now)).toBeUndefined()
  })

  it('holds a stale market order instead of sending it, lets later items pass, and sends it once after confirmation', async () => {
    await Promise.all([grant(server, account, 100_000_000), verify(server, account)])
    const stale = await queuedOrder({ ...market }, MINUTE + 1000)
    const later = await signInToday()
    await replayOutbox({ ignoreBackoff: true })

    const held = await row(stale.key)
    expect(held).toMatchObject({ state: 'held', error: { code: 'market_order_stale', params: { createdAt: stale.createdAt } } })
    expect(sent('/order/create')).toBe(0)
    expect(events).toContainEqual(expect.objectContaining({ type: 'refusal', code: 'market_order_stale' }))
    // The held order does not stop the line.
    expect((await row(later.key))?.state).toBe('done')

    // Replays leave it held.
    await replayOutbox({ ignoreBackoff: true })
    expect((await row(stale.key))?.state).toBe('held')
    expect(sent('/order/create')).toBe(0)

    expect(await confirmHeldOrder(stale.key)).toBe(true)
    await replayOutbox({ ignoreBackoff: true })
    const done = await row(stale.key)
    expect(done).toMatchObject({ key: stale.key, state: 'done', reply: { symbol: 'RELIANCE', type: 'market' } })
    expect(done?.error).toBeUndefined()
    expect(sent('/order/create')).toBe(1)
    expect(await confirmHeldOrder(stale.key)).toBe(false)
    // The effect put the order and the refreshed list into Dexie.
    const order = done!.reply as OrderDto
    expect(await db.orders.get(order.id)).toMatchObject({ account, symbol: 'RELIANCE' })
  })

  it('sends a limit order however long it waited', async () => {
    await Promise.all([grant(server, account, 100_000_000), verify(server, account)])
    const quote = (await server.t.call('/stock/detail', { symbol: 'RELIANCE' })).body.data as { quote: { price: number } }
    const limit = await queuedOrder({ ...market, type: 'limit', price: quote.quote.price }, 10 * MINUTE)
    await replayOutbox({ ignoreBackoff: true })
    expect((await row(limit.key))?.state).toBe('done')
  })

  it('discards a held order so it is never sent', async () => {
    const stale = await queuedOrder({ ...market }, 2 * MINUTE)
    await replayOutbox({ ignoreBackoff: true })
    expect((await row(stale.key))?.state).toBe('held')
    expect(await discard(stale.key)).toBe(true)
    expect(await confirmHeld(stale.key)).toBe(false)
    await replayOutbox({ ignoreBackoff: true })
    expect(sent('/order/create')).toBe(0)
  })
})

describe('discarding a held order that may have been sent', () => {
  /** A market order sent once with `mode` on the proxy (its reply lost, or never arriving), then held. */
  async function sentThenHeld(mode: 'drop-reply' | 'down'): Promise<OutboxItem> {
    const item = await queuedOrder({ ...market }, 0)
    server.proxy.setMode(mode)
    await replayOutbox({ ignoreBackoff: true })
    server.proxy.setMode('pass')
    expect(await row(item.key)).toMatchObject({ state: 'queued', attempts: 1 })
    await db.outbox.update(item.key, { createdAt: Date.now() - 2 * MINUTE })
    await replayOutbox({ ignoreBackoff: true })
    expect((await row(item.key))?.state).toBe('held')
    return item
  }

  const serverOrderCount = async () =>
    ((await server.t.call('/order/list', { status: 'all' }, { headers: await server.t.login(account, password) })).body.data as { data: unknown[] }).data.length

  it('finds it was placed when its reply was lost: the order is recorded once, not discarded', async () => {
    await Promise.all([grant(server, account, 100_000_000), verify(server, account)])
    const item = await sentThenHeld('drop-reply')
    expect(await discardHeldOrder(item.key)).toBe('placed')
    await replayOutbox({ ignoreBackoff: true })
    const done = await row(item.key)
    expect(done).toMatchObject({ state: 'done', reply: { symbol: 'RELIANCE' } })
    expect(await db.orders.get((done!.reply as OrderDto).id)).toBeDefined()
    expect(await serverOrderCount()).toBe(1)
  })

  it('withdraws it when it never arrived, so a late arrival does nothing', async () => {
    await Promise.all([grant(server, account, 100_000_000), verify(server, account)])
    const item = await sentThenHeld('down')
    expect(await discardHeldOrder(item.key)).toBe('discarded')
    expect(await row(item.key)).toBeUndefined()
    await expect(call(item.path, item.body, { idempotencyKey: item.key, silent: true })).rejects.toMatchObject({ code: 'request_withdrawn' })
    expect(await serverOrderCount()).toBe(0)
  })

  it('discards it when it arrived and was refused (no funds): nothing was placed', async () => {
    const item = await sentThenHeld('drop-reply')
    expect(await discardHeldOrder(item.key)).toBe('discarded')
    expect(await row(item.key)).toBeUndefined()
    expect(await serverOrderCount()).toBe(0)
  })

  it('keeps it held offline: whether it was placed needs the server', async () => {
    const item = await sentThenHeld('down')
    server.proxy.setMode('down')
    await expect(discardHeldOrder(item.key)).rejects.toBeInstanceOf(NetworkError)
    expect((await row(item.key))?.state).toBe('held')
  })
})

describe('orders through the outbox', () => {
  it('places an order offline and sends it exactly once when back, even after a lost reply', async () => {
    await Promise.all([grant(server, account, 100_000_000), verify(server, account)])
    server.proxy.setMode('down')
    const item = await placeOrder({ ...market })
    expect(item).toMatchObject({ kind: 'order.create', state: 'queued', body: { symbol: 'RELIANCE', type: 'market', lots: 1, leverage: 1 } })
    await replayOutbox()
    expect((await row(item.key))?.state).toBe('queued')

    server.proxy.setMode('drop-reply')
    await replayOutbox({ ignoreBackoff: true })
    expect((await row(item.key))?.state).toBe('queued')

    server.proxy.setMode('pass')
    await replayOutbox({ ignoreBackoff: true })
    expect(await row(item.key)).toMatchObject({ state: 'done', reply: { symbol: 'RELIANCE' } })
    // One order on the server, whatever reached it twice.
    await refreshOrders()
    const mine = await db.orders.where('account').equals(account).toArray()
    expect(mine).toHaveLength(1)
    expect(mine[0]).toMatchObject({ symbol: 'RELIANCE', direction: 'long', type: 'market', lots: 1 })
    expect(await syncedAt(ordersKey(account))).toBeTypeOf('number')
    // Balances came back with the effect.
    expect((await db.user.get(account))?.balances.available).toBeLessThan(100_000_000)
    // The fund records show the grant and the order's entry, newest first.
    await refreshFundRecords()
    const records = await fundRecordsQuery(account).toArray()
    expect(records.map((r) => r.reason)).toContain('demo_grant')
    expect(records.length).toBeGreaterThanOrEqual(2)
    expect(records[0]!.reason).not.toBe('demo_grant')
    expect(await syncedAt(fundRecordsKey(account))).toBeTypeOf('number')
  })

  it('cancels a pending limit order', async () => {
    await Promise.all([grant(server, account, 100_000_000), verify(server, account)])
    const detail = (await server.t.call('/stock/detail', { symbol: 'TCS' })).body.data as { band: { min: number }; quote: { price: number } }
    // At the band's lower edge, below the price: it rests as pending.
    const placed = await placeOrder({ symbol: 'TCS', direction: 'long', type: 'limit', price: detail.band.min, lots: 1, leverage: 1 })
    await replayOutbox({ ignoreBackoff: true })
    const order = (await row(placed.key))?.reply as OrderDto
    expect(order).toMatchObject({ status: 'pending', limitPrice: detail.band.min })
    const cancel = await cancelOrder(order.id)
    await replayOutbox({ ignoreBackoff: true })
    expect(await row(cancel.key)).toMatchObject({ state: 'done', reply: { id: order.id, status: 'cancelled' } })
    expect(await db.orders.get(order.id)).toMatchObject({ status: 'cancelled' })
  })

  it('records a refusal as a failed item with its code', async () => {
    const item = await placeOrder({ ...market, symbol: 'NOSUCH' })
    await replayOutbox({ ignoreBackoff: true })
    expect(await row(item.key)).toMatchObject({ state: 'failed', error: { code: 'symbol_unknown', params: { symbol: 'NOSUCH' } } })
  })

  it('replaces the stored orders with the list, but keeps a reply written after the list was asked for', async () => {
    await db.orders.put({ account, id: 999_997 } as never)
    // A row a mutation's reply wrote while the list was on its way: newer than the list.
    await db.orders.put({ account, id: 999_998, repliedAt: Date.now() + 60_000 } as never)
    await refreshOrders()
    expect(await db.orders.get(999_997)).toBeUndefined()
    expect(await db.orders.get(999_998)).toBeDefined()
  })

  it('keeps the stored orders offline', async () => {
    await db.orders.put({ account, id: 999_999 } as never)
    server.proxy.setMode('down')
    await expect(refreshOrders()).resolves.toBeUndefined()
    expect(await db.orders.get(999_999)).toBeDefined()
  })
})
