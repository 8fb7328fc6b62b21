/**
 * Amounts of the wallet currencies (DESIGN.md section 4: INR, CNY, TWD, HKD, USD, THB, JPY, VND,
 * MYR, KRW) as whole minor units: paise, cents, fen; yen, dong and won have none. The same table
 * as the server's (server/funds/exchange-rules.ts CURRENCY_DECIMALS, ISO 4217; a unit test keeps them
 * equal). Formatting passes Intl a decimal string, so no float ever carries the value.
 */

export const CURRENCY_DECIMALS = { INR: 2, CNY: 2, TWD: 2, HKD: 2, USD: 2, THB: 2, JPY: 0, VND: 0, MYR: 2, KRW: 0 } as const
export type WalletCurrency = keyof typeof CURRENCY_DECIMALS
export const WALLET_CURRENCIES = Object.keys(CURRENCY_DECIMALS) as WalletCurrency[]

export function isWalletCurrency(code: unknown): code is WalletCurrency {
  return typeof code === 'string' && Object.hasOwn(CURRENCY_DECIMALS, code)
}

/** Digits of the minor unit; 2 for a code this table does not know. */
export function decimalsOf(currency: string): number {
  return isWalletCurrency(currency) ? CURRENCY_DECIMALS[currency] : 2
}

/** `minor` units as an exact decimal string: (12345, 2) -> "123.45", (-5, 0) -> "-5". */
export function minorToDecimal(minor: number, decimals: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not a whole number of minor units: ${minor}`)
  const abs = Math.abs(minor)
  const unit = 10 ** decimals
  const whole = Math.trunc(abs / unit)
  const rest = decimals > 0 ? `.${String(abs % unit).padStart(decimals, '0')}` : ''
  return `${minor < 0 ? '-' : ''}${whole}${rest}`
}

const formats = new Map<string, Intl.NumberFormat>()

/**
 * `minor` units of `currency` with its sign and its decimals, Indian grouping as the app shows
 * rupees: (12345, 'USD') -> "$123.45", (1500, 'JPY') -> "JP¥1,500", (12345, 'INR') -> "₹123.45".
 */
export function formatCurrency(minor: number, currency: string): string {
  const decimals = decimalsOf(currency)
  let format = formats.get(currency)
  if (!format) {
    format = new Intl.NumberFormat('en-IN', { style: 'currency', currency, minimumFractionDigits: decimals, maximumFractionDigits: decimals })
    formats.set(currency, format)
  }
  // Intl accepts decimal strings exactly (ES2023); the cast only satisfies older lib typings.
  return format.format(minorToDecimal(minor, decimals) as unknown as number)
}

const TYPED = /^([0-9]*)(?:[.]([0-9]*))?$/

/**
 * What the user typed as whole minor units: "1,234.5" with 2 decimals is 123450. Null for text
 * that is not a plain non-negative amount, has more decimals than the currency, or is too large.
 */
export function parseAmount(text: string, decimals: number): number | null {
  const cleaned = text.trim().replace(/[\s,_]/g, '')
  const match = TYPED.exec(cleaned)
  const whole = match?.[1] ?? ''
  const fraction = match?.[2] ?? ''
  if (!match || (whole === '' && fraction === '') || fraction.length > decimals) return null
  const digits = `${whole}${fraction.padEnd(decimals, '0')}`.replace(/^0+(?=.)/, '')
  if (digits.length > 15) return null
  return Number(digits)
}
