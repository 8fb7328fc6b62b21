/**
 * Credit loans on the device (issue 12): /loan/info and /loan/records kept per account, read back
 * through the restorers. Then against the real server: an application sent through the outbox,
 * approved through the review queue, repaid in two parts through the outbox; each reply's effect
 * fetches the info, the records and the balances again, so the device shows the server's figures.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { setApiBase } from '../../../src/data/api'
import { db, metaKeyAccount, metaKeys } from '../../../src/data/db'
import { applyLoan, cancelLoan, refreshLoanInfo, refreshLoanRecords, repayLoan, requestCredit, storedLoanInfo, storedLoanRecords } from '../../../src/data/loan'
import { replayOutbox } from '../../../src/data/outbox'
import { clearSession, login } from '../../../src/data/session'
import { type LoanInfo, type LoanRecord } from '../../../src/contract/replies'
import { keyFacts } from '../../../src/lib/loan'
import { borrower, decide } from '../../server/loan/fixtures'
import { type RealServer, startRealServer } from '../support/realServer'

const A = '9811111111'
const loan = {
  id: 4,
  amount: 1_000_000,
  dailyRatePerLakh: 40,
  termDays: 30,
  status: 'borrowing' as const,
  reason: null,
  principalOutstanding: 1_000_000,
  interestOutstanding: 400,
  interestTotal: 400,
  repaidTotal: 0,
  owed: 1_000_400,
  disbursedAt: 1,
  dueAt: 2_592_000_001,
  coolingOffUntil: 86_400_001,
  overdue: false,
  completedAt: null,
  createdAt: 0,
  updatedAt: 1,
}
const info: LoanInfo = {
  score: 512,
  base: 300,
  inputs: [
    { name: 'identity_verified', value: 1, points: 200 },
    { name: 'account_age_days', value: 12, points: 12 },
    { name: 'trades', value: 0, points: 0 },
    { name: 'loans_repaid_on_time', value: 0, points: 0 },
    { name: 'late_repayments', value: 0, points: 0 },
  ],
  tableAmount: 5_000_000,
  extraCredit: 0,
  borrowable: 5_000_000,
  dailyRate: 40,
  annualRateBps: 1_460,
  termDays: 30,
  min: 100_000,
  withdrawMinScore: 300,
  channelOpen: true,
  unpaid: loan,
  creditRequest: { id: 1, amount: 1_000_000, status: 'pending', reason: null, createdAt: 0, decidedAt: null },
  computedAt: 5,
}
const record: LoanRecord = {
  ...loan,
  events: [
    { kind: 'disbursement', day: null, amount: 1_000_000, interestPart: 0, principalPart: 0, owedAfter: 1_000_000, entryId: 9, at: 1 },
    { kind: 'interest', day: 1, amount: 400, interestPart: 400, principalPart: 0, owedAfter: 1_000_400, entryId: 10, at: 86_400_001 },
  ],
}

beforeEach(async () => {
  await db.meta.clear()
})

describe('loans on the device', () => {
  it('reads back what was stored, and null for what never was', async () => {
    expect(await storedLoanInfo(A)).toBeNull()
    expect(await storedLoanRecords(A)).toBeNull()
    await db.meta.bulkPut([
      { key: metaKeys.loanInfo(A), value: info, updatedAt: 1 },
      { key: metaKeys.loanRecords(A), value: [record], updatedAt: 1 },
    ])
    expect(await storedLoanInfo(A)).toEqual(info)
    expect(await storedLoanRecords(A)).toEqual([record])
  })

  it('drops a loan of a state this app does not know, and an event of an unknown kind', async () => {
    const odd = { ...record, id: 5, status: 'written_off' }
    const oddEvent = { ...record, events: [...record.events, { ...record.events[0], kind: 'penalty' }] }
    await db.meta.put({ key: metaKeys.loanRecords(A), value: [oddEvent, odd, null], updatedAt: 1 })
    expect(await storedLoanRecords(A)).toEqual([record])
    await db.meta.put({ key: metaKeys.loanInfo(A), value: { ...info, unpaid: { ...loan, owed: '1000400' } }, updatedAt: 1 })
    expect(await storedLoanInfo(A)).toBeNull()
  })

  it('files both under the account, so logging out forgets them', () => {
    expect(metaKeyAccount(metaKeys.loanInfo(A))).toBe(A)
    expect(metaKeyAccount(metaKeys.loanRecords(A))).toBe(A)
  })
})

describe('loans against the real server', () => {
  let server: RealServer

  beforeAll(async () => {
    server = await startRealServer()
    setApiBase(server.baseUrl)
  }, 60_000)

  afterAll(async () => {
    await clearSession()
    await server?.close()
  })

  beforeEach(async () => {
    server.proxy.setMode('pass')
    await Promise.all([db.meta.clear(), db.outbox.clear(), db.user.clear()])
  })

  it('applies, is approved, and repays half then the rest through the outbox', async () => {
    const who = await borrower(server.t, 0)
    await login(who.account, 'secret123')
    await refreshLoanInfo()
    const before = (await storedLoanInfo(who.account))!
    expect(before.score).toBe(before.base + before.inputs.reduce((sum, i) => sum + i.points, 0))
    expect(before.unpaid).toBeNull()

    const applied = await applyLoan(1_000_000)
    await replayOutbox({ ignoreBackoff: true })
    expect((await db.outbox.get(applied.key))?.state).toBe('done')
    const pending = (await storedLoanInfo(who.account))!.unpaid!
    expect(pending).toMatchObject({ status: 'pending', amount: 1_000_000, dailyRatePerLakh: before.dailyRate, termDays: before.termDays })
    // The key facts the phone showed are the server's terms.
    expect(keyFacts(pending.amount, pending).totalRepayable).toBe(1_012_000)

    await decide(server.t, 'loan', pending.id, true)
    await refreshLoanInfo({ fresh: true })
    expect((await storedLoanInfo(who.account))!.unpaid).toMatchObject({ id: pending.id, status: 'borrowing', owed: 1_000_000 })

    const half = await repayLoan(pending.id, 500_000)
    await replayOutbox({ ignoreBackoff: true })
    expect((await db.outbox.get(half.key))?.state).toBe('done')
    expect((await storedLoanInfo(who.account))!.unpaid).toMatchObject({ owed: 500_000 })
    const tooMuch = await repayLoan(pending.id, 500_001)
    await replayOutbox({ ignoreBackoff: true })
    expect(await db.outbox.get(tooMuch.key)).toMatchObject({ state: 'failed', error: { code: 'loan_repay_above_owed', params: { owed: 500_000 } } })
    const rest = await repayLoan(pending.id, 500_000)
    await replayOutbox({ ignoreBackoff: true })
    expect((await db.outbox.get(rest.key))?.state).toBe('done')

    expect((await storedLoanInfo(who.account))!.unpaid).toBeNull()
    await refreshLoanRecords({ fresh: true })
    const [done] = (await storedLoanRecords(who.account)) ?? []
    expect(done).toMatchObject({ id: pending.id, status: 'completed', owed: 0, repaidTotal: 1_000_000 })
    expect(done!.events.map((e) => e.kind)).toEqual(['disbursement', 'repayment', 'repayment'])
    expect((await db.user.get(who.account))?.balances.available).toBe(0)
  }, 30_000)

  it('withdraws an application in review, cancels a paid-out loan in its free first day, and asks for more credit', async () => {
    const who = await borrower(server.t, 0)
    await login(who.account, 'secret123')
    const send = async (queued: Promise<{ key: string }>) => {
      const item = await queued
      await replayOutbox({ ignoreBackoff: true })
      return db.outbox.get(item.key)
    }
    expect(await send(applyLoan(200_000))).toMatchObject({ state: 'done' })
    const first = (await storedLoanInfo(who.account))!.unpaid!
    expect(await send(cancelLoan(first.id))).toMatchObject({ state: 'done' })
    expect((await storedLoanInfo(who.account))!.unpaid).toBeNull()

    expect(await send(applyLoan(300_000))).toMatchObject({ state: 'done' })
    const second = (await storedLoanInfo(who.account))!.unpaid!
    await decide(server.t, 'loan', second.id, true)
    await refreshLoanInfo({ fresh: true })
    // Before the first interest day: the principal goes back and nothing else is charged.
    expect(await send(cancelLoan(second.id))).toMatchObject({ state: 'done' })
    expect((await db.user.get(who.account))?.balances.available).toBe(0)
    expect((await storedLoanRecords(who.account))?.map((r) => r.status)).toEqual(['cancelled', 'cancelled'])

    expect(await send(requestCredit(10_050))).toMatchObject({ state: 'failed', error: { code: 'credit_amount_invalid' } })
    expect(await send(requestCredit(1_000_000))).toMatchObject({ state: 'done' })
    expect((await storedLoanInfo(who.account))!.creditRequest).toMatchObject({ amount: 1_000_000, status: 'pending' })
  }, 30_000)

  it('shows each day of interest in the records once the job accrues it, and a full repayment pays it first', async () => {
    const who = await borrower(server.t, 10_000)
    await login(who.account, 'secret123')
    const applied = await applyLoan(1_000_000)
    await replayOutbox({ ignoreBackoff: true })
    expect((await db.outbox.get(applied.key))?.state).toBe('done')
    const { id } = (await storedLoanInfo(who.account))!.unpaid!
    await decide(server.t, 'loan', id, true)
    server.t.clock.advance(2 * 86_400_000 + 1)
    await server.t.app.jobs.sweep('loan', server.t.clock.now())
    await refreshLoanInfo({ fresh: true })
    await refreshLoanRecords({ fresh: true })
    // ₹10,000 at 40 per lakh a day: ₹4.00 a day, on the principal only (src/lib/loan.ts dailyInterest).
    const [accruing] = (await storedLoanRecords(who.account)) ?? []
    expect(accruing!.events.filter((e) => e.kind === 'interest').map((e) => [e.day, e.amount])).toEqual([[1, 400], [2, 400]])
    const unpaid = (await storedLoanInfo(who.account))!.unpaid!
    expect(unpaid).toMatchObject({ owed: 1_000_800, interestOutstanding: 800 })
    const all = await repayLoan(id, unpaid.owed)
    await replayOutbox({ ignoreBackoff: true })
    expect((await db.outbox.get(all.key))?.state).toBe('done')
    const [done] = (await storedLoanRecords(who.account)) ?? []
    expect(done!.status).toBe('completed')
    expect(done!.events.at(-1)).toMatchObject({ kind: 'repayment', amount: 1_000_800, interestPart: 800, principalPart: 1_000_000, owedAfter: 0 })
  }, 30_000)
})
