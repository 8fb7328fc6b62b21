/**
 * The ledger entries of credit loans (issue 12). Where the money sits:
 * - the payout moves the principal from `house:loans`, the loan book, to the user's cash;
 * - each interest day moves the day's interest from the book to `house:loan_interest` (what loans
 *   have earned): the book goes further below zero by what the user now owes more; the user's
 *   cash does not change;
 * - a repayment (or a cancellation in the free first day) moves cash back to the book.
 * So the book's balance is minus what all borrowers owe, the sum of the loans' principal and
 * interest outstanding. The reference is `loan:<loan id>`, so a user finds it in fund records.
 */
import { LEDGER_REASONS, type LedgerEntryDraft, transfer, userAccount } from '../ledger/rules'
import { CURRENCY, type Paise } from '../ledger/money'

export const HOUSE_LOANS = 'house:loans'
export const HOUSE_LOAN_INTEREST = 'house:loan_interest'

export const loanReference = (loanId: number) => `loan:${loanId}`

/** The approved loan paid out to the user's cash. */
export function loanDisbursementEntry(userId: number, loanId: number, amount: Paise): LedgerEntryDraft {
  return transfer({ reason: LEDGER_REASONS.loanDisbursement, reference: loanReference(loanId), from: HOUSE_LOANS, to: userAccount(userId, 'available'), currency: CURRENCY, amount })
}

/** One interest day: what the user owes grows; their cash does not move. */
export function loanInterestEntry(loanId: number, interest: Paise): LedgerEntryDraft {
  return transfer({ reason: LEDGER_REASONS.loanInterest, reference: loanReference(loanId), from: HOUSE_LOANS, to: HOUSE_LOAN_INTEREST, currency: CURRENCY, amount: interest })
}

/** A repayment, or the principal handed back in the free first day: cash back to the book. */
export function loanRepaymentEntry(userId: number, loanId: number, amount: Paise): LedgerEntryDraft {
  return transfer({ reason: LEDGER_REASONS.loanRepayment, reference: loanReference(loanId), from: userAccount(userId, 'available'), to: HOUSE_LOANS, currency: CURRENCY, amount })
}
