/**
 * Credit loans (issue 12, DESIGN.md section 4), the arithmetic shared by the server and the loan
 * screen, so the key facts the phone shows before confirming are the figures the server charges.
 * Integers only (paise, points, parts per lakh):
 * - credit score = base + identity + account age + trades + loans repaid on time - late ones,
 *   each part capped as published (CREDIT_RULES), the sum never below 0;
 * - borrowable = the table's amount for the score (the highest row at or below it), plus credit
 *   granted on request; 0 while the score is below the table's first row;
 * - interest day k (k = 1, 2, ...) falls at disbursedAt + k days and is
 *   principal outstanding x daily rate / 1,00,000, rounded half up; it is charged on principal
 *   only, never on unpaid interest, and there are no fees;
 * - the first day is the cooling-off period: cancelling before the first interest costs nothing;
 * - effective annual rate = daily rate x 365 (simple, as interest never compounds);
 * - a repayment pays interest first, then principal, and never more than is owed.
 */
import { type Paise } from './money'
import { PER_LAKH, mulDiv } from './trade'

export const DAY_MS = 86_400_000

/** What the score is made of, as the server reads it from the account's own history. */
export type CreditInputs = {
  identityVerified: boolean
  /** Whole days since registration. */
  accountAgeDays: number
  /** Positions opened (orders filled) in the last `tradeWindowDays`. */
  trades: number
  /** Loans repaid in full by their due date. */
  loansRepaidOnTime: number
  /** Loans repaid after their due date, and a loan overdue now. */
  lateRepayments: number
}

export type CreditInputName = 'identity_verified' | 'account_age_days' | 'trades' | 'loans_repaid_on_time' | 'late_repayments'

/** The published weights (config `credit_score_rules`). */
export type CreditRules = {
  base: number
  identityVerified: number
  perAgeDay: number
  ageMax: number
  tradeWindowDays: number
  perTrade: number
  tradesMax: number
  perOnTime: number
  onTimeMax: number
  /** Points taken off for each late repayment (a positive number). */
  perLate: number
}

export const DEFAULT_CREDIT_RULES: CreditRules = {
  base: 300,
  identityVerified: 200,
  perAgeDay: 1,
  ageMax: 100,
  tradeWindowDays: 90,
  perTrade: 2,
  tradesMax: 100,
  perOnTime: 50,
  onTimeMax: 100,
  perLate: 150,
}

/** One row of the borrowable table (config `loan_borrowable_table`): from this score, this amount. */
export type BorrowableRow = { minScore: number; amount: Paise }

/** ₹50,000 from 500 (a verified new account), up to ₹10,00,000 from 800 (the highest score). */
export const DEFAULT_BORROWABLE_TABLE: readonly BorrowableRow[] = [
  { minScore: 500, amount: 5_000_000 },
  { minScore: 600, amount: 20_000_000 },
  { minScore: 700, amount: 50_000_000 },
  { minScore: 800, amount: 100_000_000 },
]

/** One line of the score's arithmetic: the input's value and the points it gave. */
export type CreditScorePart = { name: CreditInputName; value: number; points: number }

export type CreditScore = { score: number; base: number; parts: CreditScorePart[] }

/** The published formula, with each input's points so the screen can show the sum. */
export function creditScore(inputs: CreditInputs, rules: CreditRules = DEFAULT_CREDIT_RULES): CreditScore {
  const parts: CreditScorePart[] = [
    { name: 'identity_verified', value: inputs.identityVerified ? 1 : 0, points: inputs.identityVerified ? rules.identityVerified : 0 },
    { name: 'account_age_days', value: inputs.accountAgeDays, points: Math.min(rules.ageMax, inputs.accountAgeDays * rules.perAgeDay) },
    { name: 'trades', value: inputs.trades, points: Math.min(rules.tradesMax, inputs.trades * rules.perTrade) },
    { name: 'loans_repaid_on_time', value: inputs.loansRepaidOnTime, points: Math.min(rules.onTimeMax, inputs.loansRepaidOnTime * rules.perOnTime) },
    { name: 'late_repayments', value: inputs.lateRepayments, points: 0 - inputs.lateRepayments * rules.perLate },
  ]
  const score = Math.max(0, parts.reduce((sum, p) => sum + p.points, rules.base))
  return { score, base: rules.base, parts }
}

/** The table's amount for `score`: its highest row at or below the score, 0 below the first. */
export function tableAmount(score: number, table: readonly BorrowableRow[] = DEFAULT_BORROWABLE_TABLE): Paise {
  let amount = 0
  for (const row of table) if (score >= row.minScore) amount = Math.max(amount, row.amount)
  return amount
}

/** What a new loan may be at most: the table's amount plus credit granted on request, nothing while the table gives nothing. */
export function borrowable(score: number, extraCredit: Paise, table: readonly BorrowableRow[] = DEFAULT_BORROWABLE_TABLE): Paise {
  const base = tableAmount(score, table)
  return base === 0 ? 0 : base + extraCredit
}

/** The loan terms published in config (`loan_*`). */
export type LoanTerms = {
  /** Interest per day in parts per lakh of the principal outstanding (40 = 0.04 %). */
  dailyRatePerLakh: number
  termDays: number
  min: Paise
}

export const DEFAULT_LOAN_TERMS: LoanTerms = { dailyRatePerLakh: 40, termDays: 30, min: 100_000 }

/** One day's interest on `principal`: half up to whole paise. */
export function dailyInterest(principal: Paise, dailyRatePerLakh: number): Paise {
  return mulDiv(principal, dailyRatePerLakh, PER_LAKH, 'half_up')
}

/** Daily rate x 365 in basis points (40 per lakh a day -> 1460 = 14.60 % a year). */
export function annualRateBps(dailyRatePerLakh: number): number {
  return mulDiv(dailyRatePerLakh, 365 * 10_000, PER_LAKH, 'half_up')
}

export type ScheduleDay = { day: number; interest: Paise; interestToDate: Paise; owed: Paise }

/** Day by day to the due date, if nothing is repaid early: what each day charges and what is owed after it. */
export function schedule(amount: Paise, terms: Pick<LoanTerms, 'dailyRatePerLakh' | 'termDays'>): ScheduleDay[] {
  const interest = dailyInterest(amount, terms.dailyRatePerLakh)
  return Array.from({ length: terms.termDays }, (_, i) => ({
    day: i + 1,
    interest,
    interestToDate: interest * (i + 1),
    owed: amount + interest * (i + 1),
  }))
}

export type KeyFacts = {
  amount: Paise
  dailyRatePerLakh: number
  annualRateBps: number
  termDays: number
  /** Interest if repaid on the due date. */
  totalInterest: Paise
  /** amount + totalInterest: the whole cost, there being no fees. */
  totalRepayable: Paise
  schedule: ScheduleDay[]
}

/** What the screen shows before confirming, and what the server would charge. */
export function keyFacts(amount: Paise, terms: Pick<LoanTerms, 'dailyRatePerLakh' | 'termDays'>): KeyFacts {
  const days = schedule(amount, terms)
  const totalInterest = days.at(-1)?.interestToDate ?? 0
  return {
    amount,
    dailyRatePerLakh: terms.dailyRatePerLakh,
    annualRateBps: annualRateBps(terms.dailyRatePerLakh),
    termDays: terms.termDays,
    totalInterest,
    totalRepayable: amount + totalInterest,
    schedule: days,
  }
}

/** When interest day `day` falls (day 1 ends the cooling-off period). */
export function interestDayAt(disbursedAt: number, day: number): number {
  return disbursedAt + day * DAY_MS
}

/** How many interest days have fallen by `now`. */
export function interestDaysBy(disbursedAt: number, now: number): number {
  return now < disbursedAt ? 0 : Math.floor((now - disbursedAt) / DAY_MS)
}

export function dueAt(disbursedAt: number, termDays: number): number {
  return disbursedAt + termDays * DAY_MS
}

/** Cancelling is free before the first interest day. */
export function coolingOffUntil(disbursedAt: number): number {
  return interestDayAt(disbursedAt, 1)
}

export type Owed = { principal: Paise; interest: Paise }

/** A repayment of `amount` split interest first; null when it is not a positive amount within what is owed. */
export function splitRepayment(amount: Paise, owed: Owed): { interest: Paise; principal: Paise } | null {
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > owed.principal + owed.interest) return null
  const interest = Math.min(amount, owed.interest)
  return { interest, principal: amount - interest }
}

/** A loan repaid after its due date, or still owing past it, counts as late in the score. */
export function isLate(loan: { dueAt: number | null; completedAt: number | null }, now: number): boolean {
  if (loan.dueAt === null) return false
  return (loan.completedAt ?? now) > loan.dueAt
}

function parsed<T>(raw: string | undefined, ok: (v: unknown) => v is T, fallback: T): T {
  if (raw === undefined || raw === '') return fallback
  try {
    const v: unknown = JSON.parse(raw)
    return ok(v) ? v : fallback
  } catch {
    return fallback
  }
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0

/** The published weights from config `credit_score_rules`, the defaults when it is missing or malformed. */
export function creditRulesFromConfig(raw: string | undefined): CreditRules {
  const ok = (v: unknown): v is CreditRules =>
    typeof v === 'object' && v !== null && (Object.keys(DEFAULT_CREDIT_RULES) as (keyof CreditRules)[]).every((k) => isCount((v as Record<string, unknown>)[k]))
  return parsed(raw, ok, DEFAULT_CREDIT_RULES)
}

/** The borrowable table from config `loan_borrowable_table`. */
export function borrowableTableFromConfig(raw: string | undefined): readonly BorrowableRow[] {
  const ok = (v: unknown): v is BorrowableRow[] =>
    Array.isArray(v) && v.every((r: unknown) => typeof r === 'object' && r !== null && isCount((r as BorrowableRow).minScore) && isCount((r as BorrowableRow).amount))
  return parsed(raw, ok, DEFAULT_BORROWABLE_TABLE)
}
