/**
 * Block trades in the back office (issue 11): an operator creates offerings of listed stocks for
 * future windows only with a discount within the band, lists them with their applications by
 * status, and cancels one before its allocation with a reason, which releases every frozen amount
 * exactly and is audited in the same transaction. No route sets a price or an outcome.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { balancesOf, unbalancedEntries } from '../../../server/ledger/repository'
import { type BlockAdminOffering } from '../../../src/contract/admin-replies'
import { type BlockApplication } from '../../../src/contract/replies'
import { ADMIN_PREFIX } from '../../../server/admin/routes'
import { createTestApp, operatorDesk, type OperatorDesk, type Reply, type TestApp } from '../helpers'
import { ADMIN_PATHS } from '../admin/admin-paths'
import { applicant } from '../ipo/fixtures'
import { HOUR, MINUTE, createOffering } from './fixtures'

let t: TestApp
let desk: OperatorDesk

const admin = (path: string, body: object, headers?: Record<string, string>): Promise<Reply> => desk.admin(path, body, headers)

/** A valid new morning offering opening in an hour. */
function newOffering(overrides: Record<string, unknown> = {}) {
  const now = t.clock.now()
  return {
    symbol: 'TCS',
    session: 'morning',
    shares: 5_000,
    lotSize: 10,
    opensAt: now + HOUR,
    closesAt: now + 2 * HOUR,
    allocateAt: now + 3 * HOUR,
    discountBps: 200,
    lockUnit: 'day',
    lockCount: 1,
    ...overrides,
  }
}

const auditActions = () => desk.auditActions()

beforeAll(async () => {
  t = await createTestApp()
  desk = await operatorDesk(t)
})
afterAll(() => t.close())

describe('POST /api/admin/block/create', () => {
  it('creates an offering with the config minimums and band and a committed seed it never shows, audited', async () => {
    const res = await admin('/block/create', newOffering())
    expect(res.body.status, res.raw).toBe(1)
    const o = res.body.data as BlockAdminOffering
    expect(o).toMatchObject({
      symbol: 'TCS',
      name: 'Tata Consultancy Services',
      stage: 'upcoming',
      referenceKind: 'previous_close',
      referencePrice: null,
      price: null,
      bandBps: 300,
      minShares: 100,
      minAmount: 200_000_000,
      createdBy: 'root',
      byStatus: {},
    })
    expect(o.commitment).toMatch(/^[0-9a-f]{64}$/)
    expect(res.raw).not.toContain('seed')
    expect((await auditActions())[0]).toMatchObject({ action: 'block_created', subject: `block:${o.id}` })
  })

  it('creates an afternoon offering averaging a future interval that ends by the opening', async () => {
    const now = t.clock.now()
    const res = await admin('/block/create', newOffering({ session: 'afternoon', referenceFrom: now + 10 * MINUTE, referenceTo: now + HOUR }))
    expect(res.body.data).toMatchObject({ referenceKind: 'vwap', referenceFrom: now + 10 * MINUTE, referenceTo: now + HOUR })
  })

  it('refuses a past window, a stock the market does not list, a discount above the band, broken lots and intervals', async () => {
    const now = t.clock.now()
    const field = async (over: Record<string, unknown>) => {
      const res = await admin('/block/create', newOffering(over))
      expect(res.statusCode, res.raw).toBe(400)
      return (res.body.params as { field?: string }).field
    }
    expect(await field({ opensAt: now })).toBe('opensAt')
    expect(await field({ closesAt: now + HOUR })).toBe('closesAt')
    expect(await field({ allocateAt: now + HOUR })).toBe('allocateAt')
    expect(await field({ symbol: 'NOSUCH' })).toBe('symbol')
    expect(await field({ symbol: 'NIFTY' })).toBe('symbol')
    expect(await field({ discountBps: 301 })).toBe('discountBps')
    expect(await field({ shares: 5_005 })).toBe('shares')
    expect(await field({ shares: 90, lotSize: 10 })).toBe('shares')
    expect(await field({ referenceFrom: now + MINUTE, referenceTo: now + HOUR })).toBe('referenceFrom')
    expect(await field({ session: 'afternoon' })).toBe('referenceFrom')
    expect(await field({ session: 'afternoon', referenceFrom: now - MINUTE, referenceTo: now + HOUR })).toBe('referenceFrom')
    expect(await field({ session: 'afternoon', referenceFrom: now + MINUTE, referenceTo: now + 2 * HOUR })).toBe('referenceTo')
  })

  it('has no route that sets a price, a reference or an outcome', () => {
    const blockPaths = ADMIN_PATHS.filter((p) => p.startsWith(`${ADMIN_PREFIX}/block/`))
    expect(blockPaths).toEqual([`${ADMIN_PREFIX}/block/list`, `${ADMIN_PREFIX}/block/create`, `${ADMIN_PREFIX}/block/cancel`])
  })
})

describe('POST /api/admin/block/cancel', () => {
  it('releases every frozen amount exactly, cancels the applications, shows the reason, audited', async () => {
    const o = await createOffering(t.database.db, { at: t.clock.now() })
    const a = await applicant(t, 30_000_000)
    const b = await applicant(t, 30_000_000)
    const frozen: number[] = []
    for (const [who, shares] of [
      [a, 200],
      [b, 300],
    ] as const) {
      const res = await t.call('/block/apply', { id: o.id, shares }, { headers: who.headers, key: true })
      frozen.push((res.body.data as BlockApplication).frozen)
    }
    expect((await admin('/block/cancel', { id: o.id })).body).toMatchObject({ status: 0, code: 'reason_required' })
    const res = await admin('/block/cancel', { id: o.id, reason: 'The seller withdrew.' })
    expect(res.body.data).toMatchObject({ stage: 'cancelled', cancelReason: 'The seller withdrew.', byStatus: { cancelled: 2 } })
    for (const who of [a, b]) expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ available: 30_000_000, frozen: 0 })
    const records = ((await t.call('/block/records', {}, { headers: a.headers })).body.data as { data: BlockApplication[] }).data
    expect(records[0]).toMatchObject({ status: 'cancelled', allocatedShares: 0, paid: 0 })
    expect((await auditActions())[0]).toMatchObject({ action: 'block_cancelled', subject: `block:${o.id}`, detail: { reason: 'The seller withdrew.', applications: 2 } })
    // Once more: nothing changes.
    expect((await admin('/block/cancel', { id: o.id, reason: 'again' })).body).toMatchObject({ status: 1, data: { cancelReason: 'The seller withdrew.' } })
    expect(await unbalancedEntries(t.database.db)).toEqual([])
    expect(frozen.every((f) => f > 0)).toBe(true)
  })

  it('refuses once allocated, and an unknown offering', async () => {
    const now = t.clock.now()
    const o = await createOffering(t.database.db, { at: now, closes_at: now + HOUR })
    t.clock.set(now + HOUR)
    await t.app.jobs.sweep('block', now + HOUR)
    const res = await admin('/block/cancel', { id: o.id, reason: 'late' })
    expect(res.statusCode).toBe(400)
    expect(res.body).toMatchObject({ code: 'bad_request', params: { field: 'id' } })
    expect((await admin('/block/cancel', { id: 987_654, reason: 'x' })).body).toMatchObject({ code: 'block_not_found' })
    t.clock.set(now)
  })

  it('lists offerings with their applications by status', async () => {
    const list = (await admin('/block/list', {})).body.data as { data: BlockAdminOffering[] }
    expect(list.data.length).toBeGreaterThan(0)
    expect(list.data.some((o) => o.stage === 'cancelled' && o.byStatus.cancelled === 2)).toBe(true)
  })
})
