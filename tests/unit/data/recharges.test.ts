/**
 * Deposits through the data layer against the real server (routes /user/rechargeChannels,
 * /user/upload, /user/recharge, /user/rechargeList), through the real proxy.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { ApiRefusal, NetworkError } from '../../../src/data/api'
import { db } from '../../../src/data/db'
import { fundRecordsQuery } from '../../../src/data/fundRecords'
import {
  type Recharge,
  type RechargeChannel,
  rechargeChannelsKey,
  rechargesKey,
  refreshRechargeChannels,
  refreshRecharges,
  requestRecharge,
} from '../../../src/data/recharges'
import { login } from '../../../src/data/session'
import { refreshUserInfo } from '../../../src/data/sync'
import { findUserByAccount } from '../../../server/accounts/repository'
import { useRealServer } from '../support/realServer'
import { png } from '../../server/pictures'

const server = useRealServer()
let account: string

let pictures = 0
/** A receipt picture of its own, as every real receipt is. */
const receipt = () => new Blob([new Uint8Array(png(++pictures))], { type: 'image/png' })
const stored = async <T>(key: string) => (await db.meta.get(key))?.value as T | undefined

beforeEach(async () => {
  await Promise.all([db.outbox.clear(), db.meta.clear(), db.user.clear(), db.fundEntries.clear()])
  const created = await server.newAccount()
  account = created.account
  // What an approved identity leaves (the review is tested in identity.test.ts).
  const user = await findUserByAccount(server.t.database.db, account)
  await server.t.database.db.updateTable('users').set({ real_name_status: 'verified', real_name: 'Asha Rao' }).where('id', '=', user!.id).execute()
  await login(account, created.password)
})

describe('deposits', () => {
  it('stores the published channels, so they show offline', async () => {
    await refreshRechargeChannels()
    const channels = await stored<RechargeChannel[]>(rechargeChannelsKey(account))
    expect(channels?.map((c) => c.kind)).toEqual(['bank', 'upi', 'usdt'])
    server.proxy.setMode('down')
    expect(await refreshRechargeChannels({ fresh: true })).toBeUndefined()
    expect(await stored<RechargeChannel[]>(rechargeChannelsKey(account))).toEqual(channels)
  })

  it('sends the receipt and the request, stores it as under review, and shows the credit once approved', async () => {
    await refreshUserInfo()
    const sent = await requestRecharge({ channel: 'upi', amount: 700_000, receipt: receipt() }, crypto.randomUUID())
    expect(sent).toMatchObject({ channel: 'upi', amount: 700_000, status: 'pending' })
    expect(await stored<Recharge[]>(rechargesKey(account))).toMatchObject([{ id: sent.id, status: 'pending' }])
    expect((await db.user.get(account))?.balances.available).toBe(0)

    // The demo's reviewer approves it 5 s later; the next refresh brings the balance and records along.
    server.t.clock.advance(5_000)
    await server.t.app.reviews.sweep(server.t.clock.now())
    await refreshRecharges({ fresh: true })
    expect(await stored<Recharge[]>(rechargesKey(account))).toMatchObject([{ id: sent.id, status: 'approved' }])
    expect((await db.user.get(account))?.balances.available).toBe(700_000)
    expect((await fundRecordsQuery(account).toArray()).map((r) => r.reason)).toContain('recharge')
  })

  it('records one deposit when the same attempt is sent again after a lost reply', async () => {
    const key = crypto.randomUUID()
    const picture = receipt()
    const first = await requestRecharge({ channel: 'bank', amount: 500_000, receipt: picture }, key)
    const again = await requestRecharge({ channel: 'bank', amount: 500_000, receipt: picture }, key)
    expect(again.id).toBe(first.id)
    expect(await stored<Recharge[]>(rechargesKey(account))).toHaveLength(1)
  })

  it('says which rule refused, and needs the network', async () => {
    await expect(requestRecharge({ channel: 'upi', amount: 499_999, receipt: receipt() }, crypto.randomUUID())).rejects.toMatchObject({ code: 'recharge_below_min', params: { min: 500_000 } })
    await expect(requestRecharge({ channel: 'upi', amount: 500_000, receipt: new Blob(['not a picture']) }, crypto.randomUUID())).rejects.toMatchObject({ code: 'upload_not_image' })
    await expect(requestRecharge({ channel: 'upi', amount: 500_000, receipt: receipt() }, crypto.randomUUID())).resolves.toMatchObject({ status: 'pending' })
    await expect(requestRecharge({ channel: 'upi', amount: 500_000, receipt: receipt() }, crypto.randomUUID())).rejects.toBeInstanceOf(ApiRefusal)
    server.proxy.setMode('down')
    await expect(requestRecharge({ channel: 'upi', amount: 500_000, receipt: receipt() }, crypto.randomUUID())).rejects.toBeInstanceOf(NetworkError)
  })
})
