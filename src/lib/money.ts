/**
 * Money is integer paise (DESIGN.md section 4). Formatting goes through Intl with the rupee
 * amount passed as a decimal string, so no float ever carries the value.
 */
export type Paise = number & { readonly __brand?: 'paise' }

const inr = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

export function assertPaise(value: number): asserts value is Paise {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not an integer amount of paise: ${value}`)
}

/** The exact rupee amount of `paise` as a decimal string, e.g. 12345 -> "123.45". */
export function paiseToDecimal(paise: Paise): string {
  assertPaise(paise)
  const abs = Math.abs(paise)
  const rupees = Math.trunc(abs / 100)
  const rest = String(abs % 100).padStart(2, '0')
  return `${paise < 0 ? '-' : ''}${rupees}.${rest}`
}

/** `₹1,23,456.78`: rupee sign, Indian grouping, two decimals. */
export function formatMoney(paise: Paise): string {
  // Intl accepts decimal strings exactly (ES2023 Intl.NumberFormat v3); the cast only satisfies older lib typings.
  return inr.format(paiseToDecimal(paise) as unknown as number)
}

/** Decimal places of a price scale that is a power of ten (100 -> 2, 10,000 -> 4); 0 otherwise. */
export function priceDecimals(priceScale: number): number {
  let decimals = 0
  for (let s = priceScale; s >= 10 && s % 10 === 0; s /= 10) decimals++
  return decimals
}

/** `price` units of `1/priceScale` as an exact decimal string, e.g. (123456, 10000) -> "12.3456". */
export function priceToDecimal(price: number, priceScale: number): string {
  if (!Number.isSafeInteger(price)) throw new RangeError(`not an integer price: ${price}`)
  const decimals = priceDecimals(priceScale)
  const abs = Math.abs(price)
  const unit = 10 ** decimals
  const whole = Math.trunc(abs / unit)
  const rest = decimals > 0 ? `.${String(abs % unit).padStart(decimals, '0')}` : ''
  return `${price < 0 ? '-' : ''}${whole}${rest}`
}

const priceFormats = new Map<number, Intl.NumberFormat>()

/**
 * A quote price with Indian grouping and all the decimals of its scale, no currency sign (an index
 * is in points, not rupees): (2590012, 100) -> "25,900.12". `signed` adds + for a rise.
 */
export function formatPrice(price: number, priceScale: number, { signed = false } = {}): string {
  const decimals = priceDecimals(priceScale)
  let format = priceFormats.get(decimals)
  if (!format) {
    format = new Intl.NumberFormat('en-IN', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })
    priceFormats.set(decimals, format)
  }
  const text = format.format(priceToDecimal(price, priceScale) as unknown as number)
  return signed && price > 0 ? `+${text}` : text
}

/** A rate in basis points as a signed percentage with two decimals: 123 -> "+1.23%", -5 -> "-0.05%". */
export function formatRateBp(bp: number): string {
  const sign = bp > 0 ? '+' : bp < 0 ? '-' : ''
  const abs = Math.abs(Math.trunc(bp))
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}%`
}

const compact = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 2 })

/** A large count (volume, shares) the Indian way: 123456789 -> "12.35Cr". For display only. */
export function formatCompact(value: number): string {
  return compact.format(value)
}

/** Paise as compact rupees for tables: 12345678900 -> "₹12.35Cr". For display only. */
export function formatMoneyCompact(paise: Paise): string {
  assertPaise(paise)
  return `${paise < 0 ? '-' : ''}₹${compact.format(Math.abs(paise) / 100)}`
}
