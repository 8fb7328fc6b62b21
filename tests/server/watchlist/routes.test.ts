import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClock, createTestApp, type TestApp } from '../helpers'
import { trader, type Trader } from '../trade/support'

let t: TestApp
let a: Trader
let b: Trader
beforeAll(async () => {
  t = await createTestApp({ clock: createClock('2026-01-10T06:00:00Z') })
  a = await trader(t, '9740000001', 0)
  b = await trader(t, '9740000002', 0)
})
afterAll(() => t.close())

type Watched = { symbol: string; kind: string; price: number; addedAt: number; lotUnits?: number; tickSize: number }
const list = async (who: Trader, body: object = {}) => ((await t.call('/user/Optionallist', body, { headers: who.headers })).body.data as { data: Watched[] }).data

describe('watchlist', () => {
  it('adds symbols, newest first, with their live quotes and trading units', async () => {
    expect((await t.call('/user/addOptional', { symbol: 'ITC' }, { headers: a.headers, key: true })).body).toEqual({ status: 1, msg: 'ok', data: {} })
    t.clock.advance(1000)
    await t.call('/user/addOptional', { symbol: 'BTCINR' }, { headers: a.headers, key: true })
    t.clock.advance(1000)
    await t.call('/user/addOptional', { symbol: 'NIFTY50' }, { headers: a.headers, key: true })
    const rows = await list(a)
    expect(rows.map((r) => r.symbol)).toEqual(['NIFTY50', 'BTCINR', 'ITC'])
    expect(rows[2]).toMatchObject({ symbol: 'ITC', kind: 'stock', lotUnits: 100, addedAt: t.clock.now() - 2000 })
    expect(rows[2]!.price).toBeGreaterThan(0)
    expect(rows[0]!.lotUnits).toBeUndefined()
    expect((await list(a, { type: 'crypto' })).map((r) => r.symbol)).toEqual(['BTCINR'])
  })

  it("answers the original app's {type} sent as a number or another string with the whole list", async () => {
    const all = (await list(a)).map((r) => r.symbol)
    expect(all).toEqual(['NIFTY50', 'BTCINR', 'ITC'])
    for (const type of [1, 0, '1', 'all']) expect((await list(a, { type })).map((r) => r.symbol), `type ${type}`).toEqual(all)
    expect((await list(a, { type: 'index' })).map((r) => r.symbol)).toEqual(['NIFTY50'])
    // Still no coercion of other types: a boolean or an object is a 400.
    for (const type of [true, {}, null]) expect((await t.call('/user/Optionallist', { type }, { headers: a.headers })).statusCode).toBe(400)
  })

  it('treats adding twice and removing what is absent as success', async () => {
    const again = await t.call('/user/addOptional', { symbol: 'ITC' }, { headers: a.headers, key: true })
    expect(again.body.status).toBe(1)
    expect((await list(a)).filter((r) => r.symbol === 'ITC')).toHaveLength(1)
    expect((await t.call('/user/delOptional', { symbol: 'ITC' }, { headers: a.headers, key: true })).body.status).toBe(1)
    expect((await t.call('/user/delOptional', { symbol: 'ITC' }, { headers: a.headers, key: true })).body.status).toBe(1)
    expect((await list(a)).map((r) => r.symbol)).toEqual(['NIFTY50', 'BTCINR'])
  })

  it('refuses an unknown symbol', async () => {
    const res = await t.call('/user/addOptional', { symbol: 'NOPE' }, { headers: a.headers, key: true })
    expect(res.body).toMatchObject({ status: 0, code: 'symbol_unknown', params: { symbol: 'NOPE' } })
  })

  it("keeps each user's list apart", async () => {
    expect(await list(b)).toEqual([])
    await t.call('/user/addOptional', { symbol: 'TCS' }, { headers: b.headers, key: true })
    await t.call('/user/delOptional', { symbol: 'BTCINR' }, { headers: b.headers, key: true })
    expect((await list(b)).map((r) => r.symbol)).toEqual(['TCS'])
    expect((await list(a)).map((r) => r.symbol)).toEqual(['NIFTY50', 'BTCINR'])
  })

  it('needs a session and an idempotency key', async () => {
    expect((await t.call('/user/Optionallist', {})).statusCode).toBe(401)
    expect((await t.call('/user/addOptional', { symbol: 'ITC' }, { headers: a.headers })).statusCode).toBe(400)
  })
})
