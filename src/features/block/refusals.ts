/**
 * The sentences of the refusals only the block-trade screens show (src/i18n/serverMessages.ts
 * joins them to the rest): they sit in this area's catalog, loaded with those screens.
 */
import { msg } from '@lingui/core/macro'
import { type Sentences } from '../../i18n/serverMessages'

export const blockRefusals = {
  block_not_found: () => msg`This block offering was not found.`,
  block_closed: ({ opens, closes }) =>
    opens && closes ? msg`This block trade is closed: applications are taken from ${opens} to ${closes}.` : msg`This block trade is closed.`,
  block_lot_invalid: ({ lot }) => (lot ? msg`Apply in whole lots of ${lot} shares.` : msg`Apply in whole lots.`),
  block_below_min_shares: ({ min }) => (min ? msg`Below the minimum: apply for at least ${min} shares.` : msg`Below the minimum number of shares.`),
  block_below_min_amount: ({ min }) => (min ? msg`Below the minimum amount: an application must come to at least ${min}.` : msg`Below the minimum amount.`),
  block_already_applied: () => msg`You have already applied for this block offering.`,
} satisfies Partial<Sentences>
