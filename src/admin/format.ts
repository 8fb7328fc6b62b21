import { formatDateTime } from '../lib/dates'
import { formatMoney } from '../lib/money'

/** A fact's value as shown: keys ending in "Paise" are money. */
export function factText(key: string, value: string | number | null): string {
  if (value === null) return '—'
  if (key.endsWith('Paise') && typeof value === 'number') return formatMoney(value)
  return String(value)
}

/** "amountPaise" -> "amount", "idNumber" -> "id number". */
export function factLabel(key: string): string {
  return key.replace(/Paise$/, '').replace(/([A-Z])/g, ' $1').toLowerCase()
}

export const when = (ms: number | null) => (ms === null ? '—' : formatDateTime(ms))
