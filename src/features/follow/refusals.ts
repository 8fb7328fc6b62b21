/**
 * The sentences of the refusals only the copy-trading screens show (src/i18n/serverMessages.ts
 * joins them to the rest): they sit in this area's catalog, loaded with those screens.
 */
import { msg } from '@lingui/core/macro'
import { type Sentences } from '../../i18n/serverMessages'

export const followRefusals = {
  follow_not_found: () => msg`This copy-trading product was not found.`,
  follow_closed: ({ deadline }) => (deadline ? msg`This product stopped taking money at ${deadline}.` : msg`This product is not taking money now.`),
  follow_below_min: ({ min }) => (min ? msg`Invest at least ${min}.` : msg`The amount is below this product's minimum.`),
  follow_fund_full: ({ available }) =>
    available ? msg`The fund is nearly full: at most ${available} can still be invested.` : msg`The fund is full.`,
  follow_stop_loss_invalid: ({ min, max }) =>
    min && max ? msg`Set the stop-loss between ${min}% and ${max}% of the amount invested.` : msg`The stop-loss percentage is not allowed.`,
  follow_investment_not_found: () => msg`This investment was not found in your records.`,
  follow_locked: ({ unlockAt }) => (unlockAt ? msg`This investment is locked until ${unlockAt}.` : msg`This investment is still locked.`),
  follow_ended: () => msg`This investment has already ended.`,
} satisfies Partial<Sentences>
