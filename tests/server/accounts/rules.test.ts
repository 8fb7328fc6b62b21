import { describe, expect, it } from 'vitest'
import {
  flagSummary,
  isValidAccount,
  loginFlagRefusal,
  normaliseInviteCode,
  passwordChangeRefusal,
  passwordSameRefusal,
  registrationRefusal,
} from '../../../server/accounts/rules'

const rules = { passwordMin: 6, passwordMax: 32 }
const valid = { account: '9876543210', password: 'secret1', confirmPassword: 'secret1', inviteCode: 'TIJORI', agree: true }

describe('account rules', () => {
  it('accepts 10-digit mobile numbers starting 6 to 9 only', () => {
    expect(['6000000000', '7123456789', '9999999999'].every(isValidAccount)).toBe(true)
    expect(['5123456789', '912345678', '91234567890', '+919123456789', ' 9123456789', '98765x3210', ''].some(isValidAccount)).toBe(false)
  })

  it('accepts a valid registration', () => {
    expect(registrationRefusal(valid, rules)).toBeNull()
  })

  it.each([
    [{ account: '12345' }, 'account_invalid', {}],
    [{ password: 'abc', confirmPassword: 'abc' }, 'password_length', { min: 6, max: 32 }],
    [{ password: 'a'.repeat(33), confirmPassword: 'a'.repeat(33) }, 'password_length', { min: 6, max: 32 }],
    [{ confirmPassword: 'other12' }, 'password_mismatch', {}],
    [{ agree: false }, 'agreement_required', {}],
    [{ inviteCode: '   ' }, 'invite_code_invalid', {}],
  ])('refuses %o with %s', (change, code, params) => {
    const refusal = registrationRefusal({ ...valid, ...change }, rules)
    expect(refusal?.code).toBe(code)
    expect(refusal?.params).toEqual(params)
    expect(refusal?.message).toMatch(/\w/)
  })

  it('counts password length in characters a person sees', () => {
    const sixEmoji = '🔒🔒🔒🔒🔒🔒'
    expect(registrationRefusal({ ...valid, password: sixEmoji, confirmPassword: sixEmoji }, rules)).toBeNull()
  })

  it('normalises invite codes typed by hand', () => {
    expect(normaliseInviteCode('  tijori ')).toBe('TIJORI')
  })

  it('checks a new password for length and confirmation, and sameness only separately', () => {
    const change = { oldPassword: 'secret1', password: 'secret2', confirmPassword: 'secret2' }
    expect(passwordChangeRefusal(change, rules)).toBeNull()
    expect(passwordChangeRefusal({ ...change, password: 'x', confirmPassword: 'x' }, rules)?.code).toBe('password_length')
    expect(passwordChangeRefusal({ ...change, confirmPassword: 'secret3' }, rules)?.code).toBe('password_mismatch')
    expect(passwordSameRefusal({ ...change, password: 'secret1', confirmPassword: 'secret1' })?.code).toBe('password_same')
    expect(passwordSameRefusal(change)).toBeNull()
  })

  it('lets the strongest flag refuse a sign-in, with its reason', () => {
    expect(loginFlagRefusal({})).toBeNull()
    expect(loginFlagRefusal({ no_trade: 'x', no_withdraw: 'y' })).toBeNull()
    expect(loginFlagRefusal({ frozen: 'audit' })).toMatchObject({ code: 'account_frozen', params: { reason: 'audit' } })
    expect(loginFlagRefusal({ frozen: 'a', login_banned: 'b' })).toMatchObject({ code: 'login_banned', params: { reason: 'b' } })
    expect(loginFlagRefusal({ frozen: 'a', login_banned: 'b', disabled: 'c' })).toMatchObject({ code: 'account_disabled', params: { reason: 'c' } })
  })

  it('summarises flags as booleans in the contract spelling', () => {
    expect(flagSummary({ login_banned: 'x', no_withdraw: 'y' }, false)).toEqual({
      frozen: false,
      loginBanned: true,
      disabled: false,
      noTrade: false,
      noWithdraw: true,
      marginTrading: false,
    })
    expect(flagSummary({}, true).marginTrading).toBe(true)
  })
})
