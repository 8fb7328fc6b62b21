/**
 * Currency exchange between the user's wallets (issue 4, DESIGN.md section 4). Every amount is a
 * whole number of its currency's minor unit (paise, cents; yen, dong and won have none). Rates are
 * rupees per unit of a currency, scaled by RATE_SCALE to whole numbers, from the market feed; the
 * user gets the mid rate less the published spread, rounded down, so the desk is never short and
 * the rate shown is the rate applied.
 */
import { HOUSE_FX, LEDGER_REASONS, type LedgerEntryDraft, buildEntry, userAccount } from './ledger'
import { PER_LAKH } from './trading-rules'
import { DomainRefusal } from './refusal'

/** The wallets and the decimals of each currency's minor unit (ISO 4217). */
export const CURRENCY_DECIMALS = { INR: 2, CNY: 2, TWD: 2, HKD: 2, USD: 2, THB: 2, JPY: 0, VND: 0, MYR: 2, KRW: 0 } as const
export type Currency = keyof typeof CURRENCY_DECIMALS
export const CURRENCIES = Object.keys(CURRENCY_DECIMALS) as Currency[]

/** Rates are rupees per unit x 10^8: 1 USD = ₹84.12345678 is 8_412_345_678. */
export const RATE_SCALE = 100_000_000

export function isCurrency(code: string): code is Currency {
  return Object.hasOwn(CURRENCY_DECIMALS, code)
}

export type ExchangeQuote = { from: Currency; to: Currency; amountIn: number; amountOut: number }

/**
 * What `amountIn` minor units of `from` buy in `to`: converted through rupees at the mid rates,
 * less `spreadPerLakh`, rounded down to a whole minor unit. Exact integer arithmetic (BigInt).
 */
export function exchangeQuote(args: {
  from: string
  to: string
  amountIn: number
  /** Rupees per unit x RATE_SCALE of every currency; INR is RATE_SCALE. */
  rates: Readonly<Record<string, number>>
  spreadPerLakh: number
}): ExchangeQuote | DomainRefusal {
  const { from, to, amountIn } = args
  if (!isCurrency(from)) return new DomainRefusal('currency_unknown', { currency: from }, `There is no ${from} wallet.`)
  if (!isCurrency(to)) return new DomainRefusal('currency_unknown', { currency: to }, `There is no ${to} wallet.`)
  if (from === to) return new DomainRefusal('exchange_same_currency', { currency: from }, 'Choose two different currencies.')
  if (!Number.isSafeInteger(amountIn) || amountIn <= 0) return new DomainRefusal('amount_invalid', {}, 'Enter an amount above zero.')
  const rateFrom = args.rates[from]
  const rateTo = args.rates[to]
  if (!rateFrom || !rateTo || rateFrom <= 0 || rateTo <= 0) return new DomainRefusal('rate_unavailable', { from, to }, 'No rate is available for this pair now.')
  const numerator = BigInt(amountIn) * BigInt(rateFrom) * 10n ** BigInt(CURRENCY_DECIMALS[to]) * BigInt(PER_LAKH - args.spreadPerLakh)
  const denominator = 10n ** BigInt(CURRENCY_DECIMALS[from]) * BigInt(rateTo) * BigInt(PER_LAKH)
  const out = numerator / denominator
  if (out < 1n) return new DomainRefusal('exchange_amount_too_small', { from, to }, 'The amount is too small to exchange.')
  if (out > BigInt(Number.MAX_SAFE_INTEGER)) return new DomainRefusal('amount_invalid', {}, 'The amount is too large.')
  return { from, to, amountIn, amountOut: Number(out) }
}

/** The exchange as one entry: the user's `from` wallet pays the desk, the desk pays the `to` wallet. */
export function exchangeEntry(userId: number, exchangeId: number, q: ExchangeQuote): LedgerEntryDraft {
  const wallet = userAccount(userId, 'available')
  return buildEntry({
    reason: LEDGER_REASONS.exchange,
    reference: `exchange:${exchangeId}`,
    operator: null,
    legs: [
      { account: wallet, currency: q.from, amount: -q.amountIn },
      { account: HOUSE_FX, currency: q.from, amount: q.amountIn },
      { account: HOUSE_FX, currency: q.to, amount: -q.amountOut },
      { account: wallet, currency: q.to, amount: q.amountOut },
    ],
  })
}
