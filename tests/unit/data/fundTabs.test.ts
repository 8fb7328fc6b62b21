/**
 * Fund record tabs and the CSV export through the data layer against the real server: a tab's
 * stored records are the ones the server puts in it, shown offline too; the export arrives as a file.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { ApiRefusal, NetworkError } from '../../../src/data/api'
import { db } from '../../../src/data/db'
import { exportCsv, fundRecordsQuery, refreshFundRecords } from '../../../src/data/fundRecords'
import { login } from '../../../src/data/session'
import { clearSession } from '../../../src/data/sessionStore'
import { indiaDay } from '../../../src/lib/dates'
import { rechargeCreditEntry, withdrawalDecisionEntry, withdrawalFreezeEntry } from '../../../server/funds/rules'
import { postEntry } from '../../../server/ledger/repository'
import { findUserByAccount } from '../../../server/accounts/repository'
import { grant } from './funding'
import { useRealServer } from '../support/realServer'

const server = useRealServer()
let account: string

beforeEach(async () => {
  await Promise.all([db.outbox.clear(), db.meta.clear(), db.user.clear(), db.fundEntries.clear()])
  const created = await server.newAccount()
  account = created.account
  await login(account, created.password)
  const userId = (await findUserByAccount(server.t.database.db, account))!.id
  await grant(server, account, 10_000_00)
  for (const entry of [rechargeCreditEntry(userId, 1, 500_00, 'ops'), withdrawalFreezeEntry(userId, 2, 200_00), withdrawalDecisionEntry(userId, 2, 200_00, true, 'ops')]) {
    await server.t.database.db.transaction().execute((trx) => postEntry(trx, entry, server.t.clock.now()))
  }
})

const reasons = async (kind: Parameters<typeof fundRecordsQuery>[1]) => (await fundRecordsQuery(account, kind).toArray()).map((r) => r.reason)

describe('fund record tabs', () => {
  it('stores a tab’s page and reads each tab from the stored records, offline too', async () => {
    expect(await refreshFundRecords('withdrawal')).toEqual({ total: 2 })
    expect(await reasons('withdrawal')).toEqual(['withdrawal_paid', 'withdrawal_freeze'])
    expect(await reasons('recharge')).toEqual([])
    expect(await refreshFundRecords()).toEqual({ total: 4 })
    server.proxy.setMode('down')
    expect(await refreshFundRecords('recharge')).toBeUndefined()
    expect(await reasons('recharge')).toEqual(['recharge'])
    expect(await reasons('trades')).toEqual([])
    expect(await reasons('all')).toEqual(['withdrawal_paid', 'withdrawal_freeze', 'recharge', 'demo_grant'])
  })
})

describe('CSV export', () => {
  it('downloads the ledger as a CSV file named by the India day', async () => {
    const file = await exportCsv('ledger')
    expect(file.fileName).toBe(`tijori-ledger-${indiaDay(Date.now())}.csv`)
    expect(file.blob.type).toMatch(/^text\/csv/)
    const lines = (await file.blob.text()).split('\r\n')
    expect(lines[0]).toBe('time,reason,reference,currency,available_change,frozen_change,available_balance,frozen_balance')
    expect(lines.slice(1, 5).map((l) => l.split(',').slice(1, 2).concat(l.split(',').slice(4)))).toEqual([
      ['demo_grant', '10000.00', '0.00', '10000.00', '0.00'],
      ['recharge', '500.00', '0.00', '10500.00', '0.00'],
      ['withdrawal_freeze', '-200.00', '200.00', '10300.00', '200.00'],
      ['withdrawal_paid', '0.00', '-200.00', '10300.00', '0.00'],
    ])
  })

  it('needs the network, and a session', async () => {
    server.proxy.setMode('down')
    await expect(exportCsv('orders')).rejects.toBeInstanceOf(NetworkError)
    server.proxy.setMode('pass')
    await clearSession()
    await expect(exportCsv('ledger')).rejects.toMatchObject({ code: 'unauthorized', httpStatus: 401 })
    await expect(exportCsv('ledger')).rejects.toBeInstanceOf(ApiRefusal)
  })
})
