/**
 * The exchange screen's preview: the server's rule (server/funds/exchange-rules.ts exchangeQuote)
 * mirrored exactly, so what the screen says you get is what the server pays at the same rates.
 * Rates are rupees per unit x RATE_SCALE; amounts whole minor units; BigInt arithmetic only.
 * A unit test runs both over thousands of random inputs and expects the same answers.
 */
import { CURRENCY_DECIMALS, isWalletCurrency, type WalletCurrency } from './currency'
import { PER_LAKH } from './trade'

export const RATE_SCALE = 100_000_000

/**
 * How much worse than the confirmed amount the user accepts while the request travels: the rate
 * moves every second. Beyond it the server refuses (exchange_rate_moved) and nothing is exchanged.
 */
export const SLIPPAGE_PER_LAKH = 100

export type QuoteRefusal = { ok: false; code: string; params: Record<string, string | number> }
export type QuotePreview = { ok: true; from: WalletCurrency; to: WalletCurrency; amountIn: number; amountOut: number }

/** What `amountIn` minor units of `from` buy in `to` at the mid `rates` less `spreadPerLakh`, rounded down. */
export function previewExchange(args: {
  from: string
  to: string
  amountIn: number
  rates: Readonly<Record<string, number | null | undefined>>
  spreadPerLakh: number
}): QuotePreview | QuoteRefusal {
  const { from, to, amountIn } = args
  const refuse = (code: string, params: Record<string, string | number> = {}): QuoteRefusal => ({ ok: false, code, params })
  if (!isWalletCurrency(from)) return refuse('currency_unknown', { currency: from })
  if (!isWalletCurrency(to)) return refuse('currency_unknown', { currency: to })
  if (from === to) return refuse('exchange_same_currency', { currency: from })
  if (!Number.isSafeInteger(amountIn) || amountIn <= 0) return refuse('amount_invalid')
  const rateFrom = args.rates[from]
  const rateTo = args.rates[to]
  if (!rateFrom || !rateTo || rateFrom <= 0 || rateTo <= 0) return refuse('rate_unavailable', { from, to })
  const numerator = BigInt(amountIn) * BigInt(rateFrom) * 10n ** BigInt(CURRENCY_DECIMALS[to]) * BigInt(PER_LAKH - args.spreadPerLakh)
  const denominator = 10n ** BigInt(CURRENCY_DECIMALS[from]) * BigInt(rateTo) * BigInt(PER_LAKH)
  const out = numerator / denominator
  if (out < 1n) return refuse('exchange_amount_too_small', { from, to })
  if (out > BigInt(Number.MAX_SAFE_INTEGER)) return refuse('amount_invalid')
  return { ok: true, from, to, amountIn, amountOut: Number(out) }
}

/** The least the user accepts for a confirmed `amountOut`: SLIPPAGE_PER_LAKH less, rounded down, at least 1. */
export function minAcceptable(amountOut: number): number {
  return Math.max(1, Number((BigInt(amountOut) * BigInt(PER_LAKH - SLIPPAGE_PER_LAKH)) / BigInt(PER_LAKH)))
}

/**
 * What one whole `from` brings in whole `to` after the spread, as an exact decimal string with 8
 * places, for "1 USD = 7,123.45 JPY": rateFrom x (1 - spread) / rateTo, rounded down.
 */
export function unitRate(rateFrom: number, rateTo: number, spreadPerLakh: number): string {
  const scaled = (BigInt(rateFrom) * BigInt(PER_LAKH - spreadPerLakh) * BigInt(RATE_SCALE)) / (BigInt(rateTo) * BigInt(PER_LAKH))
  const digits = scaled.toString().padStart(9, '0')
  return `${digits.slice(0, -8)}.${digits.slice(-8)}`
}

/**
 * What a wallet is worth in rupees at its mid rate, in paise, rounded down: the assets page's
 * "other currencies" (no spread: nothing is being exchanged). Undefined without a rate.
 */
export function valueInPaise(minor: number, currency: string, rate: number | null | undefined): number | undefined {
  if (!isWalletCurrency(currency)) return undefined
  if (currency === 'INR') return minor
  if (!rate || rate <= 0) return undefined
  // minor / 10^decimals units x rate / RATE_SCALE rupees x 100 paise.
  const n = BigInt(minor) * BigInt(rate) * 100n
  const d = 10n ** BigInt(CURRENCY_DECIMALS[currency]) * BigInt(RATE_SCALE)
  const q = n / d
  return Number(n < 0n && q * d !== n ? q - 1n : q)
}

/** A rate (x RATE_SCALE) as an exact decimal string with 8 places: 8358000000 -> "83.58000000". */
export function rateToDecimal(rate: number): string {
  if (!Number.isSafeInteger(rate) || rate < 0) throw new RangeError(`not a rate: ${rate}`)
  const digits = String(rate).padStart(9, '0')
  return `${digits.slice(0, -8)}.${digits.slice(-8)}`
}

// Truncated, never rounded up: a rate shown is never better than the one applied.
const rateFormat = new Intl.NumberFormat('en-IN', { maximumSignificantDigits: 6, roundingMode: 'trunc' })
const rupeeRateFormat = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumSignificantDigits: 6, roundingMode: 'trunc' })

/** A decimal string (unitRate, rateToDecimal) to six significant digits, Indian grouping: "7,123.45". */
export function formatRateNumber(decimal: string): string {
  return rateFormat.format(decimal as unknown as number)
}

/** Rupees per unit (x RATE_SCALE) to six significant digits: 8358000000 -> "₹83.58", 337000 -> "₹0.00337". */
export function formatRupeeRate(rate: number): string {
  return rupeeRateFormat.format(rateToDecimal(rate) as unknown as number)
}
