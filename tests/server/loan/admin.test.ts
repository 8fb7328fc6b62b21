/**
 * Loans in the back office (issue 12): the loan and credit queues through the operator's routes,
 * a decision that can approve or reject with a reason and change nothing else (amount, rate and
 * terms stay as applied), and a route list that still has no way to set a score, a rate or a
 * balance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_PREFIX } from '../../../server/admin/routes'
import { balancesOf } from '../../../server/ledger/repository'
import { type ReviewItem } from '../../../src/contract/admin-replies'
import { type CreditRequest, type LoanInfo } from '../../../src/contract/replies'
import { ADMIN_PATHS } from '../admin/admin-paths'
import { createTestApp, operatorDesk, type OperatorDesk, type TestApp } from '../helpers'
import { borrower, calls, loanOf } from './fixtures'

let t: TestApp
let desk: OperatorDesk
let api: ReturnType<typeof calls>

beforeAll(async () => {
  t = await createTestApp()
  desk = await operatorDesk(t)
  api = calls(t)
})
afterAll(() => t.close())

describe('the loan and credit queues', () => {
  it('are listed with their titles and what waits', async () => {
    const who = await borrower(t)
    await api.apply(who, 1_000_000)
    await api.credit(who, 500_000)
    const kinds = (await desk.admin('/reviews/kinds', {})).body.data as { data: { kind: string; title: string; pending: number }[] }
    expect(kinds.data).toEqual(
      expect.arrayContaining([
        { kind: 'loan', title: 'Loans', pending: 1 },
        { kind: 'credit', title: 'Credit requests', pending: 1 },
      ]),
    )
  })

  it('approve pays out the amount applied for at the rate applied for, whatever else the request says', async () => {
    const who = await borrower(t)
    const loan = loanOf(await api.apply(who, 2_000_000))
    const list = (await desk.admin('/reviews/list', { kind: 'loan', status: 'pending' })).body.data as { data: ReviewItem[] }
    expect(list.data.find((i) => i.id === loan.id)).toMatchObject({ facts: { amountPaise: 2_000_000, dailyRatePerLakh: 40, termDays: 30, score: 500, borrowablePaise: 5_000_000 } })
    const decided = await desk.admin('/reviews/decide', { kind: 'loan', id: loan.id, approve: true, amount: 99_000_000, dailyRatePerLakh: 0, termDays: 365, score: 900 })
    expect(decided.body, decided.raw).toMatchObject({ status: 1 })
    expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ available: 2_000_000 })
    expect((await api.info(who)).body.data).toMatchObject({ score: 500, unpaid: { id: loan.id, amount: 2_000_000, dailyRatePerLakh: 40, termDays: 30, status: 'borrowing' } })
    expect((await desk.admin('/reviews/decide', { kind: 'loan', id: loan.id, approve: false, reason: 'changed my mind' })).body).toMatchObject({ status: 0, code: 'review_already_decided' })
    expect((await desk.auditActions()).some((a) => a.action === 'review_approved' && a.subject === `loan:${loan.id}`)).toBe(true)
  })

  it('a rejection needs the reason the user then sees', async () => {
    const who = await borrower(t)
    const loan = loanOf(await api.apply(who, 2_000_000))
    expect((await desk.admin('/reviews/decide', { kind: 'loan', id: loan.id, approve: false })).body).toMatchObject({ status: 0, code: 'reason_required' })
    expect((await desk.admin('/reviews/decide', { kind: 'loan', id: loan.id, approve: false, reason: 'Income not shown' })).body).toMatchObject({ status: 1 })
    const records = (await api.records(who)).body.data as { data: { status: string; reason: string | null }[] }
    expect(records.data[0]).toMatchObject({ status: 'rejected', reason: 'Income not shown' })
    expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ available: 0 })
  })

  it('a credit request approved adds its amount to what may be borrowed, nothing more', async () => {
    const who = await borrower(t)
    const request = (await api.credit(who, 1_000_000)).body.data as CreditRequest
    expect((await desk.admin('/reviews/decide', { kind: 'credit', id: request.id, approve: true, amount: 100_000_000 })).body).toMatchObject({ status: 1 })
    expect((await api.info(who)).body.data as LoanInfo).toMatchObject({ extraCredit: 1_000_000, borrowable: 6_000_000 })
  })
})

describe("the demo's automatic reviewer", () => {
  it('approves a loan and a credit request like the other queues, by the same path', async () => {
    const who = await borrower(t)
    const loan = loanOf(await api.apply(who, 1_500_000))
    const request = (await api.credit(who, 300_000)).body.data as CreditRequest
    t.clock.advance(t.config.autoReviewSeconds! * 1000)
    expect(await t.app.reviews.sweep(t.clock.now())).toBeGreaterThanOrEqual(2)
    expect((await api.info(who)).body.data).toMatchObject({ unpaid: { id: loan.id, status: 'borrowing' }, extraCredit: 300_000, creditRequest: { id: request.id, status: 'approved' } })
    expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ available: 1_500_000 })
  })
})

describe('what the back office cannot do', () => {
  it('has no route that sets a score, a rate or a balance: the list is unchanged', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> }
    const paths = Object.keys(doc.paths).filter((path) => path.startsWith(ADMIN_PREFIX))
    expect(paths.sort()).toEqual([...ADMIN_PATHS].sort())
    expect(paths.filter((p) => /score|rate|balance|loan|credit|interest/i.test(p.slice(ADMIN_PREFIX.length)))).toEqual([])
  })
})
