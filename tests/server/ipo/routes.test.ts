/**
 * The new-share routes (issue 10) on a real database: the list's tabs and counts, the detail, the
 * user's records, the public draw that hides its seed until the draw and re-runs to the server's
 * result, and bad input as a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers'
import { applicant, createIssue, drawIssue } from './fixtures'
import { DRAW_ALGORITHM, verifyDraw } from '../../../src/contract/draw'
import { type IpoApplication, type IpoDraw, type IpoIssue } from '../../../src/contract/replies'

let t: TestApp

const HOUR = 60 * 60_000
const DAY = 24 * HOUR

type Page<T> = { data: T[]; total: number }

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('POST /newStock/list and /newStock/detail', () => {
  it('sorts issues into tabs by stage, newest window first, with applications counted', async () => {
    const now = t.clock.now()
    const db = t.database.db
    const upcoming = await createIssue(db, { at: now, opens_at: now + HOUR, closes_at: now + DAY })
    const open = await createIssue(db, { at: now })
    const older = await createIssue(db, { at: now, opens_at: now - 2 * HOUR })
    const closed = await createIssue(db, { at: now, opens_at: now - 2 * DAY, closes_at: now - HOUR })
    const cancelled = await createIssue(db, { at: now, opens_at: now - 3 * HOUR, cancelled_at: now - HOUR, cancel_reason: 'prospectus withdrawn' })
    const listed = await createIssue(db, { at: now, opens_at: now - 9 * DAY, closes_at: now - 8 * DAY, drawn_at: now - 7 * DAY, listed_at: now - 5 * DAY })
    const who = await applicant(t, 1_000_000)
    expect((await t.call('/newStock/subscribe', { id: open.id, lots: 4 }, { headers: who.headers, key: true })).body.status).toBe(1)

    const tab = async (status?: string) => {
      const res = await t.call('/newStock/list', status ? { status, size: 100 } : { size: 100 }, { headers: who.headers })
      return (res.body.data as Page<IpoIssue>).data.map((i) => i.id)
    }
    expect(await tab('upcoming')).toEqual([upcoming.id])
    expect(await tab('open')).toEqual([open.id, older.id])
    expect(await tab('closed')).toEqual([cancelled.id, closed.id])
    expect(await tab('listed')).toEqual([listed.id])
    expect(await tab()).toEqual([upcoming.id, open.id, older.id, cancelled.id, closed.id, listed.id])

    const detail = await t.call('/newStock/detail', { id: open.id }, { headers: who.headers })
    expect(detail.body).toMatchObject({
      status: 1,
      data: { id: open.id, stage: 'open', applications: 1, appliedLots: 4, minLots: 1, maxLots: 200, allottableLots: 100, commitment: open.commitment, cancelReason: null },
    })
    expect(detail.body.data).not.toHaveProperty('seed')
    expect((await t.call('/newStock/detail', { id: cancelled.id }, { headers: who.headers })).body.data).toMatchObject({ stage: 'cancelled', cancelReason: 'prospectus withdrawn' })
    expect((await t.call('/newStock/detail', { id: 999_999 }, { headers: who.headers })).body).toMatchObject({ status: 0, code: 'ipo_not_found', params: { id: 999_999 } })
  })

  it('pages with a total', async () => {
    const who = await applicant(t, 0)
    const all = (await t.call('/newStock/list', { size: 100 }, { headers: who.headers })).body.data as Page<IpoIssue>
    const second = (await t.call('/newStock/list', { page: 2, size: 2 }, { headers: who.headers })).body.data as Page<IpoIssue>
    expect(second.total).toBe(all.total)
    expect(second.data.map((i) => i.id)).toEqual(all.data.slice(2, 4).map((i) => i.id))
  })
})

describe('POST /newStock/records', () => {
  it("lists only the user's own applications, newest first, filtered by status", async () => {
    const now = t.clock.now()
    const [a, b] = [await createIssue(t.database.db, { at: now }), await createIssue(t.database.db, { at: now })]
    const who = await applicant(t, 10_000_000)
    const other = await applicant(t, 10_000_000)
    for (const issue of [a, b]) await t.call('/newStock/subscribe', { id: issue.id, lots: 1 }, { headers: who.headers, key: true })
    await t.call('/newStock/subscribe', { id: a.id, lots: 1 }, { headers: other.headers, key: true })
    const mine = (await t.call('/newStock/records', {}, { headers: who.headers })).body.data as Page<IpoApplication>
    expect(mine.total).toBe(2)
    expect(mine.data.map((r) => r.issueId)).toEqual([b.id, a.id])
    expect(mine.data[0]).toMatchObject({ status: 'applied', symbol: b.symbol, lotSize: 10, price: 10_000, pan: 'AB*******F' })
    const none = (await t.call('/newStock/records', { status: 'paid' }, { headers: who.headers })).body.data as Page<IpoApplication>
    expect(none).toEqual({ data: [], total: 0 })
  })
})

describe('POST /newStock/draw', () => {
  it('is public, hides the seed until the draw and the list until the close, and re-runs to the same result', async () => {
    const now = t.clock.now()
    const issue = await createIssue(t.database.db, { at: now, retail_shares: 20 })
    const people = [await applicant(t, 1_000_000), await applicant(t, 1_000_000), await applicant(t, 1_000_000)]
    for (const [i, who] of people.entries()) await t.call('/newStock/subscribe', { id: issue.id, lots: i + 1 }, { headers: who.headers, key: true })

    // No session headers at all: anyone may check a draw.
    const before = await t.call('/newStock/draw', { id: issue.id })
    expect(before.body).toMatchObject({
      status: 1,
      data: { issueId: issue.id, algorithm: DRAW_ALGORITHM, commitment: issue.commitment, seed: null, digest: null, applications: [], result: [], allottableLots: 2, minLot: 1, drawnAt: null },
    })
    expect(before.raw).not.toContain(issue.seed)

    await drawIssue(t.database.db, issue.id, issue.draw_at)
    const after = (await t.call('/newStock/draw', { id: issue.id })).body.data as IpoDraw
    expect(after.seed).toBe(issue.seed)
    expect(after.applications.map((a) => a.lots).sort()).toEqual([1, 2, 3])
    expect(after.result).toHaveLength(3)
    // No PAN (the fixture's are ABCDE<4 digits>F) is published.
    expect(JSON.stringify(after)).not.toMatch(/ABCDE[0-9]{4}F/)
    const check = verifyDraw({ ...after, seed: after.seed!, digest: after.digest!, minLots: after.minLot }, after.result)
    expect(check).toMatchObject({ algorithmKnown: true, commitmentMatches: true, digestMatches: true, mismatches: [] })
    expect(after.result.reduce((sum, r) => sum + r.lots, 0)).toBe(2)

    expect((await t.call('/newStock/draw', { id: 999_999 })).body).toMatchObject({ code: 'ipo_not_found' })
  })
})

describe('bad input', () => {
  it('is a 400 in the envelope', async () => {
    const who = await applicant(t, 0)
    const bad = [
      ['/newStock/list', { status: 'soon' }],
      ['/newStock/list', { size: 0 }],
      ['/newStock/detail', { id: 'x' }],
      ['/newStock/subscribe', { id: 1, lots: 1.5 }],
      ['/newStock/subscribe', { id: 1, lots: 0 }],
      ['/newStock/subscribe', { id: 0, lots: 1 }],
      ['/newStock/records', { status: 'lost' }],
      ['/newStock/pay', {}],
      ['/newStock/waive', { id: -1 }],
      ['/newStock/draw', { id: 2 ** 60 }],
    ] as const
    for (const [path, body] of bad) {
      const res = await t.call(path, body, { headers: who.headers, key: true })
      expect(res.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400)
      expect(res.body.status).toBe(0)
    }
  })

  it('needs a session everywhere but the draw', async () => {
    for (const path of ['/newStock/list', '/newStock/detail', '/newStock/records', '/newStock/subscribe', '/newStock/pay', '/newStock/waive']) {
      expect((await t.call(path, { id: 1, lots: 1 }, { key: true })).statusCode, path).toBe(401)
    }
  })
})
