/**
 * Money is integer paise from the database to the reply (DESIGN.md section 4); the brand marks
 * values that have been checked to be whole paise so no float crosses a domain boundary.
 */
export type Paise = number & { readonly __brand?: 'paise' }

export const CURRENCY = 'INR' as const

export function isPaise(value: number): value is Paise {
  return Number.isSafeInteger(value)
}

export function toPaise(value: number): Paise {
  if (!isPaise(value)) throw new RangeError(`not a whole number of paise: ${value}`)
  return value
}
