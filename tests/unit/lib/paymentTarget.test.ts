import { describe, expect, it } from 'vitest'
import { paymentTarget } from '../../../src/lib/paymentTarget'

describe('paymentTarget', () => {
  const upi = { kind: 'upi' as const, payee: 'Tijori Demo & Co', vpa: 'tijori.demo@upi' }

  it('makes a UPI link with the payee, the exact rupee amount and the note', () => {
    expect(paymentTarget(upi, 500_005, 'Tijori 9000000001')).toBe('upi://pay?pa=tijori.demo@upi&pn=Tijori%20Demo%20%26%20Co&am=5000.05&cu=INR&tn=Tijori%209000000001')
    expect(paymentTarget(upi, 123_456_700)).toBe('upi://pay?pa=tijori.demo@upi&pn=Tijori%20Demo%20%26%20Co&am=1234567.00&cu=INR')
  })

  it('holds the bare address for USDT, and nothing for a bank transfer', () => {
    expect(paymentTarget({ kind: 'usdt', network: 'TRC20', address: 'TTijoriDemoAddressNotReaLWaLLetxxx' }, 500_000)).toBe('TTijoriDemoAddressNotReaLWaLLetxxx')
    expect(paymentTarget({ kind: 'bank' }, 500_000)).toBeNull()
  })
})
