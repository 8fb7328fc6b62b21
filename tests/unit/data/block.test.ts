/**
 * Block trades on the device (issue 11) against the real server through the real TCP proxy: the
 * offerings and the account's applications stored and read back, quiet offline; an application
 * made offline is sent once with its key when the network is back, and its effect brings the
 * application, the frozen balance and the offering's counts; after the job allocates, the record
 * names the locked position.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { applyBlock, blockApplicationsKey, offeringsKey, refreshBlockApplications, refreshOffering, refreshOfferings, storedBlockApplications, storedOfferings } from '../../../src/data/block'
import { db } from '../../../src/data/db'
import { replayOutbox } from '../../../src/data/outbox'
import { login } from '../../../src/data/session'
import { syncedAt } from '../../../src/data/sync'
import { createOffering, HOUR } from '../../server/block/fixtures'
import { useRealServer } from '../support/realServer'
import { grant, verify } from './funding'

const server = useRealServer()
let account: string

beforeEach(async () => {
  await Promise.all([db.outbox.clear(), db.meta.clear(), db.user.clear(), db.orders.clear()])
  const created = await server.newAccount()
  account = created.account
  await grant(server, account, 50_000_000)
  await verify(server, account)
  await login(account, created.password)
  server.proxy.requests.length = 0
})

const sent = (path: string) => server.proxy.requests.filter((r) => r === `POST /api/vue${path}`).length

describe('offerings and applications on the device', () => {
  it('stores the offerings with their price and rule, and reads them back', async () => {
    const o = await createOffering(server.t.database.db, { at: server.t.clock.now() })
    await refreshOfferings()
    const stored = (await storedOfferings())?.find((s) => s.id === o.id)
    expect(stored).toMatchObject({ symbol: 'RELIANCE', stage: 'open', referencePrice: 100_000, price: 98_000, discountBps: 200, bandBps: 300, lotSize: 10, lockUnit: 'minute', lockCount: 5 })
    expect(await syncedAt(offeringsKey)).toBeGreaterThan(0)
  })

  it('adds an offering read alone to the stored ones, and replaces it in place when read again', async () => {
    await refreshOfferings()
    const before = (await storedOfferings()) ?? []
    const o = await createOffering(server.t.database.db, { at: server.t.clock.now() })
    await refreshOffering(o.id)
    expect((await storedOfferings())?.map((s) => s.id)).toEqual([o.id, ...before.map((s) => s.id)])
    await server.t.database.db.updateTable('block_offerings').set({ cancelled_at: server.t.clock.now(), cancel_reason: 'test' }).where('id', '=', o.id).execute()
    await refreshOffering(o.id)
    const stored = (await storedOfferings()) ?? []
    expect(stored.filter((s) => s.id === o.id)).toEqual([expect.objectContaining({ stage: 'cancelled', cancelReason: 'test' })])
    expect(stored).toHaveLength(before.length + 1)
  })

  it('keeps what it has when offline: refreshing throws nothing and changes nothing', async () => {
    await createOffering(server.t.database.db, { at: server.t.clock.now() })
    await refreshOfferings()
    await refreshBlockApplications()
    const [offerings, applications] = [await storedOfferings(), await storedBlockApplications(account)]
    server.proxy.setMode('down')
    await expect(refreshOfferings()).resolves.toBeUndefined()
    await expect(refreshBlockApplications()).resolves.toBeUndefined()
    expect(await storedOfferings()).toEqual(offerings)
    expect(await storedBlockApplications(account)).toEqual(applications)
    expect(applications).toEqual([])
  })

  it('applies offline through the outbox: sent once when back, and the effect brings the application, the frozen money and the count', async () => {
    const o = await createOffering(server.t.database.db, { at: server.t.clock.now() })
    await refreshOfferings()
    server.proxy.setMode('down')
    const item = await applyBlock(o.id, 200)
    expect(item).toMatchObject({ kind: 'block.apply', path: '/block/apply', body: { id: o.id, shares: 200 }, state: 'queued' })
    await replayOutbox({ ignoreBackoff: true })
    expect((await db.outbox.get(item.key))?.state).toBe('queued')

    server.proxy.setMode('pass')
    await replayOutbox({ ignoreBackoff: true })
    expect((await db.outbox.get(item.key))?.state).toBe('done')
    expect(sent('/block/apply')).toBe(1)
    // 200 x Rs 980 = Rs 1,96,000; handling fee 0.03 % and stamp duty 0.015 %: Rs 88.20.
    const [application] = (await storedBlockApplications(account)) ?? []
    expect(application).toMatchObject({ offeringId: o.id, shares: 200, amount: 19_600_000, fee: 8_820, frozen: 19_608_820, status: 'applied' })
    expect(await syncedAt(blockApplicationsKey(account))).toBeGreaterThan(0)
    expect((await db.user.get(account))?.balances).toMatchObject({ available: 50_000_000 - 19_608_820, frozen: 19_608_820 })
    expect((await storedOfferings())?.find((s) => s.id === o.id)).toMatchObject({ applications: 1, appliedShares: 200 })
  })

  it('shows the refusal of a second application, and the record of an allocation with its locked position', async () => {
    const now = server.t.clock.now()
    const o = await createOffering(server.t.database.db, { at: now, closes_at: now + HOUR })
    await applyBlock(o.id, 200)
    await replayOutbox({ ignoreBackoff: true })
    const again = await applyBlock(o.id, 200)
    await replayOutbox({ ignoreBackoff: true })
    expect((await db.outbox.get(again.key))?.error).toMatchObject({ code: 'block_already_applied' })

    await server.t.app.jobs.sweep('block', now + HOUR)
    await refreshBlockApplications()
    const [record] = (await storedBlockApplications(account)) ?? []
    // Not oversubscribed: all 200 shares, paid exactly what was frozen, nothing released.
    expect(record).toMatchObject({ status: 'allocated', allocatedShares: 200, paid: 19_608_820, orderId: expect.any(Number) })
    expect(record!.unlockAt).toBe(record!.updatedAt + 5 * 60_000)
  })
})
