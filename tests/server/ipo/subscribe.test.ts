/**
 * Applying for new shares, paying and waiving (issue 10) on a real database: every rule of applying
 * refuses with its code, one user's simultaneous requests file one application and freeze once, a
 * blocked application freezes its amount exactly, a payment moves exactly what is owed, and a
 * waiver's lots go to the next applications in draw order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import { setFlag } from '../../../server/accounts/flag-repository'
import { balancesOf, postEntry } from '../../../server/ledger/repository'
import { HOUSE_PROMOTIONS, LEDGER_REASONS, transfer, userAccount } from '../../../server/ledger/rules'
import { createTestApp, type TestApp } from '../helpers'
import { applicant, createIssue, drawIssue } from './fixtures'
import { reallocateReleased } from '../../../server/ipo/service'
import { lockIssue } from '../../../server/ipo/repository'
import { type IpoApplication } from '../../../src/contract/replies'

let t: TestApp
type Who = { userId: number; headers: Record<string, string> }

const HOUR = 60 * 60_000
const DAY = 24 * HOUR

const subscribe = (who: Who, id: number, lots: number) => t.call('/newStock/subscribe', { id, lots }, { headers: who.headers, key: true })
const application = (res: { body: { data?: unknown } }) => res.body.data as IpoApplication

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('POST /newStock/subscribe', () => {
  it('files a blocked application and freezes exactly lots x lot size x price', async () => {
    const issue = await createIssue(t.database.db, { at: t.clock.now() })
    const who = await applicant(t, 1_000_000)
    const res = await subscribe(who, issue.id, 3)
    expect(res.body).toMatchObject({ status: 1, data: { issueId: issue.id, lots: 3, amount: 300_000, status: 'applied', paymentMode: 'blocked', rank: null, owed: 0 } })
    expect(application(res).ref).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/)
    expect(application(res).pan).toMatch(/^AB\*{7}F$/)
    expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ available: 700_000, frozen: 300_000 })
  })

  it('freezes nothing for a pay-after-win issue', async () => {
    const issue = await createIssue(t.database.db, { at: t.clock.now(), payment_mode: 'pay_after_win' })
    const who = await applicant(t, 0)
    expect((await subscribe(who, issue.id, 2)).body).toMatchObject({ status: 1, data: { status: 'applied', amount: 200_000, paymentMode: 'pay_after_win' } })
    expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ available: 0, frozen: 0 })
  })

  it('refuses outside the window, before and after', async () => {
    const now = t.clock.now()
    const early = await createIssue(t.database.db, { at: now, opens_at: now + HOUR, closes_at: now + DAY })
    const late = await createIssue(t.database.db, { at: now, opens_at: now - DAY, closes_at: now - HOUR })
    const who = await applicant(t, 1_000_000)
    expect((await subscribe(who, early.id, 1)).body).toMatchObject({ status: 0, code: 'ipo_not_open', params: { opens: now + HOUR, closes: now + DAY } })
    expect((await subscribe(who, late.id, 1)).body).toMatchObject({ status: 0, code: 'ipo_not_open' })
    // The close is exclusive: at closes_at the list is frozen.
    const closing = await createIssue(t.database.db, { at: now, closes_at: now + HOUR })
    t.clock.advance(HOUR)
    try {
      expect((await subscribe(who, closing.id, 1)).body.code).toBe('ipo_not_open')
    } finally {
      t.clock.advance(-HOUR)
    }
    expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ frozen: 0 })
  })

  it('refuses lots below the minimum or above the retail cap, in whole lots', async () => {
    // 20,000,000 paise retail cap / (10 shares x 10,000 paise) = 200 lots.
    const issue = await createIssue(t.database.db, { at: t.clock.now(), min_lots: 2 })
    const who = await applicant(t, 100_000_000)
    expect((await subscribe(who, issue.id, 1)).body).toMatchObject({ code: 'ipo_lots_invalid', params: { min: 2, max: 200 } })
    expect((await subscribe(who, issue.id, 201)).body).toMatchObject({ code: 'ipo_lots_invalid', params: { min: 2, max: 200 } })
    expect((await subscribe(who, issue.id, 200)).body.status).toBe(1)
  })

  it('refuses without a verified identity, and an unknown issue', async () => {
    const issue = await createIssue(t.database.db, { at: t.clock.now() })
    const who = await applicant(t, 1_000_000, { verified: false })
    expect((await subscribe(who, issue.id, 1)).body).toMatchObject({ code: 'real_name_required', params: { status: 'none' } })
    expect((await subscribe(who, 999_999, 1)).body).toMatchObject({ code: 'ipo_not_found', params: { id: 999_999 } })
  })

  it('refuses a second application by the same user, and the same PAN from another account', async () => {
    const issue = await createIssue(t.database.db, { at: t.clock.now() })
    const who = await applicant(t, 1_000_000, { pan: 'PQRSX1234Z' })
    expect((await subscribe(who, issue.id, 1)).body.status).toBe(1)
    expect((await subscribe(who, issue.id, 1)).body).toMatchObject({ code: 'ipo_limit_reached', params: { limit: 1 } })
    const twin = await applicant(t, 1_000_000, { pan: 'PQRSX1234Z' })
    expect((await subscribe(twin, issue.id, 1)).body).toMatchObject({ code: 'ipo_pan_used' })
    expect(await balancesOf(t.database.db, twin.userId)).toMatchObject({ frozen: 0 })
  })

  it('refuses a blocked application the balance does not cover, and an account that may not trade', async () => {
    const issue = await createIssue(t.database.db, { at: t.clock.now() })
    const poor = await applicant(t, 99_999)
    expect((await subscribe(poor, issue.id, 1)).body).toMatchObject({ code: 'insufficient_balance', params: { available: 99_999, required: 100_000 } })
    const flagged = await applicant(t, 1_000_000)
    await setFlag(t.database.db, { userId: flagged.userId, flag: 'no_trade', reason: 'under review', setBy: 'test', now: t.clock.now() })
    expect((await subscribe(flagged, issue.id, 1)).body.code).toBe('trading_disabled')
  })

  it('files exactly one application and one freeze from 200 simultaneous requests by one user', async () => {
    const issue = await createIssue(t.database.db, { at: t.clock.now() })
    const who = await applicant(t, 100_000_000)
    const replies = await Promise.all(Array.from({ length: 200 }, () => t.call('/newStock/subscribe', { id: issue.id, lots: 1 }, { headers: who.headers, key: randomUUID() })))
    expect(replies.filter((r) => r.body.status === 1)).toHaveLength(1)
    expect(new Set(replies.filter((r) => r.body.status === 0).map((r) => r.body.code))).toEqual(new Set(['ipo_limit_reached']))
    const rows = await t.database.db.selectFrom('ipo_applications').selectAll().where('issue_id', '=', issue.id).execute()
    expect(rows).toHaveLength(1)
    expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ available: 100_000_000 - 100_000, frozen: 100_000 })
  })

  it('answers a replayed key with the first application and freezes once', async () => {
    const issue = await createIssue(t.database.db, { at: t.clock.now() })
    const who = await applicant(t, 1_000_000)
    const key = randomUUID()
    const first = await t.call('/newStock/subscribe', { id: issue.id, lots: 2 }, { headers: who.headers, key })
    const again = await t.call('/newStock/subscribe', { id: issue.id, lots: 2 }, { headers: who.headers, key })
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.body).toEqual(first.body)
    expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ frozen: 200_000 })
  })
})

describe('paying for and waiving an allotment (pay after win)', () => {
  /** Three applicants of an issue with 2 allottable lots, drawn: who got what, in draw order. */
  async function drawnIssue() {
    const issue = await createIssue(t.database.db, { at: t.clock.now(), payment_mode: 'pay_after_win', retail_shares: 20 })
    const people = [await applicant(t, 1_000_000), await applicant(t, 1_000_000), await applicant(t, 1_000_000)]
    const ids = new Map<number, Who>()
    for (const who of people) ids.set(application(await subscribe(who, issue.id, 1)).id, who)
    const drawAt = issue.draw_at
    await drawIssue(t.database.db, issue.id, drawAt)
    const rows = await t.database.db.selectFrom('ipo_applications').selectAll().where('issue_id', '=', issue.id).orderBy('rank').execute()
    return { issue, ranked: rows.map((r) => ({ row: r, who: ids.get(r.id)! })) }
  }

  it('pays exactly what is owed and then owes nothing', async () => {
    const start = t.clock.now()
    const { issue, ranked } = await drawnIssue()
    t.clock.set(issue.draw_at + HOUR)
    try {
      const [first, , third] = ranked
      expect(first!.row).toMatchObject({ status: 'pending_payment', allotted_lots: 1, pay_deadline: issue.refund_at })
      expect(third!.row).toMatchObject({ status: 'not_won', allotted_lots: 0 })
      const paid = await t.call('/newStock/pay', { id: first!.row.id }, { headers: first!.who.headers, key: true })
      expect(paid.body).toMatchObject({ status: 1, data: { status: 'paid', paidLots: 1, owed: 0 } })
      expect(await balancesOf(t.database.db, first!.who.userId)).toMatchObject({ available: 900_000, frozen: 0 })
      expect((await t.call('/newStock/pay', { id: first!.row.id }, { headers: first!.who.headers, key: true })).body).toMatchObject({ code: 'ipo_nothing_owed', params: { status: 'paid' } })
      expect((await t.call('/newStock/pay', { id: third!.row.id }, { headers: third!.who.headers, key: true })).body).toMatchObject({ code: 'ipo_nothing_owed', params: { status: 'not_won' } })
      // Another user's application is not theirs to pay.
      expect((await t.call('/newStock/pay', { id: first!.row.id }, { headers: third!.who.headers, key: true })).body.code).toBe('ipo_application_not_found')
    } finally {
      t.clock.set(start)
    }
  })

  it('refuses a payment past its deadline and one the balance does not cover', async () => {
    const start = t.clock.now()
    const { issue, ranked } = await drawnIssue()
    const [first, second] = ranked
    try {
      t.clock.set(issue.draw_at + HOUR)
      // The second allottee's cash goes elsewhere: 50,000 of the 100,000 owed is left.
      await t.database.db.transaction().execute((trx) =>
        postEntry(trx, transfer({ reason: LEDGER_REASONS.demoGrant, reference: 'test', from: userAccount(second!.who.userId, 'available'), to: HOUSE_PROMOTIONS, currency: 'INR', amount: 950_000 }), t.clock.now()),
      )
      expect((await t.call('/newStock/pay', { id: second!.row.id }, { headers: second!.who.headers, key: true })).body).toMatchObject({
        code: 'insufficient_balance',
        params: { available: 50_000, required: 100_000 },
      })
      t.clock.set(issue.refund_at)
      expect((await t.call('/newStock/pay', { id: first!.row.id }, { headers: first!.who.headers, key: true })).body).toMatchObject({
        code: 'ipo_payment_closed',
        params: { deadline: issue.refund_at },
      })
    } finally {
      t.clock.set(start)
    }
  })

  it("gives a waived allotment's lots to the next application in draw order, owed by the refund step", async () => {
    const start = t.clock.now()
    const { issue, ranked } = await drawnIssue()
    t.clock.set(issue.draw_at + HOUR)
    try {
      const [first, second, third] = ranked
      const waived = await t.call('/newStock/waive', { id: first!.row.id }, { headers: first!.who.headers, key: true })
      expect(waived.body).toMatchObject({ status: 1, data: { status: 'waived', allottedLots: 0, owed: 0 } })
      const rows = await t.database.db.selectFrom('ipo_applications').selectAll().where('issue_id', '=', issue.id).orderBy('rank').execute()
      expect(rows.map((r) => [r.status, r.allotted_lots])).toEqual([
        ['waived', 0],
        ['pending_payment', 1],
        ['pending_payment', 1],
      ])
      expect(rows[2]!.pay_deadline).toBe(issue.refund_at)
      expect(second!.row.status).toBe('pending_payment')
      // The new allottee sees what it owes in its records and can pay it.
      const records = await t.call('/newStock/records', { status: 'pending_payment' }, { headers: third!.who.headers })
      expect(records.body.data).toMatchObject({ total: 1, data: [{ id: third!.row.id, allottedLots: 1, owed: 100_000 }] })
      expect((await t.call('/newStock/pay', { id: third!.row.id }, { headers: third!.who.headers, key: true })).body).toMatchObject({ data: { status: 'paid' } })
      // A waiver moves no money.
      expect(await balancesOf(t.database.db, first!.who.userId)).toMatchObject({ available: 1_000_000, frozen: 0 })
      expect((await t.call('/newStock/waive', { id: first!.row.id }, { headers: first!.who.headers, key: true })).body.code).toBe('ipo_nothing_owed')
    } finally {
      t.clock.set(start)
    }
  })
  it('makes lots reallocated after the refund step due by the listing, and reallocates none from the listing on', async () => {
    const { issue, ranked } = await drawnIssue()
    const third = ranked[2]!.row
    const release = (at: number) =>
      t.database.db.transaction().execute(async (trx) => reallocateReleased(trx, (await lockIssue(trx, issue.id))!, 1, at))
    expect(await release(issue.listing_at)).toEqual([])
    expect(await release(issue.refund_at)).toEqual([{ id: third.id, lots: 1 }])
    const row = await t.database.db.selectFrom('ipo_applications').selectAll().where('id', '=', third.id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ status: 'pending_payment', allotted_lots: 1, pay_deadline: issue.listing_at })
  })
})
