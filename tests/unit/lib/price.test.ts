import { describe, expect, it } from 'vitest'
import { formatCompact, formatMoneyCompact, formatPrice, formatRateBp, priceDecimals, priceToDecimal } from '../../../src/lib/money'

describe('formatPrice', () => {
  it('shows a paise price with two decimals and Indian grouping', () => {
    expect(formatPrice(2590012, 100)).toBe('25,900.12')
    expect(formatPrice(5, 100)).toBe('0.05')
  })

  it('shows a currency pair with the four decimals of its scale', () => {
    expect(formatPrice(887025, 10000)).toBe('88.7025')
    expect(formatPrice(10000, 10000)).toBe('1.0000')
  })

  it('keeps every unit of a large price exact', () => {
    expect(formatPrice(800000012345, 100)).toBe('8,00,00,00,123.45')
  })

  it('signs a rise only when asked, and always a fall', () => {
    expect(formatPrice(150, 100, { signed: true })).toBe('+1.50')
    expect(formatPrice(-150, 100, { signed: true })).toBe('-1.50')
    expect(formatPrice(0, 100, { signed: true })).toBe('0.00')
    expect(formatPrice(150, 100)).toBe('1.50')
  })

  it('rejects a fractional price instead of rounding it', () => {
    expect(() => formatPrice(1.5, 100)).toThrow(RangeError)
  })
})

describe('price scale arithmetic', () => {
  it('counts the decimals of a power-of-ten scale', () => {
    expect(priceDecimals(1)).toBe(0)
    expect(priceDecimals(100)).toBe(2)
    expect(priceDecimals(10000)).toBe(4)
  })

  it('writes negative prices with the sign before the whole part', () => {
    expect(priceToDecimal(-5, 100)).toBe('-0.05')
  })
})

describe('formatRateBp', () => {
  it('shows basis points as a signed percentage', () => {
    expect(formatRateBp(123)).toBe('+1.23%')
    expect(formatRateBp(-5)).toBe('-0.05%')
    expect(formatRateBp(0)).toBe('0.00%')
    expect(formatRateBp(-1000)).toBe('-10.00%')
  })
})

describe('compact figures', () => {
  it('uses lakh and crore', () => {
    expect(formatCompact(123456789)).toBe('12.35Cr')
    expect(formatMoneyCompact(12345678900)).toBe('₹12.35Cr')
    expect(formatMoneyCompact(-250000000)).toBe('-₹25L')
  })
})
