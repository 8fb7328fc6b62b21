/**
 * Credit loans (issue 12, DESIGN.md section 4): the score read live from the account's history,
 * applying, repaying (interest first), cancelling in the free first day, asking for more credit,
 * the records, the review's decisions and the daily interest job. Every money step is one ledger
 * entry (ledger-legs.ts) written with its row in one transaction, under the user's lock and then
 * the loan's, so simultaneous requests take turns and each sees the one before. The rules are
 * rules.ts, the SQL repository.ts, the arithmetic src/lib/loan.ts.
 */
import { type ServerConfig } from '../config'
import { type Effect, type Executor, type Tx } from '../db/executor'
import { lockUsers } from '../accounts/repository'
import { lockTrader, postEntries, postEntry } from '../ledger/repository'
import { unauthorized } from '../plugins/envelope'
import { type CreditRequest, type Loan, type LoanEvent, type LoanInfo, type LoanRecord } from '../../src/contract/replies'
import { indiaDay } from '../../src/lib/dates'
import {
  type CreditScore,
  annualRateBps,
  borrowable,
  coolingOffUntil,
  creditScore,
  dailyInterest,
  dueAt,
  interestDayAt,
  interestDaysBy,
  tableAmount,
} from '../../src/lib/loan'
import { loanDisbursementEntry, loanInterestEntry, loanRepaymentEntry } from './ledger-legs'
import {
  accrualsOf,
  creditFactsOf,
  extraCreditOf,
  hasPendingCreditRequest,
  insertAccruals,
  insertCreditRequest,
  insertLoan,
  insertRepayment,
  latestCreditRequest,
  loansPage,
  loansWithInterestDue,
  loanById,
  lockLoan,
  lockedAppliedOnDay,
  markCreditDecided,
  repaymentsOf,
  unpaidLoanOf,
  updateLoan,
} from './repository'
import {
  type LoanRow,
  checkApplication,
  checkCancel,
  checkCreditRequest,
  checkRepayment,
  creditInputsOf,
  creditRequestView,
  loanNotFound,
  loanView,
  owedOf,
  tradeWindowStart,
} from './rules'

export type LoanDeps = { db: Executor; config: ServerConfig; now: () => number }

type LoanRules = ServerConfig['loans']

/** The account's credit score at `now` with its arithmetic; undefined for no such user. */
export async function creditScoreOf(db: Executor, userId: number, now: number, rules: LoanRules): Promise<CreditScore | undefined> {
  const facts = await creditFactsOf(db, userId, { now, tradesFrom: tradeWindowStart(now, rules.creditRules) })
  return facts && creditScore(creditInputsOf(facts, now), rules.creditRules)
}

async function scoreOrThrow(db: Executor, userId: number, now: number, rules: LoanRules): Promise<CreditScore> {
  const score = await creditScoreOf(db, userId, now, rules)
  if (!score) throw unauthorized()
  return score
}

export async function loanInfo(deps: LoanDeps, userId: number): Promise<LoanInfo> {
  const { db, config } = deps
  const now = deps.now()
  const rules = config.loans
  const [score, extraCredit, unpaid, creditRequest] = await Promise.all([
    scoreOrThrow(db, userId, now, rules),
    extraCreditOf(db, userId),
    unpaidLoanOf(db, userId),
    latestCreditRequest(db, userId),
  ])
  return {
    score: score.score,
    base: score.base,
    inputs: score.parts,
    tableAmount: tableAmount(score.score, rules.borrowableTable),
    extraCredit,
    borrowable: borrowable(score.score, extraCredit, rules.borrowableTable),
    dailyRate: rules.terms.dailyRatePerLakh,
    annualRateBps: annualRateBps(rules.terms.dailyRatePerLakh),
    termDays: rules.terms.termDays,
    min: rules.terms.min,
    withdrawMinScore: rules.withdrawMinScore,
    channelOpen: rules.channelOpen,
    unpaid: unpaid ? loanView(unpaid, now) : null,
    creditRequest: creditRequest ? creditRequestView(creditRequest) : null,
    computedAt: now,
  }
}

/**
 * An application, as an effect for the route's idempotent commit(): under the user's lock the
 * score, the unpaid loan and the rules, then the day's quota under its own lock, then the row
 * with the terms of the day copied onto it. No money moves until the review approves it.
 */
export function apply(deps: LoanDeps, r: { userId: number; amount: number }): Effect<Loan> {
  const { config, now } = deps
  const rules = config.loans
  return async (trx) => {
    const trader = await lockTrader(trx, r.userId)
    if (!trader) throw unauthorized()
    const at = now()
    // One after another: a transaction's queries share its one connection.
    const score = await scoreOrThrow(trx, r.userId, at, rules)
    const extraCredit = await extraCreditOf(trx, r.userId)
    const unpaid = await unpaidLoanOf(trx, r.userId)
    const limit = borrowable(score.score, extraCredit, rules.borrowableTable)
    const day = indiaDay(at)
    const check = (appliedToday: number) =>
      checkApplication({
        channelOpen: rules.channelOpen,
        realNameStatus: trader.realNameStatus,
        unpaid: unpaid ?? null,
        amount: r.amount,
        terms: rules.terms,
        score: score.score,
        borrowable: limit,
        appliedToday,
        dailyQuota: rules.dailyQuota,
      })
    // Every rule but the quota first, so a refused application never waits on the quota's lock.
    const early = check(0)
    if (early) throw early
    const late = check(await lockedAppliedOnDay(trx, day))
    if (late) throw late
    const row = await insertLoan(trx, {
      userId: r.userId,
      amount: r.amount,
      dailyRatePerLakh: rules.terms.dailyRatePerLakh,
      termDays: rules.terms.termDays,
      score: score.score,
      borrowable: limit,
      day,
      now: at,
    })
    return loanView(row, at)
  }
}

/**
 * Accrues every interest day of a locked borrowing loan fallen by `now` and not yet accrued:
 * each day's interest on the principal outstanding then, one ledger entry and one loan_accruals
 * row per day, and the loan's totals. The loan row's lock and its accrued_days make a day accrue
 * once however often this runs; the (loan_id, day) key is the second guard.
 */
export async function accrueLoan(trx: Tx, loan: LoanRow, now: number): Promise<LoanRow> {
  if (loan.status !== 'borrowing' || loan.disbursed_at === null) return loan
  const through = interestDaysBy(loan.disbursed_at, now)
  if (through <= loan.accrued_days) return loan
  // Nothing is repaid between the days accrued here, so each day charges the same principal.
  const interest = dailyInterest(loan.principal_outstanding, loan.daily_rate_per_lakh)
  const days = Array.from({ length: through - loan.accrued_days }, (_, i) => loan.accrued_days + 1 + i)
  const entryIds = interest > 0 ? await postEntries(trx, days.map(() => loanInterestEntry(loan.id, interest)), now) : days.map(() => null)
  const owedBefore = owedOf(loan)
  await insertAccruals(
    trx,
    days.map((day, i) => ({
      loanId: loan.id,
      day,
      principal: loan.principal_outstanding,
      interest,
      owedAfter: owedBefore + interest * (i + 1),
      entryId: entryIds[i] ?? null,
      at: interestDayAt(loan.disbursed_at!, day),
      now,
    })),
  )
  const added = interest * days.length
  return updateLoan(trx, loan.id, {
    accrued_days: through,
    interest_outstanding: loan.interest_outstanding + added,
    interest_total: loan.interest_total + added,
    updated_at: now,
  })
}

/** The user's lock, then the loan's (the order every loan operation takes), the loan theirs or loan_not_found. */
async function lockOwnLoan(trx: Tx, userId: number, id: number) {
  const trader = await lockTrader(trx, userId)
  if (!trader) throw unauthorized()
  const loan = await lockLoan(trx, id)
  if (!loan || loan.user_id !== userId) throw loanNotFound(id)
  return { trader, loan }
}

/**
 * A repayment, part or all: the interest due by now accrued first, then the rules, one entry of
 * cash back to the book, split interest first. Nothing owed after it: completed.
 */
export function repay(deps: LoanDeps, r: { userId: number; id: number; amount: number }): Effect<Loan> {
  return async (trx) => {
    const { trader, loan: locked } = await lockOwnLoan(trx, r.userId, r.id)
    const at = deps.now()
    const loan = await accrueLoan(trx, locked, at)
    const split = checkRepayment(loan, r.amount, trader.available)
    if (split instanceof Error) throw split
    const entryId = await postEntry(trx, loanRepaymentEntry(r.userId, loan.id, r.amount), at, { lockedUserIds: [r.userId] })
    const principal = loan.principal_outstanding - split.principal
    const interest = loan.interest_outstanding - split.interest
    const owedAfter = principal + interest
    await insertRepayment(trx, { loanId: loan.id, kind: 'repayment', amount: r.amount, interestPart: split.interest, principalPart: split.principal, owedAfter, entryId, now: at })
    const row = await updateLoan(trx, loan.id, {
      principal_outstanding: principal,
      interest_outstanding: interest,
      repaid_total: loan.repaid_total + r.amount,
      ...(owedAfter === 0 ? { status: 'completed' as const, completed_at: at } : {}),
      updated_at: at,
    })
    return loanView(row, at)
  }
}

/** A cancellation: a loan in review withdrawn; a paid-out one before its first interest day cancelled by handing the principal back. */
export function cancel(deps: LoanDeps, r: { userId: number; id: number }): Effect<Loan> {
  return async (trx) => {
    const { trader, loan } = await lockOwnLoan(trx, r.userId, r.id)
    const at = deps.now()
    const action = checkCancel(loan, at, trader.available)
    if (action instanceof Error) throw action
    if (action.action === 'withdraw') return loanView(await updateLoan(trx, loan.id, { status: 'cancelled', updated_at: at }), at)
    if (action.principal > 0) {
      const entryId = await postEntry(trx, loanRepaymentEntry(r.userId, loan.id, action.principal), at, { lockedUserIds: [r.userId] })
      await insertRepayment(trx, { loanId: loan.id, kind: 'cancellation', amount: action.principal, interestPart: 0, principalPart: action.principal, owedAfter: 0, entryId, now: at })
    }
    const row = await updateLoan(trx, loan.id, {
      status: 'cancelled',
      principal_outstanding: 0,
      repaid_total: loan.repaid_total + action.principal,
      updated_at: at,
    })
    return loanView(row, at)
  }
}

/** A request for more credit, reviewed like a loan; one waits at a time. */
export function requestCredit(deps: LoanDeps, r: { userId: number; amount: number }): Effect<CreditRequest> {
  return async (trx) => {
    const trader = await lockTrader(trx, r.userId)
    if (!trader) throw unauthorized()
    const at = deps.now()
    const refusal = checkCreditRequest({
      amount: r.amount,
      extraCredit: await extraCreditOf(trx, r.userId),
      creditMax: deps.config.loans.creditMax,
      pending: await hasPendingCreditRequest(trx, r.userId),
    })
    if (refusal) throw refusal
    return creditRequestView(await insertCreditRequest(trx, { userId: r.userId, amount: r.amount, now: at }))
  }
}

/** The user's loans, newest first, each with its events oldest first. */
export async function recordsOf(deps: Pick<LoanDeps, 'db' | 'now'>, q: { userId: number; page: number; size: number }): Promise<{ data: LoanRecord[]; total: number }> {
  const now = deps.now()
  const { rows, total } = await loansPage(deps.db, q)
  const ids = rows.map((l) => l.id)
  const [accruals, repayments] = await Promise.all([accrualsOf(deps.db, ids), repaymentsOf(deps.db, ids)])
  const data = rows.map((l): LoanRecord => {
    const events: (LoanEvent & { order: number })[] = []
    if (l.disbursed_at !== null && l.disbursement_entry_id !== null) {
      events.push({ kind: 'disbursement', day: null, amount: l.amount, interestPart: 0, principalPart: l.amount, owedAfter: l.amount, entryId: l.disbursement_entry_id, at: l.disbursed_at, order: 0 })
    }
    for (const a of accruals) {
      if (a.loan_id !== l.id) continue
      events.push({ kind: 'interest', day: a.day, amount: a.interest, interestPart: a.interest, principalPart: 0, owedAfter: a.owed_after, entryId: a.entry_id, at: a.at, order: 1 })
    }
    for (const p of repayments) {
      if (p.loan_id !== l.id) continue
      events.push({ kind: p.kind, day: null, amount: p.amount, interestPart: p.interest_part, principalPart: p.principal_part, owedAfter: p.owed_after, entryId: p.entry_id, at: p.created_at, order: 2 })
    }
    events.sort((a, b) => a.at - b.at || a.order - b.order)
    return { ...loanView(l, now), events: events.map(({ order: _order, ...e }) => e) }
  })
  return { data, total }
}

type Decision = { id: number; approve: boolean; reason: string | null; operator: string; now: number }

/**
 * The review's decision on a loan, in the decide transaction: approved, the principal is paid out
 * (one entry) and the loan is borrowing from now, its due date and free first day set; rejected,
 * with the reason the user sees. Nothing else about the loan can be changed here. False when it
 * is no longer pending (decided, or withdrawn by the user).
 */
export async function decideLoan(trx: Tx, d: Decision): Promise<boolean> {
  // The user's lock before the loan's, the order a repayment or a cancellation takes them in.
  const peek = await loanById(trx, d.id)
  if (!peek) return false
  await lockUsers(trx, [peek.user_id])
  const loan = await lockLoan(trx, d.id)
  if (!loan || loan.status !== 'pending') return false
  if (!d.approve) {
    await updateLoan(trx, loan.id, { status: 'rejected', reason: d.reason, decided_by: d.operator, decided_at: d.now, updated_at: d.now })
    return true
  }
  const entryId = await postEntry(trx, loanDisbursementEntry(loan.user_id, loan.id, loan.amount), d.now, { lockedUserIds: [loan.user_id] })
  await updateLoan(trx, loan.id, {
    status: 'borrowing',
    reason: d.reason,
    decided_by: d.operator,
    decided_at: d.now,
    principal_outstanding: loan.amount,
    disbursed_at: d.now,
    disbursement_entry_id: entryId,
    due_at: dueAt(d.now, loan.term_days),
    cooling_off_until: coolingOffUntil(d.now),
    updated_at: d.now,
  })
  return true
}

/** The review's decision on a credit request: approved, it adds to what the account may borrow. */
export async function decideCredit(trx: Tx, d: Decision): Promise<boolean> {
  return (await markCreditDecided(trx, d)) !== undefined
}

/** The 'loan' job: each borrowing loan's fallen interest days accrued, one loan per transaction. Returns the loans accrued. */
export function createLoanJob(deps: { db: Executor }) {
  return async (now: number): Promise<number> => {
    let accrued = 0
    for (const { id } of await loansWithInterestDue(deps.db, now)) {
      await deps.db.transaction().execute(async (trx) => {
        const loan = await lockLoan(trx, id)
        if (loan) await accrueLoan(trx, loan, now)
      })
      accrued++
    }
    return accrued
  }
}
