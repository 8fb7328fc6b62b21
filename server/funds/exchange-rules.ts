/**
 * Currency exchange between the user's wallets (issue 4, DESIGN.md section 4). Every amount is a
 * whole number of its currency's minor unit (paise, cents; yen, dong and won have none). Rates are
 * rupees per unit of a currency, scaled by RATE_SCALE to whole numbers, from the market feed; the
 * user gets the mid rate less the published spread, rounded down, so the desk is never short and
 * the rate shown is the rate applied.
 */
import { type FlagReasons } from '../accounts/rules'
import { HOUSE_FX, LEDGER_REASONS, type LedgerEntryDraft, buildEntry, userAccount } from '../ledger/rules'
import { PER_LAKH } from '../trade/rules'
import { DomainRefusal } from '../http/refusal'

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

// ---- rates (issue 4: /user/exchangeRates and /user/exchange) ----

/**
 * Where a mid rate comes from: INR is the base (always RATE_SCALE); a currency with an INR pair in
 * the market takes the pair's live price; a currency without one takes the fixed reference rate
 * the operator set in config (shown as a "reference rate", not a market one).
 */
export type RateSource = 'base' | 'market' | 'reference'

export type MidRate = {
  /** Rupees per unit x RATE_SCALE. */
  mid: number
  source: RateSource
  /** The instant the market quote describes; null for the base and for a reference rate. */
  time: number | null
}

/** A forex pair's live quote: `price` is 1/`priceScale` rupee per `baseAmount` units of the currency. */
export type PairQuote = { price: number; priceScale: number; baseAmount: number; time: number }

/** Rupees per unit x RATE_SCALE from a pair's price, rounded half up (exact for the market's pairs). */
export function rateFromPairPrice(q: Pick<PairQuote, 'price' | 'priceScale' | 'baseAmount'>): number {
  if (![q.price, q.priceScale, q.baseAmount].every((v) => Number.isSafeInteger(v) && v > 0)) {
    throw new RangeError(`a pair price needs positive whole numbers, got ${q.price} / ${q.priceScale} per ${q.baseAmount}`)
  }
  const n = BigInt(q.price) * BigInt(RATE_SCALE)
  const d = BigInt(q.priceScale) * BigInt(q.baseAmount)
  return Number((2n * n + d) / (2n * d))
}

/**
 * The mid rate of every wallet currency: the pair's quote where the market has one, else the
 * configured reference rate, else none (an exchange with it is refused as rate_unavailable).
 */
export function midRates(
  pairQuote: (currency: Currency) => PairQuote | undefined,
  referenceRates: Readonly<Partial<Record<string, number>>>,
): Map<Currency, MidRate> {
  const rates = new Map<Currency, MidRate>()
  for (const currency of CURRENCIES) {
    if (currency === 'INR') {
      rates.set(currency, { mid: RATE_SCALE, source: 'base', time: null })
      continue
    }
    const quote = pairQuote(currency)
    if (quote) {
      rates.set(currency, { mid: rateFromPairPrice(quote), source: 'market', time: quote.time })
      continue
    }
    const reference = referenceRates[currency]
    if (reference !== undefined && Number.isSafeInteger(reference) && reference > 0) rates.set(currency, { mid: reference, source: 'reference', time: null })
  }
  return rates
}

/**
 * What a user pays and gets per unit against rupees, with the spread taken once as exchangeQuote
 * takes it: `sell` is what one unit brings in rupees (mid less the spread, rounded down), `buy`
 * is what one unit costs in rupees (mid grossed up by the spread, rounded up). Both x RATE_SCALE.
 */
export function userRates(mid: number, spreadPerLakh: number): { buy: number; sell: number } {
  const keep = BigInt(PER_LAKH - spreadPerLakh)
  const lakh = BigInt(PER_LAKH)
  return { sell: Number((BigInt(mid) * keep) / lakh), buy: Number((BigInt(mid) * lakh + keep - 1n) / keep) }
}

/** Checks a configured spread: whole parts per lakh, at least 0, below the whole amount. */
export function checkSpread(spreadPerLakh: number): number {
  if (!Number.isSafeInteger(spreadPerLakh) || spreadPerLakh < 0 || spreadPerLakh >= PER_LAKH) {
    throw new Error(`the exchange spread must be whole parts per lakh from 0 to ${PER_LAKH - 1}, not ${spreadPerLakh}`)
  }
  return spreadPerLakh
}

// ---- the request's other rules ----

/**
 * A frozen or disabled account moves no money (DESIGN.md section 4: account flags set in the back
 * office with a reason the user sees). The strongest flag wins, as at sign-in.
 */
export function exchangeFlagRefusal(flags: FlagReasons): DomainRefusal | null {
  if (flags.disabled !== undefined) return new DomainRefusal('account_disabled', { reason: flags.disabled }, `This account is disabled: ${flags.disabled}`)
  if (flags.frozen !== undefined) return new DomainRefusal('account_frozen', { reason: flags.frozen }, `This account is frozen: ${flags.frozen}`)
  return null
}

/** The `from` wallet's available balance (read under the user's lock) must cover the amount. */
export function walletRefusal(q: Pick<ExchangeQuote, 'from' | 'amountIn'>, available: number): DomainRefusal | null {
  if (q.amountIn <= available) return null
  return new DomainRefusal(
    'insufficient_balance',
    { available, required: q.amountIn, currency: q.from },
    `The ${q.from} wallet does not cover this amount.`,
  )
}

/**
 * The user confirmed about so much; the rate moves every second. With `minAmountOut`, a quote
 * that now gives less is refused instead of carried out at a rate the user never agreed to.
 */
export function rateMovedRefusal(q: ExchangeQuote, minAmountOut: number | undefined): DomainRefusal | null {
  if (minAmountOut === undefined || q.amountOut >= minAmountOut) return null
  return new DomainRefusal(
    'exchange_rate_moved',
    { amountOut: q.amountOut, minAmountOut, currency: q.to },
    'The rate has moved: this exchange now gives less than you confirmed.',
  )
}
