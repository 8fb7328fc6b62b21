import { describe, expect, it } from 'vitest'
import { maskTail } from '../../../src/lib/mask'

describe('maskTail', () => {
  it('shows only the last four characters of a PAN or ID number', () => {
    expect(maskTail('ABCDE1234F')).toBe('••••••234F')
    expect(maskTail('AB-1234-5678')).toBe('••••••••5678')
  })

  it('always hides at least two characters of a short text', () => {
    expect(maskTail('12345')).toBe('••345')
    expect(maskTail('AB')).toBe('••')
    expect(maskTail('')).toBe('')
  })
})
