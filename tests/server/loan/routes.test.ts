/**
 * Credit loans' routes (issue 12) on a real database: the score read from the account with its
 * arithmetic, every refusal of applying, repaying, cancelling and asking for credit in the
 * published order, the review paying out one ledger entry, interest accrued by the job once a
 * day, repayments interest first to completion, the records, and the withdrawal refused below
 * the published credit score.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { balancesOf, entriesOfUser } from '../../../server/ledger/repository'
import { DAY_MS, dailyInterest } from '../../../src/lib/loan'
import { indiaDay } from '../../../src/lib/dates'
import { type CreditRequest, type LoanInfo, type LoanRecord } from '../../../src/contract/replies'
import { createTestApp, type TestApp } from '../helpers'
import { bookBalance, borrower, calls, decide, loanOf, owedOnBooks } from './fixtures'

let t: TestApp
let api: ReturnType<typeof calls>
let defaults: TestApp['config']['loans']

beforeAll(async () => {
  t = await createTestApp()
  api = calls(t)
  defaults = { ...t.config.loans }
})
beforeEach(() => {
  // Tests that change a published rule change the app's own config object; each starts from the defaults.
  Object.assign(t.config.loans, defaults)
})
afterAll(() => t.close())

/** What today's applications that still count have asked, as the quota sums it. */
async function appliedToday(): Promise<number> {
  const row = await t.database.db
    .selectFrom('loans')
    .select((eb) => eb.fn.sum<string | number | null>('amount').as('s'))
    .where('day', '=', indiaDay(t.clock.now()))
    .where('status', 'in', ['pending', 'borrowing', 'completed'])
    .executeTakeFirstOrThrow()
  return Number(row.s ?? 0)
}

const sweepLoans = async () => (await t.app.jobs.sweep('loan', t.clock.now())) as { ran: boolean; result?: number }

describe('POST /loan/info', () => {
  it('computes the score from the account with each input and its points, and what it can borrow', async () => {
    const who = await borrower(t)
    const res = await api.info(who)
    expect(res.body.status, res.raw).toBe(1)
    const info = res.body.data as LoanInfo
    expect(info).toMatchObject({
      score: 500,
      base: 300,
      tableAmount: 5_000_000,
      extraCredit: 0,
      borrowable: 5_000_000,
      dailyRate: 40,
      annualRateBps: 1460,
      termDays: 30,
      min: 100_000,
      withdrawMinScore: 300,
      channelOpen: true,
      unpaid: null,
      creditRequest: null,
      computedAt: t.clock.now(),
    })
    expect(info.inputs).toEqual([
      { name: 'identity_verified', value: 1, points: 200 },
      { name: 'account_age_days', value: 0, points: 0 },
      { name: 'trades', value: 0, points: 0 },
      { name: 'loans_repaid_on_time', value: 0, points: 0 },
      { name: 'late_repayments', value: 0, points: 0 },
    ])
  })

  it("counts the positions opened in the last 90 days, and the account's whole days", async () => {
    const who = await borrower(t, 50_000_000)
    const order = await t.call('/order/create', { symbol: 'RELIANCE', type: 'market', direction: 'long', lots: 1, leverage: 1 }, { headers: who.headers, key: true })
    expect(order.body.status, order.raw).toBe(1)
    await t.app.trading.sweep(t.clock.now())
    const opened = await t.database.db.selectFrom('orders').select('opened_at').where('user_id', '=', who.userId).executeTakeFirstOrThrow()
    expect(opened.opened_at).not.toBeNull()
    expect(((await api.info(who)).body.data as LoanInfo).inputs).toContainEqual({ name: 'trades', value: 1, points: 2 })
    const start = t.clock.now()
    t.clock.set(opened.opened_at! + 90 * DAY_MS)
    who.headers = await t.login(who.account, 'secret123')
    const info = (await api.info(who)).body.data as LoanInfo
    expect(info.inputs).toContainEqual({ name: 'trades', value: 0, points: 0 })
    expect(info.inputs).toContainEqual({ name: 'account_age_days', value: Math.floor((t.clock.now() - start) / DAY_MS), points: Math.min(100, Math.floor((t.clock.now() - start) / DAY_MS)) })
    t.clock.set(start)
  })

  it('an unverified account scores the base only and can borrow nothing', async () => {
    const who = await borrower(t, 0, { verified: false })
    expect((await api.info(who)).body.data).toMatchObject({ score: 300, tableAmount: 0, borrowable: 0 })
  })
})

describe('POST /loan/apply', () => {
  it('files a pending application with the terms of the day copied onto it; no money moves', async () => {
    const who = await borrower(t)
    const res = await api.apply(who, 1_000_000)
    expect(res.body, res.raw).toMatchObject({
      status: 1,
      data: { amount: 1_000_000, dailyRatePerLakh: 40, termDays: 30, status: 'pending', reason: null, principalOutstanding: 0, owed: 0, disbursedAt: null, dueAt: null, overdue: false },
    })
    expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ available: 0 })
    const row = await t.database.db.selectFrom('loans').selectAll().where('id', '=', loanOf(res).id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ score: 500, borrowable: 5_000_000, day: '2026-01-10' })
    expect((await api.info(who)).body.data).toMatchObject({ unpaid: { id: loanOf(res).id, status: 'pending' } })
  })

  it('refuses in the published order: channel, identity, unpaid, in review, minimum, limit, quota', async () => {
    const who = await borrower(t)
    t.config.loans.channelOpen = false
    expect((await api.apply(who, 1_000_000)).body).toMatchObject({ status: 0, code: 'loan_channel_closed' })
    t.config.loans.channelOpen = true

    const stranger = await borrower(t, 0, { verified: false })
    expect((await api.apply(stranger, 1_000_000)).body).toMatchObject({ status: 0, code: 'real_name_required', params: { status: 'none' } })

    expect((await api.apply(who, 0)).body).toMatchObject({ status: 0, code: 'loan_below_min', params: { min: 100_000 } })
    expect((await api.apply(who, 99_999)).body).toMatchObject({ status: 0, code: 'loan_below_min', params: { min: 100_000 } })
    expect((await api.apply(who, 5_000_001)).body).toMatchObject({ status: 0, code: 'loan_limit_insufficient', params: { borrowable: 5_000_000, score: 500 } })

    t.config.loans.dailyQuota = (await appliedToday()) + 4_999_999
    expect((await api.apply(who, 5_000_000)).body).toMatchObject({ status: 0, code: 'loan_quota_full' })
    const applied = await api.apply(who, 4_999_999)
    expect(applied.body, applied.raw).toMatchObject({ status: 1 })
    const id = loanOf(applied).id
    t.config.loans.dailyQuota = defaults.dailyQuota

    expect((await api.apply(who, 100_000)).body).toMatchObject({ status: 0, code: 'loan_pending_review', params: { id } })
    expect(await decide(t, 'loan', id, true)).toBe(true)
    expect((await api.apply(who, 100_000)).body).toMatchObject({ status: 0, code: 'loan_unpaid', params: { id } })
    // The channel is checked before anything else, even for an account with a loan.
    t.config.loans.channelOpen = false
    expect((await api.apply(who, 100_000)).body).toMatchObject({ status: 0, code: 'loan_channel_closed' })
  })

  it('the quota counts a day: a rejected or cancelled application gives its amount back, the next India day starts afresh', async () => {
    const [a, b] = [await borrower(t), await borrower(t)]
    t.config.loans.dailyQuota = (await appliedToday()) + 3_000_000
    const first = loanOf(await api.apply(a, 3_000_000))
    expect((await api.apply(b, 100_000)).body).toMatchObject({ status: 0, code: 'loan_quota_full' })
    expect(await decide(t, 'loan', first.id, false, 'Income not shown')).toBe(true)
    expect((await api.apply(b, 3_000_000)).body).toMatchObject({ status: 1 })
    expect((await api.apply(a, 100_000)).body).toMatchObject({ status: 0, code: 'loan_quota_full' })
    t.clock.advance(DAY_MS)
    expect((await api.apply(a, 100_000)).body).toMatchObject({ status: 1 })
  })

  it("simultaneous applications by many accounts never pass the day's quota", async () => {
    const many = await Promise.all(Array.from({ length: 20 }, () => borrower(t)))
    t.config.loans.dailyQuota = (await appliedToday()) + 7 * 1_000_000 + 999_999
    const replies = await Promise.all(many.map((who) => api.apply(who, 1_000_000)))
    expect(replies.every((r) => r.statusCode < 500)).toBe(true)
    expect(replies.filter((r) => r.body.status === 1)).toHaveLength(7)
    expect(replies.filter((r) => r.body.status === 0).every((r) => r.body.code === 'loan_quota_full')).toBe(true)
    expect(await appliedToday()).toBe(t.config.loans.dailyQuota - 999_999)
  })

  it('answers a retried key with the same loan and files one', async () => {
    const who = await borrower(t)
    const first = await api.apply(who, 200_000, 'loan-retry-key')
    const again = await api.apply(who, 200_000, 'loan-retry-key')
    expect(again.raw).toBe(first.raw)
    expect(await t.database.db.selectFrom('loans').select('id').where('user_id', '=', who.userId).execute()).toHaveLength(1)
  })

  it('200 simultaneous applications by one account make one loan', async () => {
    const who = await borrower(t)
    const replies = await Promise.all(Array.from({ length: 200 }, () => api.apply(who, 1_000_000)))
    expect(replies.every((r) => r.statusCode < 500)).toBe(true)
    expect(replies.filter((r) => r.body.status === 1)).toHaveLength(1)
    expect(new Set(replies.filter((r) => r.body.status === 0).map((r) => r.body.code))).toEqual(new Set(['loan_pending_review']))
    expect(await t.database.db.selectFrom('loans').select('id').where('user_id', '=', who.userId).execute()).toHaveLength(1)
  })
})

describe('the review', () => {
  it('approving pays the principal out as one ledger entry and starts the loan: due date and the free first day set', async () => {
    const who = await borrower(t)
    const loan = loanOf(await api.apply(who, 2_000_000))
    const book = await bookBalance(t)
    t.clock.advance(60_000)
    const at = t.clock.now()
    expect(await decide(t, 'loan', loan.id, true)).toBe(true)
    expect(await decide(t, 'loan', loan.id, true)).toBe(false)
    expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ available: 2_000_000 })
    expect(await bookBalance(t)).toBe(book - 2_000_000)
    const entries = (await entriesOfUser(t.database.db, who.userId)).filter((e) => e.reason === 'loan_disbursement')
    expect(entries).toHaveLength(1)
    expect(entries[0]!.reference).toBe(`loan:${loan.id}`)
    expect((await api.info(who)).body.data).toMatchObject({
      unpaid: { id: loan.id, status: 'borrowing', principalOutstanding: 2_000_000, owed: 2_000_000, disbursedAt: at, dueAt: at + 30 * DAY_MS, coolingOffUntil: at + DAY_MS },
    })
  })

  it('rejecting records the reason the user sees; the account may apply again', async () => {
    const who = await borrower(t)
    const loan = loanOf(await api.apply(who, 2_000_000))
    expect(await decide(t, 'loan', loan.id, false, 'Too many open applications today')).toBe(true)
    const records = (await api.records(who)).body.data as { data: LoanRecord[] }
    expect(records.data[0]).toMatchObject({ id: loan.id, status: 'rejected', reason: 'Too many open applications today', events: [] })
    expect((await api.apply(who, 2_000_000)).body).toMatchObject({ status: 1 })
  })

  it('the queues list loans with their fixed terms and credit requests', async () => {
    const { REVIEW_QUEUES } = await import('../../../server/reviews/service')
    const who = await borrower(t)
    const loan = loanOf(await api.apply(who, 300_000))
    const pending = await REVIEW_QUEUES.loan.list(t.database.db, { status: 'pending', limit: 1000 })
    expect(pending.find((i) => i.id === loan.id)).toMatchObject({
      userId: who.userId,
      status: 'pending',
      facts: { amountPaise: 300_000, dailyRatePerLakh: 40, termDays: 30, score: 500, borrowablePaise: 5_000_000 },
      evidence: [],
    })
    await decide(t, 'loan', loan.id, true)
    const approved = await REVIEW_QUEUES.loan.list(t.database.db, { status: 'approved', limit: 1000 })
    expect(approved.find((i) => i.id === loan.id)).toMatchObject({ status: 'approved', decidedBy: 'tester' })
    const request = (await api.credit(who, 1_000_000)).body.data as CreditRequest
    const credits = await REVIEW_QUEUES.credit.list(t.database.db, { status: 'pending', limit: 1000 })
    expect(credits.find((i) => i.id === request.id)).toMatchObject({ userId: who.userId, status: 'pending', facts: { amountPaise: 1_000_000, grantedBeforePaise: 0 } })
  })
})

describe('interest', () => {
  it('accrues each fallen day once, one ledger entry a day, on the principal outstanding; a second sweep at the same time accrues nothing', async () => {
    const who = await borrower(t)
    const loan = loanOf(await api.apply(who, 1_234_567))
    await decide(t, 'loan', loan.id, true)
    // 1,234,567 x 40 / 1,00,000 = 493.8268 -> 494 paise, half up.
    const perDay = dailyInterest(1_234_567, 40)
    expect(perDay).toBe(494)
    t.clock.advance(DAY_MS - 1)
    await sweepLoans()
    expect(loanOf({ body: { data: ((await api.info(who)).body.data as LoanInfo).unpaid } }).interestTotal).toBe(0)
    t.clock.advance(1)
    await sweepLoans()
    await sweepLoans()
    t.clock.advance(2 * DAY_MS + 5)
    await sweepLoans()
    await sweepLoans()
    const accruals = await t.database.db.selectFrom('loan_accruals').selectAll().where('loan_id', '=', loan.id).orderBy('day').execute()
    expect(accruals.map((a) => [a.day, a.interest, a.owed_after])).toEqual([
      [1, 494, 1_234_567 + 494],
      [2, 494, 1_234_567 + 988],
      [3, 494, 1_234_567 + 1_482],
    ])
    const info = (await api.info(who)).body.data as LoanInfo
    expect(info.unpaid).toMatchObject({ interestOutstanding: 1_482, interestTotal: 1_482, owed: 1_234_567 + 1_482 })
    const entries = (await entriesOfUser(t.database.db, who.userId)).filter((e) => e.reason === 'loan_interest')
    // Interest moves between the house's books, never the user's cash.
    expect(entries).toHaveLength(0)
    const { rows } = await import('kysely').then(({ sql }) =>
      sql<{ n: number }>`select count(*)::int as n from ledger_entries where reason = 'loan_interest' and reference = ${`loan:${loan.id}`}`.execute(t.database.db),
    )
    expect(rows[0]!.n).toBe(3)
    expect(await bookBalance(t)).toBe(-(await owedOnBooks(t)))
  })

  it('the running job and a repayment at once: each day still accrues once', async () => {
    const who = await borrower(t, 10_000_000)
    const loan = loanOf(await api.apply(who, 5_000_000))
    await decide(t, 'loan', loan.id, true)
    t.clock.advance(5 * DAY_MS)
    await Promise.all([sweepLoans(), api.repay(who, loan.id, 1_000), sweepLoans(), api.repay(who, loan.id, 1_000)])
    const days = await t.database.db.selectFrom('loan_accruals').select('day').where('loan_id', '=', loan.id).execute()
    expect(days.map((d) => d.day).sort()).toEqual([1, 2, 3, 4, 5])
    // 5 days of 2,000 each; 2,000 repaid, interest first.
    expect((await api.info(who)).body.data).toMatchObject({ unpaid: { interestTotal: 10_000, interestOutstanding: 8_000, principalOutstanding: 5_000_000 } })
  })
})

describe('POST /loan/repay', () => {
  it('repays interest first, part then the rest, to completed; every refusal in its order', async () => {
    const who = await borrower(t, 100_000)
    const other = await borrower(t)
    const loan = loanOf(await api.apply(who, 1_000_000))
    expect((await api.repay(who, loan.id, 1_000)).body).toMatchObject({ status: 0, code: 'loan_not_repayable', params: { status: 'pending' } })
    await decide(t, 'loan', loan.id, true)
    t.clock.advance(2 * DAY_MS)
    // 1,000,000 x 40 / 1,00,000 = 400 a day; two days fallen, accrued by the repayment itself.
    expect((await api.repay(other, loan.id, 1_000)).body).toMatchObject({ status: 0, code: 'loan_not_found', params: { id: loan.id } })
    expect((await api.repay(who, 987_654_321, 1_000)).body).toMatchObject({ status: 0, code: 'loan_not_found', params: { id: 987_654_321 } })
    expect((await api.repay(who, loan.id, 0)).body).toMatchObject({ status: 0, code: 'amount_invalid' })
    expect((await api.repay(who, loan.id, 1_000_801)).body).toMatchObject({ status: 0, code: 'loan_repay_above_owed', params: { owed: 1_000_800 } })

    const half = await api.repay(who, loan.id, 500_000)
    expect(half.body, half.raw).toMatchObject({ status: 1, data: { status: 'borrowing', interestOutstanding: 0, principalOutstanding: 500_800, owed: 500_800, repaidTotal: 500_000 } })
    expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ available: 1_100_000 - 500_000 })
    expect((await api.repay(who, loan.id, 600_000 + 1)).body).toMatchObject({ status: 0, code: 'loan_repay_above_owed', params: { owed: 500_800 } })

    // Spend the cash down below what is owed: insufficient_balance names both.
    await t.database.db.transaction().execute(async (trx) => {
      const { postEntry } = await import('../../../server/ledger/repository')
      const { transfer, userAccount, HOUSE_PROMOTIONS, LEDGER_REASONS } = await import('../../../server/ledger/rules')
      await postEntry(trx, transfer({ reason: LEDGER_REASONS.demoGrant, reference: 'test', from: userAccount(who.userId, 'available'), to: HOUSE_PROMOTIONS, currency: 'INR', amount: 200_000 }), t.clock.now())
    })
    expect((await api.repay(who, loan.id, 500_800)).body).toMatchObject({ status: 0, code: 'insufficient_balance', params: { available: 400_000, required: 500_800 } })
    const { grant } = await import('../trade/accounts')
    await grant(t, who.userId, 200_000)

    const rest = await api.repay(who, loan.id, 500_800)
    expect(rest.body, rest.raw).toMatchObject({ status: 1, data: { status: 'completed', owed: 0, principalOutstanding: 0, interestOutstanding: 0, interestTotal: 800, repaidTotal: 1_000_800, completedAt: t.clock.now() } })
    expect((await api.repay(who, loan.id, 1)).body).toMatchObject({ status: 0, code: 'loan_not_repayable', params: { status: 'completed' } })
    // 300 + 200 (identity) + 2 (two days old) + 50 (one loan repaid on time).
    expect((await api.info(who)).body.data).toMatchObject({ unpaid: null, score: 552, inputs: expect.arrayContaining([{ name: 'loans_repaid_on_time', value: 1, points: 50 }]) })

    const records = (await api.records(who)).body.data as { data: LoanRecord[]; total: number }
    expect(records.total).toBe(1)
    expect(records.data[0]!.events.map((e) => [e.kind, e.day, e.amount, e.interestPart, e.principalPart, e.owedAfter])).toEqual([
      ['disbursement', null, 1_000_000, 0, 1_000_000, 1_000_000],
      ['interest', 1, 400, 400, 0, 1_000_400],
      ['interest', 2, 400, 400, 0, 1_000_800],
      ['repayment', null, 500_000, 800, 499_200, 500_800],
      ['repayment', null, 500_800, 0, 500_800, 0],
    ])
    expect(records.data[0]!.events.every((e) => e.entryId !== null)).toBe(true)
    const reasons = (await entriesOfUser(t.database.db, who.userId)).map((e) => e.reason).filter((r) => r.startsWith('loan_'))
    expect(reasons.sort()).toEqual(['loan_disbursement', 'loan_repayment', 'loan_repayment'])
    // The payout and the repayments are in the user's fund records, each naming the loan.
    const funds = (await t.call('/fund/records', { size: 100 }, { headers: who.headers })).body.data as { data: { reason: string; reference: string | null; available: number }[] }
    expect(funds.data.filter((r) => r.reason.startsWith('loan_')).map((r) => [r.reason, r.reference, r.available])).toEqual([
      ['loan_repayment', `loan:${loan.id}`, -500_800],
      ['loan_repayment', `loan:${loan.id}`, -500_000],
      ['loan_disbursement', `loan:${loan.id}`, 1_000_000],
    ])
  })

  it('200 simultaneous full repayments repay it once', async () => {
    const who = await borrower(t, 5_000_000)
    const loan = loanOf(await api.apply(who, 2_000_000))
    await decide(t, 'loan', loan.id, true)
    t.clock.advance(DAY_MS)
    const owed = 2_000_000 + 800
    const replies = await Promise.all(Array.from({ length: 200 }, () => api.repay(who, loan.id, owed)))
    expect(replies.every((r) => r.statusCode < 500)).toBe(true)
    expect(replies.filter((r) => r.body.status === 1)).toHaveLength(1)
    expect(new Set(replies.filter((r) => r.body.status === 0).map((r) => r.body.code))).toEqual(new Set(['loan_not_repayable']))
    expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ available: 7_000_000 - owed })
    expect(await t.database.db.selectFrom('loan_repayments').select('id').where('loan_id', '=', loan.id).execute()).toHaveLength(1)
  })

  it('a loan still owing past its due date is overdue, interest goes on at the same rate, and it counts as late in the score', async () => {
    const who = await borrower(t, 1_000_000)
    const loan = loanOf(await api.apply(who, 1_000_000))
    await decide(t, 'loan', loan.id, true)
    t.clock.advance(31 * DAY_MS)
    await sweepLoans()
    // A month on, the session has lapsed: sign in again.
    who.headers = await t.login(who.account, 'secret123')
    const info = (await api.info(who)).body.data as LoanInfo
    expect(info.unpaid).toMatchObject({ overdue: true, interestTotal: 31 * 400 })
    expect(info.inputs).toContainEqual({ name: 'late_repayments', value: 1, points: -150 })
    expect((await api.repay(who, loan.id, 1_000_000 + 31 * 400)).body).toMatchObject({ status: 1, data: { status: 'completed', overdue: false } })
    expect((await api.info(who)).body.data).toMatchObject({ inputs: expect.arrayContaining([{ name: 'late_repayments', value: 1, points: -150 }]) })
  })
})

describe('POST /loan/cancel', () => {
  it('withdraws an application in review, no money moving', async () => {
    const who = await borrower(t)
    const loan = loanOf(await api.apply(who, 1_000_000))
    expect((await api.cancel(who, loan.id)).body).toMatchObject({ status: 1, data: { status: 'cancelled' } })
    expect(await decide(t, 'loan', loan.id, true)).toBe(false)
    expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ available: 0 })
  })

  it('cancels a paid-out loan in its free first day by handing the principal back; not after', async () => {
    const who = await borrower(t)
    const loan = loanOf(await api.apply(who, 1_000_000))
    await decide(t, 'loan', loan.id, true)
    const until = t.clock.now() + DAY_MS
    const other = await borrower(t)
    expect((await api.cancel(other, loan.id)).body).toMatchObject({ status: 0, code: 'loan_not_found', params: { id: loan.id } })
    // Spent some of it: the cancellation needs the whole principal back.
    await t.database.db.transaction().execute(async (trx) => {
      const { postEntry } = await import('../../../server/ledger/repository')
      const { transfer, userAccount, HOUSE_PROMOTIONS, LEDGER_REASONS } = await import('../../../server/ledger/rules')
      await postEntry(trx, transfer({ reason: LEDGER_REASONS.demoGrant, reference: 'test', from: userAccount(who.userId, 'available'), to: HOUSE_PROMOTIONS, currency: 'INR', amount: 1 }), t.clock.now())
    })
    expect((await api.cancel(who, loan.id)).body).toMatchObject({ status: 0, code: 'insufficient_balance', params: { available: 999_999, required: 1_000_000 } })
    const { grant } = await import('../trade/accounts')
    await grant(t, who.userId, 1)
    t.clock.advance(DAY_MS - 1)
    const book = await bookBalance(t)
    const res = await api.cancel(who, loan.id)
    expect(res.body, res.raw).toMatchObject({ status: 1, data: { status: 'cancelled', owed: 0, interestTotal: 0, repaidTotal: 1_000_000 } })
    expect(await balancesOf(t.database.db, who.userId)).toMatchObject({ available: 0 })
    expect(await bookBalance(t)).toBe(book + 1_000_000)
    const records = (await api.records(who)).body.data as { data: LoanRecord[] }
    expect(records.data[0]!.events.map((e) => e.kind)).toEqual(['disbursement', 'cancellation'])
    expect((await api.cancel(who, loan.id)).body).toMatchObject({ status: 0, code: 'loan_not_repayable', params: { status: 'cancelled' } })
    // A cancelled loan counts neither way in the score.
    expect((await api.info(who)).body.data).toMatchObject({ score: 500, unpaid: null })

    const late = loanOf(await api.apply(who, 1_000_000))
    await decide(t, 'loan', late.id, true)
    const lateUntil = t.clock.now() + DAY_MS
    t.clock.advance(DAY_MS)
    expect((await api.cancel(who, late.id)).body).toMatchObject({ status: 0, code: 'loan_cooling_off_over', params: { until: lateUntil } })
    expect(until).toBeLessThan(lateUntil)
  })
})

describe('POST /loan/credit', () => {
  it('asks for whole rupees within the most that may be granted, one request at a time; approved, it adds to what can be borrowed', async () => {
    const who = await borrower(t)
    const max = t.config.loans.creditMax
    expect((await api.credit(who, 0)).body).toMatchObject({ status: 0, code: 'credit_amount_invalid', params: { max } })
    expect((await api.credit(who, 150)).body).toMatchObject({ status: 0, code: 'credit_amount_invalid', params: { max } })
    expect((await api.credit(who, max + 100)).body).toMatchObject({ status: 0, code: 'credit_amount_invalid', params: { max } })
    const first = await api.credit(who, 2_000_000)
    expect(first.body, first.raw).toMatchObject({ status: 1, data: { amount: 2_000_000, status: 'pending', reason: null, decidedAt: null } })
    expect((await api.credit(who, 100)).body).toMatchObject({ status: 0, code: 'credit_request_pending' })
    const id = (first.body.data as CreditRequest).id
    expect(await decide(t, 'credit', id, true)).toBe(true)
    expect((await api.info(who)).body.data).toMatchObject({ extraCredit: 2_000_000, borrowable: 7_000_000, creditRequest: { id, status: 'approved' } })
    expect((await api.credit(who, max - 2_000_000 + 100)).body).toMatchObject({ status: 0, code: 'credit_amount_invalid', params: { max: max - 2_000_000 } })
    const second = (await api.credit(who, 100)).body.data as CreditRequest
    expect(await decide(t, 'credit', second.id, false, 'Not yet')).toBe(true)
    expect((await api.info(who)).body.data).toMatchObject({ extraCredit: 2_000_000, creditRequest: { id: second.id, status: 'rejected', reason: 'Not yet' } })
    expect((await api.apply(who, 7_000_000)).body).toMatchObject({ status: 1 })
  })

  it('extra credit lends nothing while the table gives nothing', async () => {
    const who = await borrower(t, 0, { verified: false })
    const request = (await api.credit(who, 1_000_000)).body.data as CreditRequest
    await decide(t, 'credit', request.id, true)
    expect((await api.info(who)).body.data).toMatchObject({ score: 300, tableAmount: 0, extraCredit: 1_000_000, borrowable: 0 })
  })
})

describe('POST /loan/records', () => {
  it('pages newest first and shows only the caller’s loans', async () => {
    const who = await borrower(t)
    const ids: number[] = []
    for (let i = 0; i < 3; i++) {
      const loan = loanOf(await api.apply(who, 100_000))
      ids.push(loan.id)
      await decide(t, 'loan', loan.id, false, `no ${i}`)
    }
    const page1 = (await api.records(who, { page: 1, size: 2 })).body.data as { data: LoanRecord[]; total: number }
    const page2 = (await api.records(who, { page: 2, size: 2 })).body.data as { data: LoanRecord[]; total: number }
    expect(page1.total).toBe(3)
    expect([...page1.data, ...page2.data].map((l) => l.id)).toEqual(ids.toReversed())
    expect(((await api.records(await borrower(t))).body.data as { total: number }).total).toBe(0)
  })
})

describe('withdrawals and the credit score', () => {
  it('refuses withdraw_score_low {score, min} below the published threshold, right after withdrawal_disabled; 0 turns it off', async () => {
    const who = await borrower(t, 1_000_000)
    const withdraw = () => t.call('/user/withdraw', { amount: 100_000, cardId: 987_654_321, fundPassword: '000000' }, { headers: who.headers, key: true })
    t.config.loans.withdrawMinScore = 501
    expect((await withdraw()).body).toMatchObject({ status: 0, code: 'withdraw_score_low', params: { score: 500, min: 501 } })
    t.config.loans.withdrawMinScore = 500
    expect((await withdraw()).body.code).not.toBe('withdraw_score_low')
    t.config.loans.withdrawMinScore = 0
    expect((await withdraw()).body.code).not.toBe('withdraw_score_low')
    t.config.loans.withdrawMinScore = 501
    await t.database.db.insertInto('account_flags').values({ user_id: who.userId, flag: 'no_withdraw', reason: 'Under review', set_by: 'tester', set_at: t.clock.now() }).execute()
    expect((await withdraw()).body).toMatchObject({ status: 0, code: 'withdrawal_disabled' })
  })
})
