import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClock, createTestApp, type TestApp } from '../helpers'
import { cancel, create, detail, orderOf, trader, type Trader } from '../trade/support'

let t: TestApp
let a: Trader
let b: Trader
beforeAll(async () => {
  t = await createTestApp({ clock: createClock('2026-01-10T06:00:00Z') })
  a = await trader(t, '9750000001', 100_000_000)
  b = await trader(t, '9750000002', 50_000_000)
})
afterAll(() => t.close())

type Record = { id: number; reason: string; reference: string | null; createdAt: number; currency: string; available: number; frozen: number }
const records = async (who: Trader, body: object = {}) => (await t.call('/fund/records', body, { headers: who.headers })).body.data as { data: Record[]; total: number }

describe('POST /fund/records', () => {
  it('lists every entry with what it did to available and frozen, newest first', async () => {
    const market = orderOf(await create(t, a, { symbol: 'ITC' }))
    const { band } = await detail(t, 'ITC')
    const pending = orderOf(await create(t, a, { symbol: 'ITC', type: 'limit', price: band!.min }))
    orderOf(await cancel(t, a, pending.id))
    const frozen = pending.margin + pending.fee + pending.stampDuty
    const { data, total } = await records(a)
    expect(total).toBe(4)
    expect(data.map(({ reason, reference, available, frozen: f, currency }) => ({ reason, reference, available, frozen: f, currency }))).toEqual([
      { reason: 'order_unfreeze', reference: pending.orderNo, available: frozen, frozen: -frozen, currency: 'INR' },
      { reason: 'order_freeze', reference: pending.orderNo, available: -frozen, frozen, currency: 'INR' },
      { reason: 'position_open', reference: market.orderNo, available: -(market.margin + market.fee + market.stampDuty), frozen: 0, currency: 'INR' },
      { reason: 'demo_grant', reference: 'test', available: 100_000_000, frozen: 0, currency: 'INR' },
    ])
  })

  it('narrows to trading entries and pages', async () => {
    expect((await records(a, { kind: 'trade' })).total).toBe(3)
    const page = await records(a, { page: 2, size: 3 })
    expect(page).toMatchObject({ total: 4, data: [{ reason: 'demo_grant' }] })
  })

  it("shows a user only their own entries", async () => {
    const { data, total } = await records(b)
    expect(total).toBe(1)
    expect(data[0]).toMatchObject({ reason: 'demo_grant', available: 50_000_000 })
  })

  it('needs a session', async () => {
    expect((await t.call('/fund/records', {})).statusCode).toBe(401)
  })
})
