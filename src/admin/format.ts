import { formatDateTime } from '../lib/dates'
import { decimalsOf, minorToDecimal } from '../lib/currency'
import { FACT_LABELS, humanize, labelOf } from './labels'

const moneyFormats = new Map<string, Intl.NumberFormat>()

/**
 * `minor` units of `currency` as money in that currency's own form: rupees the Indian way
 * ("₹1,23,456.78"), any other currency with its sign and international grouping ("$12.34",
 * "JP¥1,500"). Intl gets an exact decimal string, so no float carries the amount.
 */
export function money(minor: number, currency = 'INR'): string {
  let format = moneyFormats.get(currency)
  if (!format) {
    const decimals = decimalsOf(currency)
    format = new Intl.NumberFormat(currency === 'INR' ? 'en-IN' : 'en', { style: 'currency', currency, minimumFractionDigits: decimals, maximumFractionDigits: decimals })
    moneyFormats.set(currency, format)
  }
  // Intl accepts decimal strings exactly (ES2023); the cast only satisfies older lib typings.
  return format.format(minorToDecimal(minor, decimalsOf(currency)) as unknown as number)
}

export const when = (ms: number | null) => (ms === null ? '—' : formatDateTime(ms))

/** A fact's value as shown: keys ending in "Paise" are rupees, "PerLakh" a daily rate, ISO times read as times. */
export function factText(key: string, value: string | number | null): string {
  if (value === null) return '—'
  if (key.endsWith('Paise') && typeof value === 'number') return money(value)
  // Parts per lakh: 50 is 0.05%.
  if (key.endsWith('PerLakh') && typeof value === 'number') return `${(value / 1000).toFixed(3).replace(/\.?0+$/, '')}% a day`
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))) return when(Date.parse(value))
  return String(value)
}

/** "amountPaise" -> "Amount", "idNumber" -> "ID number". */
export function factLabel(key: string): string {
  return Object.hasOwn(FACT_LABELS, key) ? labelOf(FACT_LABELS, key) : humanize(key.replace(/Paise$/, ''))
}
