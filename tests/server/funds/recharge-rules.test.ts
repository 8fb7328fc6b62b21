import { describe, expect, it } from 'vitest'
import { DEFAULT_FUND_RULES } from '../../../server/funds/rules'
import { DEMO_RECHARGE_CHANNELS, type RechargeRequestCheck, checkRechargeRequest, parseRechargeChannels } from '../../../server/funds/recharge-rules'

/** Monday 23 November 2026, 12:00 India time. */
const MONDAY_NOON = Date.parse('2026-11-23T12:00:00+05:30')

const request: RechargeRequestCheck = {
  channel: 'upi',
  channels: DEMO_RECHARGE_CHANNELS,
  amount: 500_000,
  status: 'verified',
  receiptUploadId: 7,
  receiptOwn: true,
  receiptUsed: false,
  otherPending: false,
  rules: DEFAULT_FUND_RULES,
  now: MONDAY_NOON,
}

describe('a recharge request', () => {
  it('goes to review when every rule holds', () => {
    expect(checkRechargeRequest(request)).toBeNull()
  })

  it('names the first rule broken, in the published order', () => {
    expect(checkRechargeRequest({ ...request, channel: 'paypal', status: 'none' })).toMatchObject({ code: 'recharge_channel_unknown', params: { channel: 'paypal' } })
    expect(checkRechargeRequest({ ...request, channels: [], channel: 'upi' })?.code).toBe('recharge_channel_unknown')
    expect(checkRechargeRequest({ ...request, status: 'pending', amount: 1 })).toMatchObject({ code: 'real_name_required', params: { status: 'pending' } })
    expect(checkRechargeRequest({ ...request, amount: 499_999, receiptOwn: false })).toMatchObject({ code: 'recharge_below_min', params: { min: 500_000 } })
    const weekdaysOnly = { ...DEFAULT_FUND_RULES, rechargeWindow: { from: 9 * 60, to: 17 * 60, weekdaysOnly: true } }
    const saturday = Date.parse('2026-11-28T12:00:00+05:30')
    expect(checkRechargeRequest({ ...request, rules: weekdaysOnly, now: saturday, receiptOwn: false })).toMatchObject({
      code: 'outside_window',
      params: { from: '09:00', to: '17:00', days: 'weekdays' },
    })
    expect(checkRechargeRequest({ ...request, receiptOwn: false, receiptUsed: true })).toMatchObject({ code: 'upload_not_found', params: { id: 7 } })
    expect(checkRechargeRequest({ ...request, receiptUsed: true, otherPending: true })?.code).toBe('receipt_already_used')
    expect(checkRechargeRequest({ ...request, otherPending: true })?.code).toBe('fund_operation_pending')
  })

  it('publishes demo channels that cannot be mistaken for real accounts', () => {
    expect(DEMO_RECHARGE_CHANNELS.map((c) => c.kind)).toEqual(['bank', 'upi', 'usdt'])
    const bank = DEMO_RECHARGE_CHANNELS.find((c) => c.kind === 'bank')
    expect(bank).toMatchObject({ ifsc: expect.stringMatching(/^[A-Z]{4}0[A-Z0-9]{6}$/), bank: expect.stringMatching(/not a real account/) })
  })
})

describe('parseRechargeChannels', () => {
  const bank = { id: 'hdfc', kind: 'bank', beneficiary: 'Tijori Pvt Ltd', accountNumber: '50200012345678', ifsc: 'HDFC0000123', bank: 'HDFC Bank' }
  const upi = { id: 'upi', kind: 'upi', payee: 'Tijori', vpa: 'tijori@hdfcbank' }
  const usdt = { id: 'usdt', kind: 'usdt', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }

  it('reads a deployment\'s channels', () => {
    expect(parseRechargeChannels(JSON.stringify([bank, upi, usdt]))).toEqual([bank, upi, { ...usdt, network: 'TRC20' }])
  })

  it('refuses a detail users could send money to by mistake, naming it', () => {
    expect(() => parseRechargeChannels('{')).toThrow('not JSON')
    expect(() => parseRechargeChannels(JSON.stringify([{ ...bank, ifsc: 'HDFC123' }]))).toThrow('[0].ifsc')
    expect(() => parseRechargeChannels(JSON.stringify([upi, { ...upi, vpa: 'no-at-sign' }]))).toThrow('[1].id must be unique')
    expect(() => parseRechargeChannels(JSON.stringify([{ ...upi, vpa: 'no-at-sign' }]))).toThrow('[0].vpa')
    // The demo's address fails TRON's checksum on purpose.
    expect(() => parseRechargeChannels(JSON.stringify([{ ...usdt, address: DEMO_RECHARGE_CHANNELS[2]!.kind === 'usdt' ? DEMO_RECHARGE_CHANNELS[2]!.address : '' }]))).toThrow('[0].address')
    expect(() => parseRechargeChannels(JSON.stringify([{ id: 'x', kind: 'cash' }]))).toThrow('kind must be')
  })
})
