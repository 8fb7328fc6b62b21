/**
 * Placements (issue 10): a fixed block at a fixed price, a tier's minimum amount, no retail cap,
 * allotted in proportion to the lots (so the amount) applied, the remainder by draw order
 * (src/contract/draw.ts step 9), and published with that basis so anyone can re-run it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { minLotsForAmount } from '../../../server/ipo/rules'
import { verifyDraw, type DrawPublication } from '../../../src/contract/draw'
import { type IpoDraw, type IpoIssue } from '../../../src/contract/replies'
import { createTestApp, type TestApp } from '../helpers'
import { applicant, createIssue, drawIssue } from './fixtures'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('placements', () => {
  it('turns a tier minimum into whole lots, rounded up', () => {
    expect(minLotsForAmount(500_000, { lot_size: 10, price: 10_000 })).toBe(5)
    expect(minLotsForAmount(500_001, { lot_size: 10, price: 10_000 })).toBe(6)
    expect(minLotsForAmount(1, { lot_size: 10, price: 10_000 })).toBe(1)
  })

  it('lists apart from IPOs, with its tier minimum, and takes applications above the retail cap', async () => {
    // 50 lots of ₹10,000 shares: ₹50,00,000 at most, far above the ₹2,00,000 retail cap.
    const placement = await createIssue(t.database.db, { at: t.clock.now(), kind: 'placement', min_amount: 500_000, min_lots: 5, retail_shares: 500, lot_size: 10, price: 1_000_000 })
    const ipo = await createIssue(t.database.db, { at: t.clock.now() })
    const placements = (await t.call('/newStock/list', { kind: 'placement' }, { headers: (await applicant(t, 0)).headers })).body.data as { data: IpoIssue[] }
    expect(placements.data.map((i) => i.id)).toEqual([placement.id])
    expect(placements.data[0]).toMatchObject({ kind: 'placement', minAmount: 500_000, minLots: 5, maxLots: 50, allottableLots: 50 })
    const ipos = (await t.call('/newStock/list', {}, { headers: (await applicant(t, 0)).headers })).body.data as { data: IpoIssue[] }
    expect(ipos.data.map((i) => i.id)).toContain(ipo.id)
    expect(ipos.data.map((i) => i.id)).not.toContain(placement.id)

    const big = (await applicant(t, 500_000_000)).headers
    const below = await t.call('/newStock/subscribe', { id: placement.id, lots: 4 }, { headers: big, key: true })
    expect(below.body).toMatchObject({ status: 0, code: 'ipo_lots_invalid', params: { min: 5, max: 50 } })
    const above = await t.call('/newStock/subscribe', { id: placement.id, lots: 30 }, { headers: big, key: true })
    expect(above.body).toMatchObject({ status: 1, data: { lots: 30, amount: 300_000_000 } })
  })

  it('allots in proportion to the amount applied and publishes the proportional basis', async () => {
    const placement = await createIssue(t.database.db, { at: t.clock.now(), kind: 'placement', min_amount: 100_000, min_lots: 1, retail_shares: 100, lot_size: 10, price: 10_000 })
    // 10 lots offered; 5 + 10 + 5 = 20 asked: half each, whole lots.
    for (const lots of [5, 10, 5]) {
      const res = await t.call('/newStock/subscribe', { id: placement.id, lots }, { headers: (await applicant(t, 1_000_000)).headers, key: true })
      expect(res.body.status, JSON.stringify(res.body)).toBe(1)
    }
    await drawIssue(t.database.db, placement.id, t.clock.now())
    const draw = (await t.call('/newStock/draw', { id: placement.id })).body.data as IpoDraw
    expect(draw.basis).toBe('proportional')
    const byAsk = new Map(draw.applications.map((a) => [a.ref, a.lots]))
    // 10 lots for 20 asked: floor(10 x ask / 20) each (2, 5, 2), and the one lot left to the first in draw order.
    for (const r of draw.result) expect(r.lots).toBe(Math.floor((10 * byAsk.get(r.ref)!) / 20) + (r.rank === 1 ? 1 : 0))
    expect(draw.result.reduce((sum, r) => sum + r.lots, 0)).toBe(10)
    const check = verifyDraw({ ...(draw as Omit<IpoDraw, 'seed' | 'digest'>), seed: draw.seed!, digest: draw.digest!, minLots: draw.minLot } satisfies DrawPublication, draw.result)
    expect(check).toMatchObject({ commitmentMatches: true, digestMatches: true, mismatches: [] })
  })
})
