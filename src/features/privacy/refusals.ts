/**
 * The sentences of the refusals only the privacy screens show (src/i18n/serverMessages.ts joins
 * them to the rest): they sit in this area's catalog, loaded with its screens.
 */
import { msg } from '@lingui/core/macro'
import { type Sentences } from '../../i18n/serverMessages'

export const privacyRefusals = {
  // Two-step sign-in, on the account safety screen
  totp_not_set_up: () => msg`Start the set-up again: there is no authenticator key to confirm.`,
  totp_already_enabled: () => msg`Two-step sign-in is already on.`,
  totp_not_enabled: () => msg`Two-step sign-in is not on.`,
  // Account deletion, on the privacy screen
  deletion_pending: () => msg`A deletion request is already waiting for review.`,
  deletion_blocked: ({ reason }) => {
    if (reason === 'open_positions') return msg`Close your open positions before asking to delete the account.`
    if (reason === 'pending_orders') return msg`Cancel your pending orders before asking to delete the account.`
    if (reason === 'balance') return msg`Withdraw the money left in your wallets before asking to delete the account.`
    if (reason === 'unpaid_loan') return msg`Repay your loan before asking to delete the account.`
    if (reason === 'fund_operation_pending') return msg`Wait until your money requests are reviewed before asking to delete the account.`
    return msg`The account cannot be deleted yet.`
  },
  deletion_not_pending: () => msg`There is no deletion request waiting to be cancelled.`,
  // Only the back office (English, its own screens) meets this one; the contract wants every code
  // to have a sentence, and here it stays out of the main catalog the first route loads.
  password_change_required: () => msg`Change the password you were given before anything else.`,
} satisfies Partial<Sentences>
