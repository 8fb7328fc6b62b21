import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DomainRefusal } from '../../../server/http/refusal'
import { type ActiveClaim, commitGroup } from '../../../server/plugins/idempotency'
import { insertClaim } from '../../../server/plugins/idempotency-repository'
import { driftedBalances } from '../../../server/ledger/repository'
import { type OrderDto } from '../../../src/lib/trade'
import { createClock, createTestApp, type Reply, type TestApp } from '../helpers'
import { available, create, expectBooksWhole, grant, orderOf, trader, type Trader } from './support'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ clock: createClock('2026-01-12T05:00:00Z') })
})
afterAll(() => t.close())

describe('orders placed together (group commit)', () => {
  it('gives every request its own order, entry and stored reply, and each refusal to its own request', async () => {
    const rich: Trader[] = []
    for (let i = 0; i < 4; i++) rich.push(await trader(t, `974000000${i}`, 1_000_000_000))
    const poor = await trader(t, '9740000009', 0)
    const cost = orderOf(await create(t, rich[0]!, { symbol: 'ITC' }))
    const debit = cost.margin + cost.fee + cost.stampDuty
    await grant(t, poor.userId, debit + Math.floor(debit / 2)) // one order, not two

    const keys = Array.from({ length: 24 }, () => randomUUID())
    const who = (i: number) => (i % 6 === 5 ? poor : rich[i % 4]!)
    const send = (i: number) =>
      t.call('/order/create', { symbol: 'ITC', direction: 'long', type: 'market', lots: 1, leverage: 1 }, { headers: who(i).headers, key: keys[i]! })
    const replies = await Promise.all(keys.map((_, i) => send(i)))

    const poorReplies = replies.filter((_, i) => who(i) === poor)
    expect(poorReplies.filter((r) => r.body.status === 1)).toHaveLength(1)
    for (const r of poorReplies.filter((r) => r.body.status === 0)) expect(r.body.code).toBe('insufficient_balance')
    const richReplies = replies.filter((_, i) => who(i) !== poor)
    expect(richReplies.every((r) => r.body.status === 1)).toBe(true)
    const ids = replies.filter((r) => r.body.status === 1).map((r) => (r.body.data as OrderDto).id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const r of replies) if (r.body.status === 1) expect((r.body.data as OrderDto).orderNo).toMatch(/^T\d{10}$/)

    // Each order has exactly one opening entry with its own order number.
    const entries = await t.database.db
      .selectFrom('ledger_entries')
      .select(['reference', sql<number>`count(*)::bigint`.as('n')])
      .where('reference', 'in', replies.filter((r) => r.body.status === 1).map((r) => (r.body.data as OrderDto).orderNo))
      .groupBy('reference')
      .execute()
    expect(entries).toHaveLength(ids.length)
    expect(entries.every((e) => e.n === 1)).toBe(true)
    expect(await available(t, poor)).toBe(Math.floor(debit / 2))

    // Every request's reply, success or refusal, replays byte for byte with its own key.
    const again = await Promise.all(keys.map((_, i) => send(i)))
    again.forEach((r: Reply, i) => {
      expect(r.headers['idempotent-replayed']).toBe('true')
      expect(r.raw).toBe(replies[i]!.raw)
    })
    // Each reply is its stored order: read back, the rows make the same orders.
    const byId = (a: OrderDto, b: OrderDto) => a.id - b.id
    for (const r of rich) {
      const placed = replies.filter((reply, i) => who(i) === r && reply.body.status === 1).map((reply) => reply.body.data as OrderDto)
      const listed = (await t.call('/order/list', { status: 'all', size: 50 }, { headers: r.headers })).body.data as { data: OrderDto[] }
      expect(placed.length).toBeGreaterThan(0)
      expect(listed.data.filter((o) => placed.some((p) => p.id === o.id)).sort(byId)).toEqual(placed.sort(byId))
    }
    await expectBooksWhole(t)
    // The kept balances the order path reads are the sums of the legs.
    expect(await driftedBalances(t.database.db)).toEqual([])
  })
})

describe('requests with one key arriving together', () => {
  it('place one order: only one request writes the key with its order, the others replay it or are told it is in flight', async () => {
    const who = await trader(t, '9740000010', 1_000_000_000)
    const key = randomUUID()
    const body = { symbol: 'ITC', direction: 'long', type: 'market', lots: 1, leverage: 1 }
    const replies = await Promise.all(Array.from({ length: 6 }, () => t.call('/order/create', body, { headers: who.headers, key })))
    const placed = replies.filter((r) => r.statusCode === 200 && r.body.status === 1)
    expect(placed.length).toBeGreaterThanOrEqual(1)
    for (const r of replies) expect([200, 409]).toContain(r.statusCode)
    expect(new Set(placed.map((r) => (r.body.data as OrderDto).id)).size).toBe(1)
    const orders = await t.database.db.selectFrom('orders').select('id').where('user_id', '=', who.userId).execute()
    expect(orders).toHaveLength(1)
  })
})

describe('commitGroup', () => {
  const claimFor = async (scope: string): Promise<ActiveClaim> => {
    const now = t.clock.now()
    const claim = { scope, key: randomUUID(), leaseId: randomUUID() }
    expect(await insertClaim(t.database.db, { ...claim, requestHash: 'h', leaseUntil: now + 60_000, now, expiresAt: now + 3_600_000 })).toBe(true)
    return claim
  }
  const stateOf = async (claim: ActiveClaim) =>
    (await t.database.db.selectFrom('idempotency_keys').select(['state', 'reply_body']).where('scope', '=', claim.scope).where('key', '=', claim.key).executeTakeFirstOrThrow())

  it('runs the members of a failed batch one by one, so only the failing one fails', async () => {
    await sql`create table if not exists group_commit_probe (v text primary key)`.execute(t.database.db)
    const batches: string[][] = []
    const group = commitGroup<string>(t.database.db, async (trx, inputs) => {
      batches.push([...inputs])
      const out: unknown[] = []
      for (const v of inputs) {
        if (v === 'refused') {
          out.push(new DomainRefusal('amount_invalid', {}, 'refused'))
          continue
        }
        if (v === 'broken') throw new Error('broken input')
        await sql`insert into group_commit_probe (v) values (${v})`.execute(trx)
        out.push({ v })
      }
      return out
    })
    const inputs = ['a', 'refused', 'broken', 'b']
    const claims = await Promise.all(inputs.map((v) => claimFor(`test:${v}`)))
    const results = await Promise.allSettled(inputs.map((v, i) => group.submit(claims[i]!, v)))

    expect(batches[0]).toEqual(inputs) // one batch first, which failed, then each alone
    expect(batches.slice(1)).toEqual(inputs.map((v) => [v]))
    expect(results[0]).toMatchObject({ status: 'fulfilled', value: { stored: { statusCode: 200 } } })
    expect(results[3]).toMatchObject({ status: 'fulfilled' })
    expect(results[1]).toMatchObject({ status: 'rejected', reason: { code: 'amount_invalid' } })
    expect(results[2]).toMatchObject({ status: 'rejected', reason: { message: 'broken input' } })
    const rows = await sql<{ v: string }>`select v from group_commit_probe order by v`.execute(t.database.db)
    expect(rows.rows.map((r) => r.v)).toEqual(['a', 'b'])
    expect(await stateOf(claims[0]!)).toMatchObject({ state: 'done', reply_body: JSON.stringify({ status: 1, msg: 'ok', data: { v: 'a' } }) })
    // The refusal's reply is stored by runIdempotent; the broken one's key stays claimed until released.
    expect((await stateOf(claims[1]!)).state).toBe('in_flight')
    expect((await stateOf(claims[2]!)).state).toBe('in_flight')
  })

  it('stores a batch of replies in one transaction with the effects, refusals aside', async () => {
    const batches: number[] = []
    const group = commitGroup<number>(t.database.db, async (_trx, inputs) => {
      batches.push(inputs.length)
      return inputs.map((n) => (n % 3 === 0 ? new DomainRefusal('order_not_found', { id: n }, 'refused') : { n }))
    })
    const claims = await Promise.all(Array.from({ length: 9 }, (_, i) => claimFor(`test:batch:${i}`)))
    const results = await Promise.allSettled(claims.map((c, i) => group.submit(c, i)))
    expect(batches).toEqual([9])
    results.forEach((r, i) => expect(r.status).toBe(i % 3 === 0 ? 'rejected' : 'fulfilled'))
    for (const [i, c] of claims.entries()) expect((await stateOf(c)).state).toBe(i % 3 === 0 ? 'in_flight' : 'done')
  })
  it('writes up to `concurrency` batches at once; requests arriving while all are busy go together when one ends', async () => {
    const deferred = () => {
      let resolve!: () => void
      const promise = new Promise<void>((r) => (resolve = r))
      return { promise, resolve }
    }
    const entered = [deferred(), deferred(), deferred()]
    const gates = [deferred(), deferred(), deferred()]
    const sizes: number[] = []
    const group = commitGroup<number>(
      t.database.db,
      async (_trx, inputs) => {
        const n = sizes.push(inputs.length) - 1
        entered[n]!.resolve()
        await gates[n]!.promise
        return inputs.map((i) => ({ i }))
      },
      { concurrency: 2 },
    )
    const claims = await Promise.all(Array.from({ length: 10 }, (_, i) => claimFor(`test:concurrent:${i}`)))
    const results = [group.submit(claims[0]!, 0)]
    await entered[0]!.promise // the first batch is being written
    for (let i = 1; i < 6; i++) results.push(group.submit(claims[i]!, i))
    await new Promise((r) => setImmediate(r)) // the second goes out beside it (PostgreSQL runs both; PGlite queues it)
    for (let i = 6; i < 10; i++) results.push(group.submit(claims[i]!, i))
    gates.forEach((g) => g.resolve())
    const settled = await Promise.allSettled(results)
    expect(settled.every((r) => r.status === 'fulfilled')).toBe(true)
    expect([...sizes].sort((a, b) => a - b)).toEqual([1, 4, 5])
    for (const [i, c] of claims.entries()) expect(await stateOf(c)).toMatchObject({ state: 'done', reply_body: JSON.stringify({ status: 1, msg: 'ok', data: { i } }) })
  })
})
