import { describe, expect, it } from 'vitest'
import { BANK_ACCOUNT_PATTERN, IFSC_PATTERN, PAN_PATTERN, normalizeName } from '../../../src/lib/validators'

describe('identity formats', () => {
  it('takes a PAN of five letters, four digits and a letter, upper case only', () => {
    expect(PAN_PATTERN.test('ABCDE1234F')).toBe(true)
    for (const bad of ['abcde1234f', 'ABCD1234F', 'ABCDE12345', 'ABCDE1234FG', '1BCDE1234F']) expect(PAN_PATTERN.test(bad)).toBe(false)
  })

  it('takes an IFSC of four letters, a zero and six letters or digits', () => {
    expect(IFSC_PATTERN.test('SBIN0001234')).toBe(true)
    expect(IFSC_PATTERN.test('HDFC0ABC123')).toBe(true)
    for (const bad of ['SBIN1001234', 'SBI00001234', 'SBIN000123', 'sbin0001234']) expect(IFSC_PATTERN.test(bad)).toBe(false)
  })

  it('takes bank account numbers of 9 to 18 digits', () => {
    expect(BANK_ACCOUNT_PATTERN.test('123456789')).toBe(true)
    expect(BANK_ACCOUNT_PATTERN.test('123456789012345678')).toBe(true)
    expect(BANK_ACCOUNT_PATTERN.test('12345678')).toBe(false)
    expect(BANK_ACCOUNT_PATTERN.test('1234567890123456789')).toBe(false)
  })

  it('compares names without regard to case, spacing or the dots of initials', () => {
    expect(normalizeName('  a.  k. Sharma ')).toBe(normalizeName('A K SHARMA'))
    expect(normalizeName('Asha Rao')).not.toBe(normalizeName('Asha Roa'))
  })
})
