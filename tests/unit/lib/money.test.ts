import { describe, expect, it } from 'vitest'
import { assertPaise, formatMoney, paiseToDecimal } from '../../../src/lib/money'

describe('formatMoney', () => {
  it('shows zero as ₹0.00', () => {
    expect(formatMoney(0)).toBe('₹0.00')
  })

  it('shows 5 paise as ₹0.05, not ₹0.5', () => {
    expect(formatMoney(5)).toBe('₹0.05')
  })

  it('shows 100 paise as one rupee', () => {
    expect(formatMoney(100)).toBe('₹1.00')
  })

  it('groups large amounts the Indian way (lakh, crore) without losing a paisa', () => {
    expect(formatMoney(12345678901)).toBe('₹12,34,56,789.01')
  })

  it('keeps the exact paise of the largest safe integer, where a float division would round', () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER)).toBe('₹9,00,71,99,25,47,409.91')
  })

  it('puts the minus sign before the rupee sign for negative amounts', () => {
    expect(formatMoney(-100)).toBe('-₹1.00')
    expect(formatMoney(-5)).toBe('-₹0.05')
  })

  it('rejects a non-integer amount instead of rounding it', () => {
    expect(() => formatMoney(1.5)).toThrow(RangeError)
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError)
    expect(() => formatMoney(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError)
  })
})

describe('paiseToDecimal', () => {
  it('writes the exact rupee amount as a decimal string', () => {
    expect(paiseToDecimal(0)).toBe('0.00')
    expect(paiseToDecimal(12345)).toBe('123.45')
    expect(paiseToDecimal(-7)).toBe('-0.07')
  })
})

describe('assertPaise', () => {
  it('accepts whole paise and refuses fractions', () => {
    expect(() => assertPaise(10)).not.toThrow()
    expect(() => assertPaise(0.1)).toThrow(RangeError)
  })
})
