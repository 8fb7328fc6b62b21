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
