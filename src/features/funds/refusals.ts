/**
 * The sentences of the refusals only the deposit, withdrawal and exchange screens show (src/i18n/serverMessages.ts
 * joins them to the rest): they sit in this area's catalog, loaded with those screens.
 */
import { msg } from '@lingui/core/macro'
import { type Sentences } from '../../i18n/serverMessages'

export const fundsRefusals = {
  withdraw_below_min: ({ min }) => (min ? msg`The smallest withdrawal is ${min}.` : msg`The amount is below the smallest withdrawal.`),
  withdraw_above_max: ({ max }) => (max ? msg`The largest withdrawal is ${max}.` : msg`The amount is above the largest withdrawal.`),
  usdt_address_invalid: ({ network }) =>
    network === 'TRC20'
      ? msg`A TRC20 address is 34 characters starting with T; check it against your wallet.`
      : network === 'ERC20'
        ? msg`An ERC20 address is 0x followed by 40 hexadecimal digits; check it against your wallet.`
        : msg`This is not a valid address for that network; check it against your wallet.`,
  recharge_channel_unknown: () => msg`Choose one of the deposit channels shown.`,
  recharge_below_min: ({ min }) => (min ? msg`The smallest deposit is ${min}.` : msg`The amount is below the smallest deposit.`),
  receipt_already_used: () => msg`This receipt was already sent with another deposit. Add the receipt of this transfer.`,
  currency_unknown: ({ currency }) => (currency ? msg`There is no ${currency} wallet.` : msg`There is no such wallet.`),
  exchange_same_currency: () => msg`Choose two different currencies.`,
  rate_unavailable: ({ from, to }) =>
    from && to ? msg`No rate is available for ${from} to ${to} now. Try again later.` : msg`No rate is available for this exchange now. Try again later.`,
  exchange_amount_too_small: () => msg`The amount is too small: it would not buy one whole unit of the other currency.`,
  exchange_rate_moved: ({ amountOut }) =>
    amountOut
      ? msg`The rate has moved: this exchange would now give ${amountOut}, less than you confirmed. Nothing was exchanged; check the new quote.`
      : msg`The rate has moved against you. Nothing was exchanged; check the new quote.`,
  withdraw_score_low: ({ score, min }) =>
    score && min
      ? msg`Withdrawals need a credit score of at least ${min}; yours is ${score}. The loan page shows how it is made.`
      : msg`Your credit score is below the minimum for withdrawals.`,
} satisfies Partial<Sentences>
