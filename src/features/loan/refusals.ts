/**
 * The sentences of the refusals only the loan screens show (src/i18n/serverMessages.ts
 * joins them to the rest): they sit in this area's catalog, loaded with those screens.
 */
import { msg } from '@lingui/core/macro'
import { type Sentences } from '../../i18n/serverMessages'

export const loanRefusals = {
  loan_channel_closed: () => msg`Loans are not being taken at the moment.`,
  loan_quota_full: () => msg`Today's lending quota is used up. Try again tomorrow.`,
  loan_unpaid: () => msg`Repay your unpaid loan before applying for another.`,
  loan_pending_review: () => msg`Your loan application is still under review.`,
  loan_below_min: ({ min }) => (min ? msg`Borrow at least ${min}.` : msg`The amount is below the minimum loan.`),
  loan_limit_insufficient: ({ borrowable, score }) =>
    borrowable && score
      ? msg`Your limit is not enough: with a credit score of ${score} you can borrow up to ${borrowable}.`
      : msg`The amount is above what you can borrow.`,
  loan_not_found: () => msg`This loan was not found in your records.`,
  loan_not_repayable: () => msg`Nothing is owed on this loan.`,
  loan_repay_above_owed: ({ owed }) => (owed ? msg`The repayment is above what you owe: at most ${owed}.` : msg`The repayment is above what you owe.`),
  loan_cooling_off_over: ({ until }) =>
    until ? msg`The free cancellation period ended at ${until}. Repay the loan instead.` : msg`The free cancellation period has ended. Repay the loan instead.`,
  credit_amount_invalid: ({ max }) =>
    max ? msg`Additional credit must be a positive whole number of rupees, at most ${max}.` : msg`Additional credit must be a positive whole number of rupees.`,
  credit_request_pending: () => msg`Your request for more credit is still under review.`,
} satisfies Partial<Sentences>
