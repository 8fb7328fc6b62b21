/**
 * Deposits on a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): the published
 * channels, every rule refusing with its code, receipts judged by their bytes and owned by the
 * sender, one fund operation under review at a time, and a decision that credits exactly once
 * through the ledger (or nothing, with the reason shown).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { DEFAULT_FUND_RULES } from '../../../server/funds/rules'
import { HOUSE_DEPOSITS, userAccount } from '../../../server/ledger/rules'
import { UPLOAD_MAX_BYTES } from '../../../server/identity/uploads'
import { balancesOf } from '../../../server/ledger/repository'
import { decideRecharge } from '../../../server/funds/recharge-service'
import { findUserByAccount } from '../../../server/accounts/repository'
import { REVIEW_QUEUES } from '../../../server/reviews/service'
import { createClock, createTestApp, type TestApp } from '../helpers'
import { JPEG, PNG, png } from '../pictures'
import { grant } from '../trade/accounts'

let t: TestApp
type Headers = Record<string, string>
type Who = { account: string; userId: number; headers: Headers }
type Recharge = { id: number; channel: string; amount: number; receiptUploadId: number; status: string; reason: string | null; decidedAt: number | null }
let next = 9_720_000_000

let pictures = 0

/** A signed-in account, verified unless told (what an approved identity leaves; the review is tested in identity.test.ts). */
async function customer(app: TestApp = t, options: { verified?: boolean } = {}): Promise<Who> {
  const account = String(++next)
  await app.register(account)
  const headers = await app.login(account, 'secret123')
  const userId = (await findUserByAccount(app.database.db, account))!.id
  if (options.verified ?? true) await app.database.db.updateTable('users').set({ real_name_status: 'verified', real_name: 'Asha Rao' }).where('id', '=', userId).execute()
  return { account, userId, headers }
}

const upload = (who: Who, bytes: Buffer, kind = 'receipt', app: TestApp = t) => app.call('/user/upload', { kind, data: bytes.toString('base64') }, { headers: who.headers, key: true })

/** A fresh receipt picture of the user's (a different picture each time, as real receipts are). */
async function receipt(who: Who, app: TestApp = t, kind = 'receipt'): Promise<number> {
  const res = await upload(who, png(++pictures), kind, app)
  expect(res.body.status, res.raw).toBe(1)
  return (res.body.data as { id: number }).id
}

const recharge = (who: Who, body: { channel?: string; amount?: number; receiptUploadId: number }, key: string | true = true, app: TestApp = t) =>
  app.call('/user/recharge', { channel: 'upi', amount: 500_000, ...body }, { headers: who.headers, key })

const listOf = async (who: Who) => ((await t.call('/user/rechargeList', {}, { headers: who.headers })).body.data as { data: Recharge[] }).data

const decide = (id: number, approve: boolean, reason: string | null = null) =>
  t.database.db.transaction().execute((trx) => decideRecharge(trx, { id, approve, reason, operator: 'op:test', now: t.clock.now() }))

const entriesOf = async (id: number) =>
  (
    await sql<{ reason: string; operator: string | null; account: string; amount: number }>`
      select e.reason, e.operator, l.account, l.amount from ledger_entries e join ledger_legs l on l.entry_id = e.id
      where e.reference = ${`recharge:${id}`} order by e.id, l.amount`.execute(t.database.db)
  ).rows.map((r) => ({ ...r, amount: Number(r.amount) }))

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('POST /user/rechargeChannels', () => {
  it('publishes the bank, UPI and USDT channels to a signed-in user only', async () => {
    const who = await customer()
    const res = await t.call('/user/rechargeChannels', {}, { headers: who.headers })
    const channels = (res.body.data as { data: { id: string; kind: string }[] }).data
    expect(channels).toEqual([
      expect.objectContaining({ id: 'bank', kind: 'bank', accountNumber: expect.any(String), ifsc: expect.any(String), beneficiary: expect.any(String), bank: expect.any(String) }),
      expect.objectContaining({ id: 'upi', kind: 'upi', vpa: expect.stringContaining('@') }),
      expect.objectContaining({ id: 'usdt', kind: 'usdt', network: 'TRC20', address: expect.stringMatching(/^T/) }),
    ])
    expect((await t.call('/user/rechargeChannels', {})).statusCode).toBe(401)
  })

  it('publishes the minimum and the window in /common/config', async () => {
    const items = (await t.call('/common/config', {})).body.data as { name: string; value: string }[]
    const values = Object.fromEntries(items.map((i) => [i.name, i.value]))
    expect(values).toMatchObject({ recharge_min: '500000', recharge_window: '00:00-24:00', recharge_days: 'all' })
  })
})

describe('POST /user/recharge', () => {
  it('sends the deposit to review without moving money, and lists it as pending', async () => {
    const who = await customer()
    const receiptUploadId = await receipt(who)
    const res = await recharge(who, { channel: 'bank', amount: 1_234_500, receiptUploadId })
    expect(res.body).toMatchObject({ status: 1, data: { channel: 'bank', amount: 1_234_500, receiptUploadId, status: 'pending', reason: null, decidedAt: null } })
    expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ available: 0, frozen: 0 })
    expect(await listOf(who)).toMatchObject([{ id: (res.body.data as Recharge).id, status: 'pending' }])
  })

  it('is idempotent: the same key sent twice records one deposit', async () => {
    const who = await customer()
    const receiptUploadId = await receipt(who)
    const key = crypto.randomUUID()
    const first = await recharge(who, { receiptUploadId }, key)
    const again = await recharge(who, { receiptUploadId }, key)
    expect(again.body).toEqual(first.body)
    expect(await listOf(who)).toHaveLength(1)
  })

  it('refuses with the rule that says no', async () => {
    const who = await customer()
    const receiptUploadId = await receipt(who)
    expect((await recharge(who, { channel: 'paypal', receiptUploadId })).body).toMatchObject({ status: 0, code: 'recharge_channel_unknown', params: { channel: 'paypal' } })
    expect((await recharge(who, { amount: 499_999, receiptUploadId })).body).toMatchObject({ status: 0, code: 'recharge_below_min', params: { min: 500_000 } })
    const unverified = await customer(t, { verified: false })
    expect((await recharge(unverified, { receiptUploadId: await receipt(unverified) })).body).toMatchObject({ status: 0, code: 'real_name_required', params: { status: 'none' } })
    expect((await recharge(who, { receiptUploadId: 999_999_999 })).body).toMatchObject({ status: 0, code: 'upload_not_found', params: { id: 999_999_999 } })
    // An ID photo is not a receipt, even the sender's own.
    const idPhoto = await receipt(who, t, 'id_front')
    expect((await recharge(who, { receiptUploadId: idPhoto })).body).toMatchObject({ status: 0, code: 'upload_not_found', params: { id: idPhoto } })
    expect(await listOf(who)).toEqual([])
    expect(await listOf(unverified)).toEqual([])
  })

  it("refuses someone else's receipt as not found", async () => {
    const alice = await customer()
    const bob = await customer()
    const alicesReceipt = await receipt(alice)
    expect((await recharge(bob, { receiptUploadId: alicesReceipt })).body).toMatchObject({ status: 0, code: 'upload_not_found', params: { id: alicesReceipt } })
    expect(await listOf(bob)).toEqual([])
  })

  it('takes only real pictures of at most 5 MB as receipts, judged by their bytes', async () => {
    const who = await customer()
    expect((await upload(who, Buffer.from('%PDF-1.7 a bank statement, not a picture'))).body).toMatchObject({ status: 0, code: 'upload_not_image' })
    const named = await t.call('/user/upload', { kind: 'receipt', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64') }, { headers: who.headers, key: true })
    expect(named.body).toMatchObject({ status: 0, code: 'upload_not_image' })
    const big = Buffer.alloc(UPLOAD_MAX_BYTES + 1)
    JPEG.copy(big)
    expect((await upload(who, big)).body).toMatchObject({ status: 0, code: 'upload_too_large', params: { max: UPLOAD_MAX_BYTES } })
    const taken = await upload(who, PNG)
    expect(taken.body).toMatchObject({ status: 1, data: { kind: 'receipt', contentType: 'image/png' } })
  })

  it('refuses a receipt already sent with another deposit', async () => {
    const who = await customer()
    const receiptUploadId = await receipt(who)
    const first = (await recharge(who, { receiptUploadId })).body.data as Recharge
    expect(await decide(first.id, true)).toBe(true)
    expect((await recharge(who, { receiptUploadId })).body).toMatchObject({ status: 0, code: 'receipt_already_used' })
    expect(await listOf(who)).toHaveLength(1)
  })

  it('takes one fund operation under review at a time: a second deposit, or a withdrawal, waits for the first', async () => {
    const who = await customer()
    const first = (await recharge(who, { receiptUploadId: await receipt(who) })).body.data as Recharge
    expect((await recharge(who, { receiptUploadId: await receipt(who) })).body).toMatchObject({ status: 0, code: 'fund_operation_pending' })

    // A withdrawal while the deposit waits is refused too, whatever else it has right.
    await grant(t, who.userId, 1_000_000)
    expect((await t.call('/user/fundPass', { password: 'secret123', fundPassword: '246810', confirmFundPassword: '246810' }, { headers: who.headers, key: true })).body.status).toBe(1)
    const card = await t.call('/user/addBankCard', { holder: 'Asha Rao', accountNumber: '123456789012', ifsc: 'SBIN0001234', bank: 'SBI', branch: 'Fort' }, { headers: who.headers, key: true })
    const cardId = (card.body.data as { id: number }).id
    const withdraw = () => t.call('/user/withdraw', { amount: 100_000, cardId, fundPassword: '246810' }, { headers: who.headers, key: true })
    expect((await withdraw()).body).toMatchObject({ status: 0, code: 'fund_operation_pending' })

    // Decided, the next is taken; and a deposit waits for a pending withdrawal in turn.
    expect(await decide(first.id, false, 'receipt unreadable')).toBe(true)
    expect((await withdraw()).body).toMatchObject({ status: 1, data: { status: 'pending' } })
    expect((await recharge(who, { receiptUploadId: await receipt(who) })).body).toMatchObject({ status: 0, code: 'fund_operation_pending' })
  })

  it('lets only one of many simultaneous deposits in', async () => {
    const who = await customer()
    const receipts = await Promise.all(Array.from({ length: 20 }, () => receipt(who)))
    const replies = await Promise.all(receipts.map((receiptUploadId) => recharge(who, { receiptUploadId })))
    expect(replies.filter((r) => r.body.status === 1)).toHaveLength(1)
    expect(replies.filter((r) => r.body.code === 'fund_operation_pending')).toHaveLength(19)
    expect(await listOf(who)).toHaveLength(1)
  })

  it('refuses outside the published window', async () => {
    // Saturday 10 January 2026, 11:30 India time, with deposits taken weekdays 09:00-17:00.
    const rules = { ...DEFAULT_FUND_RULES, rechargeWindow: { from: 9 * 60, to: 17 * 60, weekdaysOnly: true } }
    const shut = await createTestApp({ clock: createClock('2026-01-10T06:00:00Z'), config: { funds: rules } })
    try {
      const who = await customer(shut)
      const res = await recharge(who, { receiptUploadId: await receipt(who, shut) }, true, shut)
      expect(res.body).toMatchObject({ status: 0, code: 'outside_window', params: { from: '09:00', to: '17:00', days: 'weekdays' } })
      const items = (await shut.call('/common/config', {})).body.data as { name: string; value: string }[]
      expect(Object.fromEntries(items.map((i) => [i.name, i.value]))).toMatchObject({ recharge_window: '09:00-17:00', recharge_days: 'weekdays' })
    } finally {
      await shut.close()
    }
  })
})

describe('the review', () => {
  it('credits an approved deposit exactly once, through one ledger entry', async () => {
    const who = await customer()
    const sent = (await recharge(who, { amount: 750_000, receiptUploadId: await receipt(who) })).body.data as Recharge
    expect(await decide(sent.id, true)).toBe(true)
    expect(await decide(sent.id, true)).toBe(false)
    expect(await decide(sent.id, false, 'too late')).toBe(false)
    expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ available: 750_000, frozen: 0 })
    expect(await entriesOf(sent.id)).toEqual([
      { reason: 'recharge', operator: 'op:test', account: HOUSE_DEPOSITS, amount: -750_000 },
      { reason: 'recharge', operator: 'op:test', account: userAccount(who.userId, 'available'), amount: 750_000 },
    ])
    expect(await listOf(who)).toMatchObject([{ id: sent.id, status: 'approved', reason: null, decidedAt: t.clock.now() }])
    const records = await t.call('/fund/records', { kind: 'all', page: 1, size: 10 }, { headers: who.headers })
    expect(JSON.stringify(records.body.data)).toContain('recharge')
  })

  it('credits nothing for a rejected deposit and shows the reason', async () => {
    const who = await customer()
    const sent = (await recharge(who, { receiptUploadId: await receipt(who) })).body.data as Recharge
    expect(await decide(sent.id, false, 'No transfer of this amount arrived.')).toBe(true)
    expect(await decide(sent.id, true)).toBe(false)
    expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ available: 0, frozen: 0 })
    expect(await entriesOf(sent.id)).toEqual([])
    expect(await listOf(who)).toMatchObject([{ id: sent.id, status: 'rejected', reason: 'No transfer of this amount arrived.' }])
  })

  it('is approved by the demo reviewer after 5 s, not before', async () => {
    const who = await customer()
    const sent = (await recharge(who, { amount: 600_000, receiptUploadId: await receipt(who) })).body.data as Recharge
    t.clock.advance(4_000)
    await t.app.reviews.sweep(t.clock.now())
    expect((await listOf(who))[0]).toMatchObject({ status: 'pending' })
    t.clock.advance(1_000)
    await t.app.reviews.sweep(t.clock.now())
    expect((await listOf(who))[0]).toMatchObject({ id: sent.id, status: 'approved' })
    expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ available: 600_000 })
    expect((await entriesOf(sent.id)).map((e) => e.operator)).toEqual(['demo', 'demo'])
  })

  it('shows the back office the receipt and any other deposit that sent the same picture', async () => {
    const alice = await customer()
    const bob = await customer()
    const picture = JPEG
    const first = (await upload(alice, picture)).body.data as { id: number }
    const copy = (await upload(bob, picture)).body.data as { id: number }
    const a = (await recharge(alice, { receiptUploadId: first.id })).body.data as Recharge
    const b = (await recharge(bob, { receiptUploadId: copy.id })).body.data as Recharge
    const queue = await REVIEW_QUEUES.recharge.list(t.database.db, { status: 'pending', limit: 100 })
    const item = queue.find((i) => i.id === b.id)
    expect(item).toMatchObject({ userId: bob.userId, account: bob.account, evidence: [copy.id], facts: { amountPaise: 500_000, channel: 'upi', verifiedName: 'Asha Rao', sameReceiptInRecharges: String(a.id) } })
    expect(queue.findIndex((i) => i.id === a.id)).toBeLessThan(queue.findIndex((i) => i.id === b.id))
  })
})
