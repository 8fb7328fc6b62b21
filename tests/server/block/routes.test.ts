/**
 * The block routes (issue 11) on a real database: the seed's refusals each through /block/apply
 * (closed, below the minimum shares, below the minimum amount) and the others in their order, an
 * application freezing exactly amount + fee as a buy order's, one user's 200 simultaneous
 * applications filing one application and one freeze, the list, detail and records, and the
 * public draw.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { balancesOf, entriesOfUser } from '../../../server/ledger/repository'
import { type BlockApplication, type BlockOffering, type IpoDraw } from '../../../src/contract/replies'
import { createTestApp, type TestApp } from '../helpers'
import { applicant } from '../ipo/fixtures'
import { HOUR, createOffering } from './fixtures'

let t: TestApp
type Who = { userId: number; headers: Record<string, string> }

const apply = (who: Who, id: number, shares: number, key: string | true = true) => t.call('/block/apply', { id, shares }, { headers: who.headers, key })
const applicationOf = (res: { body: { data?: unknown } }) => res.body.data as BlockApplication

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('POST /block/apply', () => {
  it('files an application and freezes amount + handling fee + stamp duty, as one ledger entry', async () => {
    const o = await createOffering(t.database.db, { at: t.clock.now() })
    const who = await applicant(t, 50_000_000)
    const res = await apply(who, o.id, 200)
    // 200 x Rs 980 = 19,600,000 paise; fee 0.03 % = 5,880; duty 0.015 % = 2,940
    expect(res.body, res.raw).toMatchObject({
      status: 1,
      data: { offeringId: o.id, symbol: 'RELIANCE', shares: 200, price: 98_000, amount: 19_600_000, fee: 8_820, frozen: 19_608_820, status: 'applied', allocatedShares: 0, paid: 0, orderId: null, unlockAt: null },
    })
    expect(applicationOf(res).ref).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/)
    expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ available: 50_000_000 - 19_608_820, frozen: 19_608_820 })
    const entries = (await entriesOfUser(t.database.db, who.userId)).filter((e) => e.reason === 'block_freeze')
    expect(entries).toHaveLength(1)
    expect(entries[0]!.reference).toBe(`block:${applicationOf(res).ref}`)
  })

  it("refuses with the seed's codes: closed, below the minimum shares, below the minimum amount", async () => {
    const now = t.clock.now()
    // The config's minimums: 100 shares and Rs 20,00,000.
    const o = await createOffering(t.database.db, { at: now, min_shares: t.config.block.minShares, min_amount: t.config.block.minAmount })
    const early = await createOffering(t.database.db, { at: now, opens_at: now + HOUR, closes_at: now + 2 * HOUR, price: null, reference_price: null, priced_at: null })
    const late = await createOffering(t.database.db, { at: now, opens_at: now - 2 * HOUR, closes_at: now - HOUR })
    const who = await applicant(t, 500_000_000)
    expect((await apply(who, early.id, 3_000)).body).toMatchObject({ status: 0, code: 'block_closed', params: { opens: now + HOUR, closes: now + 2 * HOUR } })
    expect((await apply(who, late.id, 3_000)).body).toMatchObject({ status: 0, code: 'block_closed', params: { opens: now - 2 * HOUR, closes: now - HOUR } })
    expect((await apply(who, o.id, 90)).body).toMatchObject({ status: 0, code: 'block_below_min_shares', params: { min: 100 } })
    // 2,040 x Rs 980 = Rs 19,99,200: under Rs 20,00,000; 2,050 shares come to Rs 20,09,000.
    expect((await apply(who, o.id, 2_040)).body).toMatchObject({ status: 0, code: 'block_below_min_amount', params: { min: 200_000_000 } })
    expect((await apply(who, o.id, 2_045)).body).toMatchObject({ status: 0, code: 'block_lot_invalid', params: { lot: 10 } })
    expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ frozen: 0 })
    expect((await apply(who, o.id, 2_050)).body).toMatchObject({ status: 1, data: { amount: 200_900_000 } })
    expect((await apply(who, o.id, 2_050)).body).toMatchObject({ status: 0, code: 'block_already_applied' })
  })

  it('closes at closes_at exactly', async () => {
    const now = t.clock.now()
    const o = await createOffering(t.database.db, { at: now, closes_at: now + HOUR })
    const who = await applicant(t, 50_000_000)
    t.clock.advance(HOUR)
    try {
      expect((await apply(who, o.id, 200)).body.code).toBe('block_closed')
    } finally {
      t.clock.advance(-HOUR)
    }
  })

  it('refuses an unknown offering, an unverified identity, and a balance short of amount + fee', async () => {
    const o = await createOffering(t.database.db, { at: t.clock.now() })
    const unverified = await applicant(t, 50_000_000, { verified: false })
    expect((await apply(unverified, 987_654, 200)).body).toMatchObject({ code: 'block_not_found', params: { id: 987_654 } })
    expect((await apply(unverified, o.id, 200)).body).toMatchObject({ code: 'real_name_required' })
    const poor = await applicant(t, 19_608_819)
    expect((await apply(poor, o.id, 200)).body).toMatchObject({ code: 'insufficient_balance', params: { available: 19_608_819, required: 19_608_820 } })
    expect(await balancesOf(t.database.db, poor.userId)).toMatchObject({ available: 19_608_819, frozen: 0 })
  })

  it('replays a retried request (same key) without a second application', async () => {
    const o = await createOffering(t.database.db, { at: t.clock.now() })
    const who = await applicant(t, 50_000_000)
    const key = randomUUID()
    const first = await apply(who, o.id, 200, key)
    const again = await apply(who, o.id, 200, key)
    expect(again.body).toEqual(first.body)
    expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ frozen: 19_608_820 })
  })

  it('files exactly one application and one freeze from 200 simultaneous requests by one user with a full balance', async () => {
    const o = await createOffering(t.database.db, { at: t.clock.now() })
    const balance = 19_608_820 * 3
    const who = await applicant(t, balance)
    const replies = await Promise.all(Array.from({ length: 200 }, () => apply(who, o.id, 200, randomUUID())))
    const accepted = replies.filter((r) => r.body.status === 1)
    expect(accepted).toHaveLength(1)
    for (const r of replies) if (r.body.status !== 1) expect(r.body.code, r.raw).toBe('block_already_applied')
    const rows = await t.database.db.selectFrom('block_applications').select('id').where('offering_id', '=', o.id).where('user_id', '=', who.userId).execute()
    expect(rows).toHaveLength(1)
    const freezes = await sql<{ n: number }>`
      select count(*)::int as n from ledger_entries e where e.reason = 'block_freeze'
        and exists (select 1 from ledger_legs l where l.entry_id = e.id and l.account = ${`user:${who.userId}:frozen`})`.execute(t.database.db)
    expect(freezes.rows[0]!.n).toBe(1)
    expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ available: balance - 19_608_820, frozen: 19_608_820 })
  })
})

describe('list, detail, records, draw', () => {
  it('shows the rule and the arithmetic of the price, by stage', async () => {
    const now = t.clock.now()
    const o = await createOffering(t.database.db, { at: now })
    const detail = await t.call('/block/detail', { id: o.id }, { headers: (await applicant(t, 0)).headers })
    expect(detail.body.data).toMatchObject({
      id: o.id,
      stage: 'open',
      referenceKind: 'previous_close',
      referencePrice: 100_000,
      discountBps: 200,
      price: 98_000,
      bandBps: 300,
      bandMin: 97_000,
      bandMax: 103_000,
      lockUnit: 'minute',
      lockCount: 5,
      commitment: o.commitment,
    } satisfies Partial<BlockOffering>)
    const who = await applicant(t, 0)
    const open = (await t.call('/block/list', { status: 'open', size: 100 }, { headers: who.headers })).body.data as { data: BlockOffering[]; total: number }
    expect(open.data.every((x) => x.stage === 'open')).toBe(true)
    expect(open.data.map((x) => x.id)).toContain(o.id)
    const upcoming = (await t.call('/block/list', { status: 'upcoming' }, { headers: who.headers })).body.data as { data: BlockOffering[] }
    expect(upcoming.data.map((x) => x.id)).not.toContain(o.id)
    expect((await t.call('/block/detail', { id: 987_654 }, { headers: who.headers })).body).toMatchObject({ code: 'block_not_found' })
  })

  it("lists only the user's own applications", async () => {
    const o = await createOffering(t.database.db, { at: t.clock.now() })
    const a = await applicant(t, 50_000_000)
    const b = await applicant(t, 50_000_000)
    await apply(a, o.id, 200)
    await apply(b, o.id, 300)
    const records = (await t.call('/block/records', { page: 1, size: 20 }, { headers: a.headers })).body.data as { data: BlockApplication[]; total: number }
    expect(records).toMatchObject({ total: 1, data: [{ offeringId: o.id, shares: 200, status: 'applied' }] })
    const none = (await t.call('/block/records', { status: 'allocated' }, { headers: a.headers })).body.data as { total: number }
    expect(none.total).toBe(0)
  })

  it('publishes the draw without a session: the commitment before the close, no list or seed', async () => {
    const o = await createOffering(t.database.db, { at: t.clock.now() })
    await apply(await applicant(t, 50_000_000), o.id, 200)
    const res = await t.call('/block/draw', { id: o.id })
    expect(res.body, res.raw).toMatchObject({ status: 1, data: { issueId: o.id, commitment: o.commitment, seed: null, digest: null, applications: [], result: [], basis: 'proportional', allottableLots: 100, minLot: 10 } })
    expect((res.body.data as IpoDraw).algorithm).toBe('tijori-draw-v1')
  })
})

describe('bad input', () => {
  it('answers 400 naming the field for shares past the schema, never a 500', async () => {
    const o = await createOffering(t.database.db, { at: t.clock.now() })
    const who = await applicant(t, 0)
    for (const shares of [0, 10_000_010, 1.5, '200']) {
      const res = await apply(who, o.id, shares as number)
      expect(res.statusCode, res.raw).toBe(400)
      expect(res.body.code).toBe('bad_request')
    }
  })
})
