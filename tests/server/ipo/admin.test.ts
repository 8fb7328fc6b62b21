/**
 * New shares in the back office (issue 10): an operator creates issues for future windows only,
 * lists them with their applications by status, and cancels one before its draw with a reason,
 * which releases every blocked amount exactly and is audited. No route sets an outcome.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { balancesOf, unbalancedEntries } from '../../../server/ledger/repository'
import { type IpoAdminIssue } from '../../../src/contract/admin-replies'
import { ADMIN_PREFIX } from '../../../server/admin/routes'
import { createTestApp, operatorDesk, type OperatorDesk, type Reply, type TestApp } from '../helpers'
import { ADMIN_PATHS } from '../admin/admin-paths'
import { applicant } from './fixtures'

let t: TestApp
let desk: OperatorDesk

const HOUR = 60 * 60_000

const admin = (path: string, body: object, headers?: Record<string, string>): Promise<Reply> => desk.admin(path, body, headers)

let serial = 0
/** A valid new issue opening in an hour, its steps an hour apart. */
function newIssue(overrides: Record<string, unknown> = {}) {
  const now = t.clock.now()
  serial += 1
  return {
    symbol: `TJTEST${serial}`,
    name: `Test Mills ${serial} (fictional)`,
    sector: 'Financial Services',
    industry: 'Finance',
    sharesOutstanding: 10_000_000,
    freeFloatBp: 2500,
    price: 10_000,
    lotSize: 10,
    minLots: 1,
    retailShares: 100,
    paymentMode: 'blocked',
    opensAt: now + HOUR,
    closesAt: now + 2 * HOUR,
    drawAt: now + 3 * HOUR,
    refundAt: now + 4 * HOUR,
    listingAt: now + 5 * HOUR,
    ...overrides,
  }
}

const auditActions = () => desk.auditActions()

beforeAll(async () => {
  t = await createTestApp()
  desk = await operatorDesk(t)
})
afterAll(() => t.close())

describe('POST /api/admin/ipo/create', () => {
  it('creates an issue with a committed seed it never shows, audited', async () => {
    const res = await admin('/ipo/create', newIssue())
    expect(res.body.status, res.raw).toBe(1)
    const issue = res.body.data as IpoAdminIssue
    expect(issue).toMatchObject({ stage: 'upcoming', createdBy: 'root', byStatus: {}, allottableLots: 10 })
    expect(issue.commitment).toMatch(/^[0-9a-f]{64}$/)
    expect(res.raw).not.toContain('seed')
    expect((await auditActions())[0]).toMatchObject({ action: 'ipo_created', subject: `ipo:${issue.id}` })
  })

  it('refuses a step in the past or not after the one before it', async () => {
    const now = t.clock.now()
    expect((await admin('/ipo/create', newIssue({ opensAt: now }))).body).toMatchObject({ status: 0, code: 'ipo_schedule_invalid', params: { field: 'opensAt' } })
    expect((await admin('/ipo/create', newIssue({ drawAt: now + 2 * HOUR }))).body).toMatchObject({ code: 'ipo_schedule_invalid', params: { field: 'drawAt' } })
    expect((await admin('/ipo/create', newIssue({ listingAt: now + 4 * HOUR }))).body).toMatchObject({ code: 'ipo_schedule_invalid', params: { field: 'listingAt' } })
  })

  it('refuses a symbol an issue or an instrument already has', async () => {
    const first = newIssue()
    expect((await admin('/ipo/create', first)).body.status).toBe(1)
    expect((await admin('/ipo/create', { ...newIssue(), symbol: first.symbol })).body).toMatchObject({ status: 0, code: 'ipo_symbol_taken', params: { symbol: first.symbol } })
    expect((await admin('/ipo/create', newIssue({ symbol: 'RELIANCE' }))).body).toMatchObject({ status: 0, code: 'ipo_symbol_taken', params: { symbol: 'RELIANCE' } })
  })

  it('creates a placement whose minimum lots are its tier minimum in whole lots, rounded up, with no retail cap', async () => {
    // ₹1,00,000 at ₹100 a share in lots of 10 (₹1,000 a lot): 100 lots; ₹1,00,050 would need 101.
    const { minLots: _, ...body } = newIssue({ kind: 'placement', minAmount: 10_005_000, retailShares: 5_000 })
    const res = await admin('/ipo/create', body)
    expect(res.body.status, res.raw).toBe(1)
    expect(res.body.data).toMatchObject({ kind: 'placement', minAmount: 10_005_000, minLots: 101, maxLots: 500, allottableLots: 500, retailShares: 5_000 })
    const ipo = (await admin('/ipo/create', newIssue())).body.data as IpoAdminIssue
    expect(ipo).toMatchObject({ kind: 'ipo', minAmount: null, minLots: 1 })
    expect((await auditActions())[1]).toMatchObject({ action: 'ipo_created', detail: { kind: 'placement', minAmount: 10_005_000 } })
  })

  it('answers a sizing field of the other kind, or a missing one, with a 400 naming it', async () => {
    const { minLots: _, ...noLots } = newIssue({ kind: 'placement' })
    expect((await admin('/ipo/create', noLots)).body).toMatchObject({ status: 0, params: { field: 'minAmount' } })
    expect((await admin('/ipo/create', noLots)).statusCode).toBe(400)
    const both = await admin('/ipo/create', newIssue({ kind: 'placement', minAmount: 1_000_000, retailShares: 5_000 }))
    expect([both.statusCode, both.body.params]).toEqual([400, { field: 'minLots' }])
    const ipoWithAmount = await admin('/ipo/create', newIssue({ minAmount: 1_000_000 }))
    expect([ipoWithAmount.statusCode, ipoWithAmount.body.params]).toEqual([400, { field: 'minAmount' }])
    const { minLots: __, ...ipoNoLots } = newIssue()
    expect((await admin('/ipo/create', ipoNoLots)).statusCode).toBe(400)
    // The block must hold one minimum application: 100 lots of 10 shares.
    const { minLots: ___, ...small } = newIssue({ kind: 'placement', minAmount: 10_000_000, retailShares: 990 })
    const tooSmall = await admin('/ipo/create', small)
    expect([tooSmall.statusCode, tooSmall.body.params]).toEqual([400, { field: 'retailShares' }])
  })

  it('answers bad input with a 400', async () => {
    expect((await admin('/ipo/create', newIssue({ sector: 'Astrology' }))).statusCode).toBe(400)
    expect((await admin('/ipo/create', newIssue({ price: 0 }))).statusCode).toBe(400)
    expect((await admin('/ipo/create', newIssue({ retailShares: 5 }))).statusCode).toBe(400)
  })

  it('is closed to a user session', async () => {
    const who = await applicant(t, 0)
    expect((await admin('/ipo/create', newIssue(), who.headers)).statusCode).toBe(401)
  })
})

describe('POST /api/admin/ipo/list and /ipo/cancel', () => {
  it('lists applications by status, and a cancel releases every blocked amount exactly, audited', async () => {
    const created = (await admin('/ipo/create', newIssue())).body.data as IpoAdminIssue
    t.clock.set(created.opensAt)
    const people = [await applicant(t, 500_000), await applicant(t, 500_000)]
    for (const who of people) {
      const res = await t.call('/newStock/subscribe', { id: created.id, lots: 2 }, { headers: who.headers, key: true })
      expect(res.body.status, res.raw).toBe(1)
      expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ available: 300_000, frozen: 200_000 })
    }
    const listed = ((await admin('/ipo/list', {})).body.data as { data: IpoAdminIssue[] }).data.find((i) => i.id === created.id)!
    expect(listed).toMatchObject({ stage: 'open', applications: 2, byStatus: { applied: 2 } })

    expect((await admin('/ipo/cancel', { id: created.id })).body).toMatchObject({ status: 0, code: 'reason_required' })
    const cancelled = await admin('/ipo/cancel', { id: created.id, reason: 'The company withdrew its offer.' })
    expect(cancelled.body).toMatchObject({ status: 1, data: { stage: 'cancelled', cancelReason: 'The company withdrew its offer.', byStatus: { refunded: 2 } } })
    for (const who of people) expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ available: 500_000, frozen: 0 })
    expect((await auditActions())[0]).toMatchObject({ action: 'ipo_cancelled', subject: `ipo:${created.id}`, detail: { reason: 'The company withdrew its offer.' } })
    // Cancelled issues take no steps.
    expect((await t.app.jobs.sweep('ipo', created.listingAt)).ran).toBe(true)
    expect((await t.database.db.selectFrom('ipo_issues').select(['frozen_at', 'drawn_at']).where('id', '=', created.id).executeTakeFirstOrThrow())).toEqual({ frozen_at: null, drawn_at: null })
    expect(await unbalancedEntries(t.database.db)).toEqual([])
  })

  it('cancels a pay-after-win issue without moving money, and refuses a cancel after the draw', async () => {
    t.clock.set(Date.parse('2026-01-10T06:00:00Z'))
    const payLater = (await admin('/ipo/create', newIssue({ paymentMode: 'pay_after_win' }))).body.data as IpoAdminIssue
    const blocked = (await admin('/ipo/create', newIssue())).body.data as IpoAdminIssue
    t.clock.set(payLater.opensAt)
    const who = await applicant(t, 500_000)
    for (const issue of [payLater, blocked]) expect((await t.call('/newStock/subscribe', { id: issue.id, lots: 1 }, { headers: who.headers, key: true })).body.status).toBe(1)
    expect((await admin('/ipo/cancel', { id: payLater.id, reason: 'Withdrawn.' })).body).toMatchObject({ status: 1, data: { byStatus: { cancelled: 1 } } })

    await t.app.jobs.sweep('ipo', blocked.closesAt)
    // Frozen but not drawn: still cancellable. Drawn: not.
    await t.app.jobs.sweep('ipo', blocked.drawAt)
    t.clock.set(blocked.drawAt)
    expect((await admin('/ipo/cancel', { id: blocked.id, reason: 'Too late.' })).body).toMatchObject({ status: 0, code: 'ipo_already_drawn' })
  })
})

describe('the back-office route list', () => {
  it('has no way to set an outcome, edit an issue or run a draw', () => {
    const ipo = ADMIN_PATHS.filter((p) => p.includes('/ipo/'))
    expect(ipo.sort()).toEqual([`${ADMIN_PREFIX}/ipo/cancel`, `${ADMIN_PREFIX}/ipo/create`, `${ADMIN_PREFIX}/ipo/list`])
    expect(ADMIN_PATHS.filter((p) => /draw|allot|winner|outcome|edit|update|balance|price/i.test(p))).toEqual([])
  })
})
