/**
 * /user/export on the real app: two users with data of every common kind; A's file holds A's
 * rows and nothing of B's (B's account, ids, card and order numbers are searched for in the
 * JSON), and no secret (hashes, tokens, the TOTP secret, pictures' bytes).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DataExport, type TotpSetup } from '../../../src/contract/replies'
import { createTestApp, type TestApp } from '../helpers'
import { type Trader, trader } from '../trade/accounts'
import { base32Decode, totpAt } from '../../../server/totp/totp'

let t: TestApp
let a: Trader
let b: Trader
const cards: Record<string, string> = {}
const orders: Record<string, string[]> = {}

async function activity(who: Trader, symbol: string, holder: string, accountNumber: string): Promise<void> {
  expect((await t.call('/user/addOptional', { symbol }, { headers: who.headers, key: true })).body.status).toBe(1)
  await t.database.db.updateTable('users').set({ real_name: holder }).where('id', '=', who.userId).execute()
  const card = await t.call('/user/addBankCard', { holder, accountNumber, ifsc: 'SBIN0001234', bank: 'SBI', branch: 'Fort' }, { headers: who.headers, key: true })
  expect(card.body, card.raw).toMatchObject({ status: 1 })
  cards[who.account] = accountNumber
  const order = await t.call('/order/create', { symbol, direction: 'long', type: 'market', lots: 1, leverage: 1 }, { headers: who.headers, key: true })
  expect(order.body, order.raw).toMatchObject({ status: 1 })
  orders[who.account] = [String((order.body.data as { orderNo: string }).orderNo)]
  expect((await t.call('/user/signIn', {}, { headers: who.headers, key: true })).body.status).toBe(1)
  // A wrong password for the account: a failed sign-in on record.
  await t.call('/user/login', { account: who.account, password: 'not-it-at-all' })
}

beforeAll(async () => {
  t = await createTestApp()
  a = await trader(t, '9730000001', 50_000_000)
  b = await trader(t, '9730000002', 70_000_000)
  await activity(a, 'ITC', 'Asha Rao', '111122223333')
  await activity(b, 'RELIANCE', 'Bimal Sen', '999988887777')
  // A turns two-step sign-in on: the export says so and never holds the secret.
  const setup = (await t.call('/user/totp/setup', { password: 'secret123' }, { headers: a.headers })).body.data as TotpSetup
  expect((await t.call('/user/totp/enable', { code: totpAt(base32Decode(setup.secret), t.clock.now()) }, { headers: a.headers })).body.status).toBe(1)
  cards.secret = setup.secret
})
afterAll(() => t.close())

describe('/user/export', () => {
  it("is a JSON file of the caller's data, named after the account", async () => {
    const res = await t.call('/user/export', {}, { headers: a.headers })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.headers['content-disposition']).toBe(`attachment; filename="tijori-data-${a.account}.json"`)
    const file = JSON.parse(res.raw) as DataExport
    expect(file).toMatchObject({ format: 'tijori-data-export', version: 1, account: a.account, exportedAt: t.clock.now() })
    const s = file.sections
    expect(s.profile).toEqual([expect.objectContaining({ id: a.userId, account: a.account, realName: 'Asha Rao', fundPasswordSet: false, twoStepSignIn: true })])
    expect(s.watchlist).toEqual([expect.objectContaining({ userId: a.userId, symbol: 'ITC' })])
    expect(s.bankCards).toEqual([expect.objectContaining({ holder: 'Asha Rao', accountNumber: '111122223333' })])
    expect(s.orders).toEqual([expect.objectContaining({ userId: a.userId, symbol: 'ITC', orderNo: orders[a.account]![0] })])
    expect(s.signIns).toHaveLength(1)
    expect(s.sessions!.length).toBeGreaterThanOrEqual(1)
    expect(s.sessions![0]).toEqual(expect.objectContaining({ clientIp: '127.0.0.1' }))
    expect(s.failedSignIns).toHaveLength(1)
    expect(s.twoStepSignIn).toEqual([expect.objectContaining({ enabledAt: t.clock.now() })])
    // The grant, the order's debit, the sign-in reward: every leg on A's own pockets.
    expect(s.ledger!.length).toBeGreaterThanOrEqual(3)
    for (const leg of s.ledger!) expect(String(leg.account)).toMatch(new RegExp(`^user:${a.userId}:`))
    for (const name of ['supportThreads', 'supportMessages', 'quizAttempts', 'inbox', 'audit', 'loans', 'ipoApplications', 'blockApplications', 'followInvestments', 'vipChanges', 'dividendApplications']) {
      expect(Array.isArray(s[name]), name).toBe(true)
    }
  })

  it("holds nothing of anyone else's, and no secret", async () => {
    const raw = (await t.call('/user/export', {}, { headers: a.headers })).raw
    expect(raw).not.toContain(b.account)
    expect(raw).not.toContain('Bimal Sen')
    expect(raw).not.toContain(cards[b.account])
    expect(raw).not.toContain(orders[b.account]![0])
    expect(raw).not.toContain('RELIANCE')
    expect(raw).not.toContain(`user:${b.userId}:`)
    expect(raw).not.toMatch(new RegExp(`"userId":${b.userId}[,}]`))
    for (const secret of ['passwordHash', 'password_hash', 'fundPasswordHash', 'tokenHash', 'token_hash', 'codeHash', 'bytes', cards.secret!, a.headers.token!]) {
      expect(raw, secret).not.toContain(secret)
    }
    // And B's file is B's.
    const other = JSON.parse((await t.call('/user/export', {}, { headers: b.headers })).raw) as DataExport
    expect(other.account).toBe(b.account)
    expect(JSON.stringify(other)).not.toContain(a.account)
  })

  it('needs a session', async () => {
    const res = await t.call('/user/export', {})
    expect(res.statusCode).toBe(401)
    expect(res.body).toMatchObject({ status: 0, code: 'unauthorized' })
  })
})
