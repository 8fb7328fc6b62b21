/**
 * Fund record tabs and the CSV exports on a real database: each tab shows its family of ledger
 * reasons, the ledger CSV is exact to the paisa for a known ledger, and no user sees another's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_PREFIX } from '../../../server/app'
import { rechargeCreditEntry, withdrawalDecisionEntry, withdrawalFreezeEntry } from '../../../server/funds/rules'
import { type LedgerEntryDraft } from '../../../server/ledger/rules'
import { postEntry } from '../../../server/ledger/repository'
import { FUND_KINDS } from '../../../src/lib/fundKinds'
import { createClock, createTestApp, type TestApp } from '../helpers'
import { create, orderOf, trader, type Trader } from '../trade/support'

let t: TestApp
let a: Trader
let b: Trader

async function post(entry: LedgerEntryDraft, at: string): Promise<void> {
  t.clock.set(at)
  await t.database.db.transaction().execute((trx) => postEntry(trx, entry, t.clock.now()))
}

beforeAll(async () => {
  t = await createTestApp({ clock: createClock('2026-01-10T06:00:00Z') })
  a = await trader(t, '9760000001', 50_000_00)
  b = await trader(t, '9760000002', 7_00)
  await post(rechargeCreditEntry(a.userId, 11, 1_234_56, 'ops'), '2026-01-10T06:01:00Z')
  await post(withdrawalFreezeEntry(a.userId, 12, 1_000_05), '2026-01-10T06:02:00Z')
  await post(withdrawalDecisionEntry(a.userId, 12, 1_000_05, false, 'ops'), '2026-01-10T06:03:00Z')
  await post(withdrawalFreezeEntry(a.userId, 13, 99), '2026-01-10T06:04:00Z')
  await post(withdrawalDecisionEntry(a.userId, 13, 99, true, 'ops'), '2026-01-10T20:00:00Z')
  // b's own recharge: it must never show in a's tabs or export.
  await post(rechargeCreditEntry(b.userId, 21, 5_00, 'ops'), '2026-01-10T06:05:00Z')
})
afterAll(() => t.close())

type Row = { reason: string; reference: string | null; available: number; frozen: number }
const records = async (who: Trader, body: object) => {
  const res = await t.call('/fund/records', body, { headers: who.headers })
  expect(res.body.status, res.raw).toBe(1)
  return res.body.data as { data: Row[]; total: number }
}
const exportCsv = (who: Trader | null, body: object = {}) =>
  t.app.inject({ method: 'POST', url: `${API_PREFIX}/fund/export`, headers: who?.headers ?? {}, payload: body })

describe('POST /fund/records by tab', () => {
  it('shows deposits in the recharge tab and withdrawals with their reviews in the withdrawal tab', async () => {
    expect(await records(a, { kind: 'recharge' })).toEqual({ total: 1, data: [expect.objectContaining({ reason: 'recharge', reference: 'recharge:11', available: 1_234_56, frozen: 0 })] })
    const withdrawals = await records(a, { kind: 'withdrawal' })
    expect(withdrawals.total).toBe(4)
    expect(withdrawals.data.map((r) => [r.reason, r.reference, r.available, r.frozen])).toEqual([
      ['withdrawal_paid', 'withdrawal:13', 0, -99],
      ['withdrawal_freeze', 'withdrawal:13', -99, 99],
      ['withdrawal_unfreeze', 'withdrawal:12', 1_000_05, -1_000_05],
      ['withdrawal_freeze', 'withdrawal:12', -1_000_05, 1_000_05],
    ])
  })

  it('shows orders and positions in the trades tab, also under its issue-3 name', async () => {
    t.clock.set('2026-01-11T06:00:00Z')
    const order = orderOf(await create(t, a, { symbol: 'ITC' }))
    const trades = await records(a, { kind: 'trades' })
    expect(trades).toMatchObject({ total: 1, data: [{ reason: 'position_open', reference: order.orderNo }] })
    expect(await records(a, { kind: 'trade' })).toEqual(trades)
    expect((await records(a, { kind: 'all' })).total).toBe(7)
    // Pages of a tab: 4 withdrawal records, 3 to a page.
    expect(await records(a, { kind: 'withdrawal', page: 2, size: 3 })).toMatchObject({ total: 4, data: [{ reason: 'withdrawal_freeze', reference: 'withdrawal:12' }] })
  })

  it('never shows another user’s records in any tab', async () => {
    expect(await records(b, { kind: 'withdrawal' })).toEqual({ total: 0, data: [] })
    expect(await records(b, { kind: 'trades' })).toEqual({ total: 0, data: [] })
    expect((await records(b, { kind: 'recharge' })).data.map((r) => r.reference)).toEqual(['recharge:21'])
  })

  it('takes every tab the app has (src/lib/fundKinds.ts)', async () => {
    for (const kind of FUND_KINDS) expect((await t.call('/fund/records', { kind }, { headers: a.headers })).body.status, kind).toBe(1)
  })

  it('refuses a tab it does not know', async () => {
    expect((await t.call('/fund/records', { kind: 'loans' }, { headers: a.headers })).statusCode).toBe(400)
  })
})

describe('POST /fund/export', () => {
  it('sends the whole ledger as CSV, exact to the paisa, with the pockets after each entry', async () => {
    const res = await exportCsv(b)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="tijori-ledger-\d{4}-\d{2}-\d{2}\.csv"$/)
    expect(res.body).toBe(
      'time,reason,reference,currency,available_change,frozen_change,available_balance,frozen_balance\r\n' +
        '2026-01-10T11:30:00+05:30,demo_grant,test,INR,7.00,0.00,7.00,0.00\r\n' +
        '2026-01-10T11:35:00+05:30,recharge,recharge:21,INR,5.00,0.00,12.00,0.00\r\n',
    )
  })

  it('lists every entry oldest first, a withdrawal frozen then paid out of frozen', async () => {
    const lines = (await exportCsv(a)).body.split('\r\n')
    expect(lines.slice(0, 7)).toEqual([
      'time,reason,reference,currency,available_change,frozen_change,available_balance,frozen_balance',
      '2026-01-10T11:30:00+05:30,demo_grant,test,INR,50000.00,0.00,50000.00,0.00',
      '2026-01-10T11:31:00+05:30,recharge,recharge:11,INR,1234.56,0.00,51234.56,0.00',
      '2026-01-10T11:32:00+05:30,withdrawal_freeze,withdrawal:12,INR,-1000.05,1000.05,50234.51,1000.05',
      '2026-01-10T11:33:00+05:30,withdrawal_unfreeze,withdrawal:12,INR,1000.05,-1000.05,51234.56,0.00',
      '2026-01-10T11:34:00+05:30,withdrawal_freeze,withdrawal:13,INR,-0.99,0.99,51233.57,0.99',
      // 20:00 UTC is already the next day in India.
      '2026-01-11T01:30:00+05:30,withdrawal_paid,withdrawal:13,INR,0.00,-0.99,51233.57,0.00',
    ])
    expect(lines[7]).toMatch(/^2026-01-11T11:30:00\+05:30,position_open,/)
    expect(lines.slice(8)).toEqual([''])
  })

  it('sends the orders as CSV when asked, only the user’s own', async () => {
    const mine = await exportCsv(a, { kind: 'orders' })
    expect(mine.headers['content-disposition']).toMatch(/filename="tijori-orders-/)
    const [header, line, end] = mine.body.split('\r\n')
    expect(header).toMatch(/^order_no,time,symbol,name,kind,type,direction,lots,quantity,leverage,/)
    expect(line).toMatch(/^[^,]+,2026-01-11T11:30:00\+05:30,ITC,[^,]+,stock,market,long,1,100,1,no,,\d+\.\d{2},,/)
    expect(end).toBe('')
    expect((await exportCsv(b, { kind: 'orders' })).body.split('\r\n')).toHaveLength(2)
  })

  it('needs a session', async () => {
    const res = await exportCsv(null)
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ status: 0, code: 'unauthorized' })
  })
})
