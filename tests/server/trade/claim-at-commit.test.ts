/**
 * /order/create writes its Idempotency-Key with the order (claimAtCommit, plugins/idempotency.ts)
 * instead of claiming it before the handler: every answer an ordinary key gives still holds, one
 * effect per key, and a batch with a taken key among fresh ones places the fresh ones.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requestFingerprint } from '../../../server/plugins/idempotency-fingerprint'
import { insertClaim } from '../../../server/plugins/idempotency-repository'
import { type OrderDto } from '../../../src/lib/trade'
import { createClock, createTestApp, type Reply, type TestApp } from '../helpers'
import { available, expectBooksWhole, grant, orderOf, trader, type Trader } from './support'

let t: TestApp
let rich: Trader
beforeAll(async () => {
  // Monday 10:30 India time: the market is open.
  t = await createTestApp({ clock: createClock('2026-01-12T05:00:00Z') })
  rich = await trader(t, '9740100001', 1_000_000_000)
})
afterAll(() => t.close())

const ORDER = { symbol: 'ITC', direction: 'long', type: 'market', lots: 1, leverage: 1 } as const
const place = (who: Trader, key: string, body: object = ORDER, extra: Record<string, string> = {}) =>
  t.call('/order/create', body, { headers: { ...who.headers, ...extra }, key })
const ordersOf = async (who: Trader) => (await t.database.db.selectFrom('orders').select('id').where('user_id', '=', who.userId).execute()).length
const keyRow = (who: Trader, key: string) =>
  t.database.db.selectFrom('idempotency_keys').selectAll().where('scope', '=', `user:${who.userId}`).where('key', '=', key).executeTakeFirst()

describe('an order whose key is written with it', () => {
  it('stores the key as done with the reply, and replays it byte for byte', async () => {
    const before = await ordersOf(rich)
    const key = randomUUID()
    const first = await place(rich, key)
    orderOf(first)
    expect(first.headers['idempotent-replayed']).toBeUndefined()
    expect(await keyRow(rich, key)).toMatchObject({ state: 'done', status_code: 200, reply_body: first.raw, lease_id: null })
    const again = await place(rich, key)
    expect(again.raw).toBe(first.raw)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(await ordersOf(rich)).toBe(before + 1)
  })

  it('stores a refusal too: the retry after a deposit still gets it and places nothing', async () => {
    const poor = await trader(t, '9740100002', 0)
    const key = randomUUID()
    const refused = await place(poor, key)
    expect(refused.body).toMatchObject({ status: 0, code: 'insufficient_balance' })
    await grant(t, poor.userId, 1_000_000_000)
    const again = await place(poor, key)
    expect(again.raw).toBe(refused.raw)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(await ordersOf(poor)).toBe(0)
    expect(await available(t, poor)).toBe(1_000_000_000)
  })

  it('refuses the key with another body (422) and places nothing for it', async () => {
    const before = await ordersOf(rich)
    const key = randomUUID()
    orderOf(await place(rich, key))
    const other = await place(rich, key, { ...ORDER, lots: 2 })
    expect(other.statusCode).toBe(422)
    expect(other.body).toMatchObject({ status: 0, code: 'idempotency_key_reused' })
    expect(await ordersOf(rich)).toBe(before + 1)
  })

  it('answers 409 while another request holds the key, and takes over a dead claim', async () => {
    const before = await ordersOf(rich)
    const key = randomUUID()
    const now = t.clock.now()
    // What a request that crashed mid-way leaves behind: a claim whose lease runs on.
    await insertClaim(t.database.db, {
      scope: `user:${rich.userId}`,
      key,
      requestHash: requestFingerprint('POST', '/api/vue/order/create', ORDER),
      leaseId: 'crashed-request',
      leaseUntil: now + t.config.idempotencyLeaseSeconds * 1000,
      now,
      expiresAt: now + t.config.idempotencyTtlSeconds * 1000,
    })
    const busy = await place(rich, key)
    expect(busy.statusCode).toBe(409)
    expect(busy.body).toMatchObject({ status: 0, code: 'request_in_flight' })
    expect(await ordersOf(rich)).toBe(before)

    t.clock.advance(t.config.idempotencyLeaseSeconds * 1000)
    const takeover = await place(rich, key)
    orderOf(takeover)
    expect(await keyRow(rich, key)).toMatchObject({ state: 'done', reply_body: takeover.raw })
    expect(await ordersOf(rich)).toBe(before + 1)
    expect((await place(rich, key)).raw).toBe(takeover.raw)
  })

  it('is withdrawn before it arrives: the late order gets the refusal and places nothing; a placed one answers the withdrawal', async () => {
    const before = await ordersOf(rich)
    const withdraw = { 'idempotency-withdraw': '1' }
    const key = randomUUID()
    const withdrawn = await place(rich, key, ORDER, withdraw)
    expect(withdrawn.body).toMatchObject({ status: 0, code: 'request_withdrawn' })
    const late = await place(rich, key)
    expect(late.raw).toBe(withdrawn.raw)
    expect(await ordersOf(rich)).toBe(before)

    const placedKey = randomUUID()
    const placed = await place(rich, placedKey)
    orderOf(placed)
    expect((await place(rich, placedKey, ORDER, withdraw)).raw).toBe(placed.raw)
    expect(await ordersOf(rich)).toBe(before + 1)
  })

  it('places every fresh order of a batch that also holds a replayed key and a key sent twice', async () => {
    const traders = [rich, await trader(t, '9740100003', 1_000_000_000), await trader(t, '9740100004', 1_000_000_000)]
    const before = await Promise.all(traders.map(ordersOf))
    const doneKey = randomUUID()
    const done = await place(traders[0]!, doneKey)
    orderOf(done)
    const twiceKey = randomUUID()
    const fresh = Array.from({ length: 9 }, (_, i) => ({ who: traders[i % 3]!, key: randomUUID() }))
    // Sent together, so they are written in one batch (group commit) as far as the loop allows.
    const sends: { who: Trader; key: string }[] = [...fresh.slice(0, 4), { who: traders[0]!, key: doneKey }, { who: traders[1]!, key: twiceKey }, ...fresh.slice(4), { who: traders[1]!, key: twiceKey }]
    const replies: Reply[] = await Promise.all(sends.map((s) => place(s.who, s.key)))

    const byKey = (key: string) => replies.filter((_, i) => sends[i]!.key === key)
    expect(byKey(doneKey)[0]!.raw).toBe(done.raw)
    expect(byKey(doneKey)[0]!.headers['idempotent-replayed']).toBe('true')
    for (const f of fresh) {
      const [reply] = byKey(f.key)
      expect(orderOf(reply!).orderNo).toMatch(/^T\d{10}$/)
      expect(reply!.headers['idempotent-replayed']).toBeUndefined()
    }
    // One order for the key sent twice: the other request replays it, or is told it is in flight.
    const twice = byKey(twiceKey)
    const placedTwice = twice.filter((r) => r.body.status === 1)
    expect(placedTwice.length).toBeGreaterThanOrEqual(1)
    expect(new Set(placedTwice.map((r) => (r.body.data as OrderDto).id)).size).toBe(1)
    for (const r of twice) expect([200, 409]).toContain(r.statusCode)

    const after = await Promise.all(traders.map(ordersOf))
    // traders[0]: the done key's order and 3 fresh; traders[1]: 3 fresh and the key sent twice; traders[2]: 3 fresh.
    expect(after.map((n, i) => n - before[i]!)).toEqual([4, 4, 3])
    await expectBooksWhole(t)
  })
})
