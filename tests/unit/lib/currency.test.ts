import { describe, expect, it } from 'vitest'
import { CURRENCY_DECIMALS as SERVER_DECIMALS } from '../../../server/funds/exchange-rules'
import { CURRENCY_DECIMALS, WALLET_CURRENCIES, decimalsOf, formatCurrency, isWalletCurrency, minorToDecimal, parseAmount } from '../../../src/lib/currency'
import { formatMoney } from '../../../src/lib/money'

describe('wallet currencies', () => {
  it('are the server’s, with the same minor units', () => {
    expect(CURRENCY_DECIMALS).toEqual(SERVER_DECIMALS)
    expect(WALLET_CURRENCIES).toEqual(['INR', 'CNY', 'TWD', 'HKD', 'USD', 'THB', 'JPY', 'VND', 'MYR', 'KRW'])
    expect(isWalletCurrency('USD')).toBe(true)
    expect(isWalletCurrency('EUR')).toBe(false)
    expect(isWalletCurrency('toString')).toBe(false)
    expect(decimalsOf('KRW')).toBe(0)
  })

  it('agree with Intl on how many decimals each currency shows', () => {
    for (const code of WALLET_CURRENCIES) {
      expect(new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits, code).toBe(CURRENCY_DECIMALS[code])
    }
  })
})

describe('formatCurrency', () => {
  it('shows minor units with the currency’s own decimals and sign', () => {
    expect(formatCurrency(12_345, 'USD')).toBe('$123.45')
    expect(formatCurrency(1_500, 'JPY')).toBe('JP¥1,500')
    expect(formatCurrency(123_456_789, 'VND')).toBe('₫12,34,56,789')
    expect(formatCurrency(-5, 'HKD')).toBe('-HK$0.05')
  })

  it('shows rupees exactly as formatMoney does', () => {
    for (const paise of [0, 5, -5, 100, 12_345_678_901, Number.MAX_SAFE_INTEGER]) expect(formatCurrency(paise, 'INR')).toBe(formatMoney(paise))
  })

  it('keeps the exact last unit of the largest safe integer', () => {
    expect(formatCurrency(Number.MAX_SAFE_INTEGER, 'KRW')).toBe('₩9,00,71,99,25,47,40,991')
  })
})

describe('minorToDecimal and parseAmount', () => {
  it('turn minor units into a decimal string and back without a float', () => {
    expect(minorToDecimal(12_345, 2)).toBe('123.45')
    expect(minorToDecimal(7, 2)).toBe('0.07')
    expect(minorToDecimal(-1_500, 0)).toBe('-1500')
    for (const [minor, decimals] of [[1, 2], [10_000_001, 2], [987_654, 0]] as const) expect(parseAmount(minorToDecimal(minor, decimals), decimals)).toBe(minor)
  })

  it('reads what a person types: grouping, a trailing point, leading zeros', () => {
    expect(parseAmount('1,234.5', 2)).toBe(123_450)
    expect(parseAmount(' 0.07 ', 2)).toBe(7)
    expect(parseAmount('12.', 2)).toBe(1_200)
    expect(parseAmount('.5', 2)).toBe(50)
    expect(parseAmount('1500', 0)).toBe(1_500)
  })

  it('refuses what is not an amount of this currency', () => {
    for (const text of ['', ' ', '.', '-1', '1e3', 'abc', '1.2.3']) expect(parseAmount(text, 2), text).toBeNull()
    // More decimals than the currency has: yen have none, rupees two.
    expect(parseAmount('1.5', 0)).toBeNull()
    expect(parseAmount('1.005', 2)).toBeNull()
    expect(parseAmount('9999999999999999', 0)).toBeNull()
  })
})
