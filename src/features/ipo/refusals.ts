/**
 * The sentences of the refusals only the new-share and dividend screens show (src/i18n/serverMessages.ts
 * joins them to the rest): they sit in this area's catalog, loaded with those screens.
 */
import { msg } from '@lingui/core/macro'
import { type Sentences } from '../../i18n/serverMessages'

export const ipoRefusals = {
  ipo_not_found: () => msg`This issue was not found.`,
  ipo_not_open: ({ opens, closes }) =>
    opens && closes ? msg`Applications for this issue are taken from ${opens} to ${closes}.` : msg`This issue is not taking applications now.`,
  ipo_lots_invalid: ({ min, max }) => (min && max ? msg`Apply for ${min} to ${max} lots, in whole lots.` : msg`Apply for a whole number of lots within the issue's limits.`),
  ipo_pan_used: () => msg`An application under this PAN has already been made for this issue.`,
  ipo_limit_reached: ({ limit }) => (limit ? msg`You can make at most ${limit} application(s) for each issue.` : msg`You have made as many applications for this issue as allowed.`),
  ipo_application_not_found: () => msg`This application was not found in your records.`,
  ipo_nothing_owed: () => msg`Nothing is owed on this application.`,
  ipo_payment_closed: ({ deadline }) => (deadline ? msg`Payment for this allotment closed at ${deadline}.` : msg`Payment for this allotment has closed.`),
  ipo_schedule_invalid: ({ field }) => (field ? msg`The issue's schedule is not valid: check ${field}.` : msg`The issue's schedule is not valid.`),
  ipo_symbol_taken: ({ symbol }) => (symbol ? msg`The symbol ${symbol} is already in use.` : msg`That symbol is already in use.`),
  ipo_already_drawn: () => msg`This issue has been drawn already; it can no longer be cancelled.`,
  dividend_not_found: () => msg`This dividend was not found in your records.`,
  dividend_not_claimable: () => msg`This dividend cannot be applied for: it has been applied for already, or it is paid without an application.`,
} satisfies Partial<Sentences>
