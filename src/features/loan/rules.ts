/**
 * What the loan screens check and show beyond the shared arithmetic (src/lib/loan.ts): the first
 * rule an amount breaks, checked here for a fast answer in the order the server checks it (the
 * server decides), whether a loan may still be cancelled for free, and the rates as percentages.
 */
import { type Loan, type LoanInfo } from '../../contract/replies'
import { annualRateBps } from '../../lib/loan'

export type ApplyProblem = 'channel_closed' | 'unverified' | 'unpaid' | 'pending' | 'not_whole_paise' | 'below_min' | 'above_borrowable'

/** The first rule an application of `amount` breaks, in the server's order (/loan/apply). */
export function applyProblem(info: Pick<LoanInfo, 'channelOpen' | 'unpaid' | 'min' | 'borrowable'>, amount: number, verified: boolean): ApplyProblem | null {
  if (!info.channelOpen) return 'channel_closed'
  if (!verified) return 'unverified'
  if (info.unpaid?.status === 'borrowing') return 'unpaid'
  if (info.unpaid?.status === 'pending') return 'pending'
  if (!Number.isSafeInteger(amount) || amount <= 0) return 'not_whole_paise'
  if (amount < info.min) return 'below_min'
  if (amount > info.borrowable) return 'above_borrowable'
  return null
}

export type RepayProblem = 'not_positive' | 'above_owed' | 'balance'

/** The first rule a repayment of `amount` breaks: positive, at most what is owed, within the available balance (when known). */
export function repayProblem(owed: number, amount: number, available: number | undefined): RepayProblem | null {
  if (!Number.isSafeInteger(amount) || amount <= 0) return 'not_positive'
  if (amount > owed) return 'above_owed'
  if (available !== undefined && amount > available) return 'balance'
  return null
}

/**
 * Whether the loan may be cancelled at `now`: an application still in review, or a paid-out loan
 * before its first interest day with no interest on it (the principal goes back, nothing else).
 */
export function canCancel(loan: Pick<Loan, 'status' | 'coolingOffUntil' | 'interestTotal'>, now: number): boolean {
  if (loan.status === 'pending') return true
  return loan.status === 'borrowing' && loan.coolingOffUntil !== null && now < loan.coolingOffUntil && loan.interestTotal === 0
}

/** A request for more credit is whole rupees, positive, within what is left of the published maximum. */
export function creditProblem(amount: number | null, extraCredit: number, creditMax: number): 'not_whole_rupees' | 'above_max' | null {
  if (amount === null || !Number.isSafeInteger(amount) || amount <= 0 || amount % 100 !== 0) return 'not_whole_rupees'
  if (extraCredit + amount > creditMax) return 'above_max'
  return null
}

/** An exact decimal string of `value / 10^decimals`, trailing zeros kept (40, 5 -> "0.00040"). */
function decimal(value: number, decimals: number): string {
  const abs = BigInt(Math.abs(Math.trunc(value)))
  const unit = 10n ** BigInt(decimals)
  const rest = decimals > 0 ? `.${String(abs % unit).padStart(decimals, '0')}` : ''
  return `${value < 0 ? '-' : ''}${abs / unit}${rest}`
}

const percentFormats = new Map<string, Intl.NumberFormat>()

function percent(fraction: string, locale: string, maxDigits: number): string {
  const key = `${locale}:${maxDigits}`
  let format = percentFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: maxDigits })
    percentFormats.set(key, format)
  }
  // Intl takes decimal strings exactly (ES2023); the cast only satisfies older lib typings.
  return format.format(fraction as unknown as number)
}

/** A daily rate in parts per lakh as a percentage: 40 -> "0.04%", 45 -> "0.045%". */
export function formatPerLakh(perLakh: number, locale = 'en-IN'): string {
  return percent(decimal(perLakh, 5), locale, 3)
}

/** Basis points as a percentage with 2 decimals: 1460 -> "14.60%". */
export function formatBps(bps: number, locale = 'en-IN'): string {
  return percent(decimal(bps, 4), locale, 2)
}

/** The effective annual rate of a daily rate, as the key facts state it (simple: daily x 365). */
export function annualRateText(dailyRatePerLakh: number, locale = 'en-IN'): string {
  return formatBps(annualRateBps(dailyRatePerLakh), locale)
}
