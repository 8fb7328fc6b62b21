/**
 * Account deletion on the real app: the request page (blockers, what is kept until when), the
 * blockers that refuse a request, the password, one pending request at a time, cancelling, and
 * the review queue 'deletion' where a person approves (audited; the account is closed: its old
 * session is ended, sign-in is refused, the watchlist and second factor are erased, the ledger and
 * orders kept with their keep-until) or rejects. The demo's automatic reviewer never decides one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ReviewItem } from '../../../src/contract/admin-replies'
import { type DeletionInfo } from '../../../src/contract/replies'
import { findUserByAccount } from '../../../server/accounts/repository'
import { addYears } from '../../../server/privacy/rules'
import { createTestApp, operatorDesk, type OperatorDesk, type TestApp } from '../helpers'
import { grant, type Trader, trader } from '../trade/accounts'

let t: TestApp
let desk: OperatorDesk
let next = 9_740_000_000

beforeAll(async () => {
  t = await createTestApp()
  desk = await operatorDesk(t)
})
afterAll(() => t.close())

const info = async (who: Trader) => (await t.call('/user/deletion/info', {}, { headers: who.headers })).body.data as DeletionInfo
const ask = (who: Trader, password = 'secret123') => t.call('/user/deletion/request', { password }, { headers: who.headers, key: true })
const cancel = (who: Trader) => t.call('/user/deletion/cancel', {}, { headers: who.headers, key: true })
const queue = async (status: 'pending' | 'approved' | 'rejected' = 'pending') =>
  ((await desk.admin('/reviews/list', { kind: 'deletion', status })).body.data as { data: ReviewItem[] }).data
const decide = (id: number, approve: boolean, reason?: string) => desk.admin('/reviews/decide', { kind: 'deletion', id, approve, ...(reason ? { reason } : {}) })

/** A signed-in account with nothing in it (nothing blocks its deletion). */
const emptyAccount = () => trader(t, String(++next), 0)

describe('the request page', () => {
  it('says what the law keeps and until when, counted from now while the account is open', async () => {
    const who = await emptyAccount()
    const now = t.clock.now()
    expect(await info(who)).toEqual({
      request: null,
      blockers: [],
      keep: [
        { record: 'financial', years: 5, until: addYears(now, 5) },
        { record: 'investment', years: 10, until: addYears(now, 10) },
      ],
    })
    const published = (await t.call('/common/config', {})).body.data as { name: string; value: string }[]
    expect(published.filter((c) => c.name.startsWith('privacy_'))).toEqual([
      { name: 'privacy_financial_years', value: '5' },
      { name: 'privacy_investment_years', value: '10' },
      { name: 'privacy_consent_age', value: '14' },
    ])
  })
})

describe('asking', () => {
  it('is refused while money is left, and names every blocker on the page', async () => {
    const who = await trader(t, String(++next), 10_000_000)
    expect((await info(who)).blockers).toEqual(['balance'])
    expect((await ask(who)).body).toMatchObject({ status: 0, code: 'deletion_blocked', params: { reason: 'balance' } })
    const order = await t.call('/order/create', { symbol: 'ITC', direction: 'long', type: 'market', lots: 1, leverage: 1 }, { headers: who.headers, key: true })
    expect(order.body, order.raw).toMatchObject({ status: 1 })
    // A long limit a little under the price it just filled at: it rests as pending.
    const filledAt = (await t.database.db.selectFrom('orders').select('entry_price').where('user_id', '=', who.userId).executeTakeFirstOrThrow()).entry_price!
    const limit = await t.call('/order/create', { symbol: 'ITC', direction: 'long', type: 'limit', price: Math.round(filledAt * 0.98), lots: 1, leverage: 1 }, { headers: who.headers, key: true })
    expect(limit.body, limit.raw).toMatchObject({ status: 1 })
    expect((await info(who)).blockers).toEqual(['open_positions', 'pending_orders', 'balance'])
    expect((await ask(who)).body).toMatchObject({ code: 'deletion_blocked', params: { reason: 'open_positions' } })
    expect((await info(who)).request).toBeNull()
  })

  it('a pending withdrawal blocks too', async () => {
    const who = await emptyAccount()
    await t.database.db.insertInto('bank_cards').values({ user_id: who.userId, holder: 'Test Trader', account_number: '123412341234', ifsc: 'SBIN0001234', bank: 'SBI', branch: 'Fort', created_at: t.clock.now() }).execute()
    const card = await t.database.db.selectFrom('bank_cards').select('id').where('user_id', '=', who.userId).executeTakeFirstOrThrow()
    await t.database.db.insertInto('withdrawals').values({ user_id: who.userId, card_id: card.id, amount: 10_000, reason: null, decided_by: null, created_at: t.clock.now(), decided_at: null }).execute()
    expect((await ask(who)).body).toMatchObject({ code: 'deletion_blocked', params: { reason: 'fund_operation_pending' } })
  })

  it('needs the login password; one request waits at a time; it can be withdrawn', async () => {
    const who = await emptyAccount()
    expect((await ask(who, 'wrong-password')).body.code).toBe('password_wrong')
    const asked = await ask(who)
    expect(asked.body, asked.raw).toMatchObject({ status: 1, data: { request: { status: 'pending', reason: null, createdAt: t.clock.now(), decidedAt: null }, blockers: [] } })
    expect((await ask(who)).body.code).toBe('deletion_pending')
    // Replayed with its key: the stored reply, not a second request.
    const key = 'deletion-replay-key'
    await cancel(who)
    const first = await t.call('/user/deletion/request', { password: 'secret123' }, { headers: who.headers, key })
    const again = await t.call('/user/deletion/request', { password: 'secret123' }, { headers: who.headers, key })
    expect(again.body).toEqual(first.body)
    const rows = await t.database.db.selectFrom('deletion_requests').select('status').where('user_id', '=', who.userId).orderBy('id').execute()
    expect(rows.map((r) => r.status)).toEqual(['cancelled', 'pending'])

    t.clock.advance(60_000)
    const cancelled = await cancel(who)
    expect(cancelled.body).toMatchObject({ status: 1, data: { request: { status: 'cancelled', decidedAt: t.clock.now() } } })
    expect((await cancel(who)).body.code).toBe('deletion_not_pending')
  })
})

describe('racing requests', () => {
  it('five at once make one request; the rest are told one is pending', async () => {
    const who = await emptyAccount()
    const replies = await Promise.all(Array.from({ length: 5 }, () => ask(who)))
    expect(replies.filter((r) => r.body.status === 1)).toHaveLength(1)
    expect(replies.filter((r) => r.body.code === 'deletion_pending')).toHaveLength(4)
    expect(await t.database.db.selectFrom('deletion_requests').select('id').where('user_id', '=', who.userId).execute()).toHaveLength(1)
  })
})

describe('the review', () => {
  it('is a people-only queue: the demo reviewer leaves it alone', async () => {
    const who = await emptyAccount()
    const request = ((await ask(who)).body.data as DeletionInfo).request!
    t.clock.advance(60_000)
    await t.app.reviews.sweep(t.clock.now())
    expect((await info(who)).request).toMatchObject({ id: request.id, status: 'pending' })
    const kinds = (await desk.admin('/reviews/kinds', {})).body.data as { data: { kind: string; title: string; pending: number }[] }
    expect(kinds.data).toContainEqual(expect.objectContaining({ kind: 'deletion', title: 'Account deletions' }))
    await decide(request.id, false, 'Tidy up')
  })

  it('approved: audited, the account closed for good, what no law keeps erased, the rest kept until its time', async () => {
    const who = await trader(t, String(++next), 100_000)
    expect((await t.call('/user/addOptional', { symbol: 'ITC' }, { headers: who.headers, key: true })).body.status).toBe(1)
    // Spend the money on a trade and close it: an order to keep, and a wallet to empty by hand.
    await t.database.db.transaction().execute(async (trx) => {
      const { HOUSE_PROMOTIONS, LEDGER_REASONS, transfer, userAccount } = await import('../../../server/ledger/rules')
      const { postEntry } = await import('../../../server/ledger/repository')
      await postEntry(trx, transfer({ reason: LEDGER_REASONS.demoGrant, reference: 'test-back', from: userAccount(who.userId, 'available'), to: HOUSE_PROMOTIONS, currency: 'INR', amount: 100_000 }), t.clock.now())
    })
    const request = ((await ask(who)).body.data as DeletionInfo).request!
    const listed = (await queue()).find((i) => i.id === request.id)
    expect(listed).toMatchObject({
      account: who.account,
      userId: who.userId,
      facts: { availablePaise: 0, frozenPaise: 0, blockers: null, financialYears: 5, investmentYears: 10, closedAt: null, financialKeptUntil: null },
    })

    t.clock.advance(60_000)
    const at = t.clock.now()
    const decided = await decide(request.id, true)
    expect(decided.body, decided.raw).toMatchObject({ status: 1 })
    const actions = await desk.auditActions()
    expect(actions.some((a) => a.action === 'review_approved' && a.subject === `deletion:${request.id}`)).toBe(true)
    expect(actions.find((a) => a.action === 'account_closed' && a.subject === `deletion:${request.id}`)?.detail).toEqual({
      keepFinancialUntil: addYears(at, 5),
      keepInvestmentUntil: addYears(at, 10),
    })

    // The old session is ended, and the password no longer signs in.
    expect((await t.call('/user/info', {}, { headers: who.headers })).statusCode).toBe(401)
    expect((await t.call('/user/login', { account: who.account, password: 'secret123' })).body).toMatchObject({ status: 0, code: 'account_closed' })
    expect((await t.call('/user/login', { account: who.account, password: 'wrong-one' })).body.code).toBe('login_failed')

    const user = (await findUserByAccount(t.database.db, who.account))!
    expect(user).toMatchObject({ closed_at: at, keep_financial_until: addYears(at, 5), keep_investment_until: addYears(at, 10), fund_password_hash: null })
    expect(await t.database.db.selectFrom('watchlist').selectAll().where('user_id', '=', who.userId).execute()).toEqual([])
    expect((await t.database.db.selectFrom('ledger_legs').select('id').where('account', '=', `user:${who.userId}:available`).execute()).length).toBeGreaterThan(0)
    expect((await queue('approved')).find((i) => i.id === request.id)).toMatchObject({ facts: { closedAt: new Date(at).toISOString(), financialKeptUntil: new Date(addYears(at, 5)).toISOString() } })
    expect((await decide(request.id, false, 'late')).body.code).toBe('review_already_decided')
  })

  it('approval re-checks the blockers: money arrived since the request, nothing changes', async () => {
    const who = await emptyAccount()
    const request = ((await ask(who)).body.data as DeletionInfo).request!
    await grant(t, who.userId, 50_000)
    const refused = await decide(request.id, true)
    expect(refused.body).toMatchObject({ status: 0, code: 'deletion_blocked', params: { reason: 'balance' } })
    expect((await info(who)).request).toMatchObject({ status: 'pending' })
    expect((await t.call('/user/info', {}, { headers: who.headers })).statusCode).toBe(200)
  })

  it('rejected with a reason: the user sees it and keeps the account', async () => {
    const who = await emptyAccount()
    const request = ((await ask(who)).body.data as DeletionInfo).request!
    expect((await decide(request.id, false)).body.code).toBe('reason_required')
    expect((await decide(request.id, false, 'A complaint about this account is still open')).body.status).toBe(1)
    expect((await info(who)).request).toMatchObject({ id: request.id, status: 'rejected', reason: 'A complaint about this account is still open' })
    expect((await t.call('/user/login', { account: who.account, password: 'secret123' })).body.status).toBe(1)
    expect((await desk.auditActions()).some((a) => a.action === 'review_rejected' && a.subject === `deletion:${request.id}`)).toBe(true)
  })
})

describe('isolation', () => {
  it("one user's request is not another's to cancel or see", async () => {
    const one = await emptyAccount()
    const two = await emptyAccount()
    await ask(one)
    expect((await cancel(two)).body.code).toBe('deletion_not_pending')
    expect((await info(two)).request).toBeNull()
    expect((await info(one)).request).toMatchObject({ status: 'pending' })
  })
})
