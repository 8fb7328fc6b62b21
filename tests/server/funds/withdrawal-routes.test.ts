/**
 * Withdrawals on a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): every
 * rule refuses with its code, concurrent requests never freeze more than the balance, and a
 * decision pays or unfreezes exactly once through the ledger.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { setFlag } from '../../../server/accounts/flag-repository'
import { balancesOf } from '../../../server/ledger/repository'
import { findUserByAccount } from '../../../server/accounts/repository'
import { decideWithdrawal } from '../../../server/funds/withdrawal-service'
import { createTestApp, type TestApp } from '../helpers'
import { grant } from '../trade/accounts'

let t: TestApp
type Headers = Record<string, string>
type Who = { account: string; userId: number; headers: Headers; cardId: number }
const FUND_PASSWORD = '246810'
let next = 9_710_000_000

/** A verified account with a fund password, a card and `paise` available. */
async function customer(paise: number): Promise<Who> {
  const account = String(++next)
  await t.register(account)
  const headers = await t.login(account, 'secret123')
  const userId = (await findUserByAccount(t.database.db, account))!.id
  // What an approved identity leaves (the review itself is tested in identity.test.ts).
  await t.database.db.updateTable('users').set({ real_name_status: 'verified', real_name: 'Asha Rao' }).where('id', '=', userId).execute()
  expect((await t.call('/user/fundPass', { password: 'secret123', fundPassword: FUND_PASSWORD, confirmFundPassword: FUND_PASSWORD }, { headers, key: true })).body.status).toBe(1)
  const card = await t.call('/user/addBankCard', { holder: 'Asha Rao', accountNumber: '123456789012', ifsc: 'SBIN0001234', bank: 'SBI', branch: 'Fort' }, { headers, key: true })
  if (paise > 0) await grant(t, userId, paise)
  return { account, userId, headers, cardId: (card.body.data as { id: number }).id }
}

const withdraw = (who: Who, amount: number, extra: Record<string, unknown> = {}) =>
  t.call('/user/withdraw', { amount, cardId: who.cardId, fundPassword: FUND_PASSWORD, ...extra }, { headers: who.headers, key: true })

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('POST /user/withdraw', () => {
  it('freezes the amount and lists the request as pending', async () => {
    const who = await customer(1_000_000)
    const res = await withdraw(who, 400_000)
    expect(res.body).toMatchObject({ status: 1, data: { amount: 400_000, status: 'pending', cardId: who.cardId } })
    expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ available: 600_000, frozen: 400_000 })
    const list = await t.call('/user/withdrawList', {}, { headers: who.headers })
    expect((list.body.data as { data: unknown[] }).data).toHaveLength(1)
  })

  it('refuses with the rule that says no', async () => {
    const who = await customer(1_000_000)
    expect((await withdraw(who, 100_000, { fundPassword: '000000' })).body.code).toBe('fund_password_wrong')
    expect((await withdraw(who, 9_999)).body).toMatchObject({ code: 'withdraw_below_min', params: { min: 10_000 } })
    expect((await withdraw(who, 1_000_001)).body).toMatchObject({ code: 'insufficient_balance', params: { available: 1_000_000, required: 1_000_001 } })
    const other = await customer(0)
    expect((await withdraw(who, 100_000, { cardId: other.cardId })).body.code).toBe('card_not_found')
    await setFlag(t.database.db, { userId: who.userId, flag: 'no_withdraw', reason: 'documents requested', setBy: 'test', now: t.clock.now() })
    expect((await withdraw(who, 100_000)).body).toMatchObject({ code: 'withdrawal_disabled', params: { reason: 'documents requested' } })
    expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ available: 1_000_000, frozen: 0 })
  })

  it('freezes exactly one of 200 simultaneous requests for the whole balance; the rest are told there is no money', async () => {
    const who = await customer(5_000_000)
    const replies = await Promise.all(Array.from({ length: 200 }, () => withdraw(who, 5_000_000)))
    expect(replies.filter((r) => r.body.status === 1)).toHaveLength(1)
    const refused = replies.filter((r) => r.body.status === 0)
    expect(refused).toHaveLength(199)
    expect(refused.every((r) => r.body.code === 'insufficient_balance')).toBe(true)
    expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ available: 0, frozen: 5_000_000 })
  })

  it('pays an approved request once, and gives a rejected one back', async () => {
    const who = await customer(1_000_000)
    const paid = (await withdraw(who, 300_000)).body.data as { id: number }
    const decide = (id: number, approve: boolean) =>
      t.database.db.transaction().execute((trx) => decideWithdrawal(trx, { id, approve, reason: approve ? null : 'card closed', operator: 'op:test', now: t.clock.now() }))
    expect(await decide(paid.id, true)).toBe(true)
    expect(await decide(paid.id, true)).toBe(false)
    expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ available: 700_000, frozen: 0 })
    const back = (await withdraw(who, 200_000)).body.data as { id: number }
    expect(await decide(back.id, false)).toBe(true)
    expect(await decide(back.id, true)).toBe(false)
    expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ available: 700_000, frozen: 0 })
    const entries = await sql<{ reason: string }>`select e.reason from ledger_entries e where e.reference in (${`withdrawal:${paid.id}`}, ${`withdrawal:${back.id}`}) order by e.id`.execute(t.database.db)
    expect(entries.rows.map((r) => r.reason)).toEqual(['withdrawal_freeze', 'withdrawal_paid', 'withdrawal_freeze', 'withdrawal_unfreeze'])
  })

  it('stops answering fund-password guesses after 5 wrong ones, and counts again after a right one', async () => {
    const who = await customer(1_000_000)
    for (let i = 0; i < 4; i++) expect((await withdraw(who, 100_000, { fundPassword: String(100_000 + i) })).body.code).toBe('fund_password_wrong')
    // A right one starts the count again.
    const first = (await withdraw(who, 100_000)).body.data as { id: number }
    // Decided, so the next request is not refused as another pending operation.
    await t.database.db.transaction().execute((trx) => decideWithdrawal(trx, { id: first.id, approve: false, reason: 'test', operator: 'test', now: t.clock.now() }))
    for (let i = 0; i < 5; i++) expect((await withdraw(who, 100_000, { fundPassword: String(200_000 + i) })).body.code).toBe('fund_password_wrong')
    const blocked = await withdraw(who, 100_000)
    expect(blocked.statusCode).toBe(429)
    expect(blocked.body).toMatchObject({ code: 'too_many_attempts', params: { retryAfter: 900 } })
    // Changing it is guarded by the same count; signing in is not.
    expect((await t.call('/user/fundPass', { oldFundPassword: FUND_PASSWORD, fundPassword: '135790', confirmFundPassword: '135790' }, { headers: who.headers, key: true })).statusCode).toBe(429)
    expect((await t.call('/user/login', { account: who.account, password: 'secret123' })).body.status).toBe(1)
    t.clock.advance(900 * 1000)
    expect((await withdraw(who, 100_000)).body.status).toBe(1)
  })

  it('is approved by the demo reviewer after 5 s', async () => {
    const who = await customer(1_000_000)
    await withdraw(who, 250_000)
    t.clock.advance(5_000)
    await t.app.reviews.sweep(t.clock.now())
    const list = (await t.call('/user/withdrawList', {}, { headers: who.headers })).body.data as { data: { status: string }[] }
    expect(list.data[0]).toMatchObject({ status: 'approved' })
    expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ available: 750_000, frozen: 0 })
  })
})
