/**
 * Two-step sign-in on the real app and database: set up, turn on with a code (recovery codes
 * shown once, stored hashed), sign-in asks for a code and counts wrong ones with the sign-in
 * limiter, a code and a recovery code work once, withdrawals need a code (guess-limited), and
 * turning it off needs the password and a code. Codes are computed at the injected clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findUserByAccount } from '../../../server/accounts/repository'
import { base32Decode, recoveryCodeHash, totpAt } from '../../../server/totp/totp'
import { type TotpEnabled, type TotpSetup, type UserInfo } from '../../../src/contract/replies'
import { createTestApp, type TestApp } from '../helpers'
import { grant } from '../trade/accounts'

let t: TestApp
let next = 9_720_000_000
const FUND_PASSWORD = '246810'

type Who = { account: string; userId: number; headers: Record<string, string>; secret: string; recoveryCodes: string[] }

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const codeAt = (secret: string, ms = t.clock.now()) => totpAt(base32Decode(secret), ms)
const login = (account: string, extra: Record<string, unknown> = {}, remoteAddress = '10.0.0.1') =>
  t.call('/user/login', { account, password: 'secret123', ...extra }, { remoteAddress })

/** A registered account with two-step sign-in on. */
async function withTotp(): Promise<Who> {
  const account = String(++next)
  await t.register(account)
  const headers = await t.login(account, 'secret123')
  const userId = (await findUserByAccount(t.database.db, account))!.id
  const setup = await t.call('/user/totp/setup', { password: 'secret123' }, { headers })
  expect(setup.body, setup.raw).toMatchObject({ status: 1 })
  const { secret } = setup.body.data as TotpSetup
  const on = await t.call('/user/totp/enable', { code: codeAt(secret) }, { headers })
  expect(on.body, on.raw).toMatchObject({ status: 1 })
  // The code that turned it on is used: the next sign-in needs the next step's code.
  t.clock.advance(30_000)
  return { account, userId, headers, secret, recoveryCodes: (on.body.data as TotpEnabled).recoveryCodes }
}

describe('turning two-step sign-in on', () => {
  it('a secret proved by the password, then a code from it: ten recovery codes, stored hashed', async () => {
    const account = String(++next)
    await t.register(account)
    const headers = await t.login(account, 'secret123')
    const userId = (await findUserByAccount(t.database.db, account))!.id
    expect((await t.call('/user/totp/enable', { code: '123456' }, { headers })).body.code).toBe('totp_not_set_up')
    expect((await t.call('/user/totp/setup', { password: 'wrong-one' }, { headers })).body.code).toBe('password_wrong')

    const setup = (await t.call('/user/totp/setup', { password: 'secret123' }, { headers })).body.data as TotpSetup
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(setup.otpauthUrl).toBe(`otpauth://totp/Tijori%3A${account}?secret=${setup.secret}&issuer=Tijori&algorithm=SHA1&digits=6&period=30`)
    expect(((await t.call('/user/info', {}, { headers })).body.data as UserInfo).totpEnabled).toBe(false)

    // A code from the step two before now is refused; so is a recovery-looking code.
    expect((await t.call('/user/totp/enable', { code: codeAt(setup.secret, t.clock.now() - 60_000) }, { headers })).body.code).toBe('totp_invalid')
    expect((await t.call('/user/totp/enable', { code: 'abcde-fghij' }, { headers })).body.code).toBe('totp_invalid')
    const on = await t.call('/user/totp/enable', { code: codeAt(setup.secret) }, { headers })
    const { recoveryCodes } = on.body.data as TotpEnabled
    expect(recoveryCodes).toHaveLength(10)
    expect(((await t.call('/user/info', {}, { headers })).body.data as UserInfo).totpEnabled).toBe(true)

    const stored = await t.database.db.selectFrom('totp_recovery_codes').select(['code_hash', 'used_at']).where('user_id', '=', userId).execute()
    expect(stored.map((r) => r.code_hash).sort()).toEqual(recoveryCodes.map(recoveryCodeHash).sort())
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0])
    expect((await t.call('/user/totp/enable', { code: codeAt(setup.secret) }, { headers })).body.code).toBe('totp_already_enabled')
    expect((await t.call('/user/totp/setup', { password: 'secret123' }, { headers })).body.code).toBe('totp_already_enabled')
  })

  it('wrong codes in a session are guess-limited (429 after five, even for the right one)', async () => {
    const account = String(++next)
    await t.register(account)
    const headers = await t.login(account, 'secret123')
    const { secret } = (await t.call('/user/totp/setup', { password: 'secret123' }, { headers })).body.data as TotpSetup
    const right = codeAt(secret)
    const wrong = right === '000000' ? '000001' : '000000'
    for (let i = 0; i < 5; i++) expect((await t.call('/user/totp/enable', { code: wrong }, { headers })).body.code).toBe('totp_invalid')
    const blocked = await t.call('/user/totp/enable', { code: right }, { headers })
    expect(blocked.statusCode).toBe(429)
    expect(blocked.body).toMatchObject({ code: 'too_many_attempts', params: { rule: 'password', limit: 5 } })
    t.clock.advance(t.config.loginWindowSeconds * 1000)
    expect((await t.call('/user/totp/enable', { code: codeAt(secret) }, { headers })).body.status).toBe(1)
  })
})

describe('signing in', () => {
  it('without a code: totp_required and no token; a right code signs in, once', async () => {
    const who = await withTotp()
    const asked = await login(who.account)
    expect(asked.body).toMatchObject({ status: 0, code: 'totp_required' })
    expect(asked.body.data).toBeUndefined()
    expect((await login(who.account, { password: 'nope-nope' })).body.code).toBe('login_failed')

    const code = codeAt(who.secret)
    const signed = await login(who.account, { totpCode: code })
    expect(signed.body, signed.raw).toMatchObject({ status: 1, data: { account: who.account } })
    // The same code again (a replay, or a second device): refused.
    expect((await login(who.account, { totpCode: code })).body.code).toBe('totp_invalid')
    // The previous step's code is inside the window but older than the one used: refused too.
    expect((await login(who.account, { totpCode: codeAt(who.secret, t.clock.now() - 30_000) })).body.code).toBe('totp_invalid')
    t.clock.advance(30_000)
    expect((await login(who.account, { totpCode: codeAt(who.secret) })).body.status).toBe(1)
  })

  it('a recovery code works once, typed in any case with or without its dash', async () => {
    const who = await withTotp()
    const recovery = who.recoveryCodes[3]!
    expect((await login(who.account, { totpCode: recovery.toUpperCase().replace('-', ' ') })).body.status).toBe(1)
    expect((await login(who.account, { totpCode: recovery })).body.code).toBe('totp_invalid')
    expect((await login(who.account, { totpCode: who.recoveryCodes[4]! })).body.status).toBe(1)
  })

  it('wrong codes count as failed sign-ins: the sixth attempt from one address is refused with 429', async () => {
    const who = await withTotp()
    const right = codeAt(who.secret)
    const wrong = right === '111111' ? '222222' : '111111'
    for (let i = 0; i < t.config.loginLimitAccountIp; i++) {
      expect((await login(who.account, { totpCode: wrong }, '10.9.9.9')).body.code).toBe('totp_invalid')
    }
    const blocked = await login(who.account, { totpCode: right }, '10.9.9.9')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.body).toMatchObject({ code: 'too_many_attempts', params: { rule: 'account_address' } })
    // totp_required (right password, no code) is not a failure: it never blocks the owner.
    const other = await withTotp()
    for (let i = 0; i < t.config.loginLimitAccountIp + 2; i++) expect((await login(other.account, {}, '10.8.8.8')).body.code).toBe('totp_required')
    expect((await login(other.account, { totpCode: codeAt(other.secret) }, '10.8.8.8')).body.status).toBe(1)
  })

  it('turned off with the password and a code: sign-in needs only the password again', async () => {
    const who = await withTotp()
    expect((await t.call('/user/totp/disable', { password: 'secret123', code: '000000' }, { headers: who.headers })).body.code).toMatch(/^totp_invalid$/)
    expect((await t.call('/user/totp/disable', { password: 'wrong-one', code: codeAt(who.secret) }, { headers: who.headers })).body.code).toBe('password_wrong')
    expect((await t.call('/user/totp/disable', { password: 'secret123', code: who.recoveryCodes[0]! }, { headers: who.headers })).body.status).toBe(1)
    expect(((await t.call('/user/info', {}, { headers: who.headers })).body.data as UserInfo).totpEnabled).toBe(false)
    expect((await login(who.account)).body.status).toBe(1)
    expect((await t.call('/user/totp/disable', { password: 'secret123', code: codeAt(who.secret) }, { headers: who.headers })).body.code).toBe('totp_not_enabled')
    expect(await t.database.db.selectFrom('totp_recovery_codes').select('id').where('user_id', '=', who.userId).execute()).toEqual([])
  })
})

describe('withdrawing', () => {
  async function withCard(who: Who): Promise<number> {
    await t.database.db.updateTable('users').set({ real_name_status: 'verified', real_name: 'Asha Rao' }).where('id', '=', who.userId).execute()
    expect((await t.call('/user/fundPass', { password: 'secret123', fundPassword: FUND_PASSWORD, confirmFundPassword: FUND_PASSWORD }, { headers: who.headers, key: true })).body.status).toBe(1)
    const card = await t.call('/user/addBankCard', { holder: 'Asha Rao', accountNumber: '123456789012', ifsc: 'SBIN0001234', bank: 'SBI', branch: 'Fort' }, { headers: who.headers, key: true })
    await grant(t, who.userId, 1_000_000)
    return (card.body.data as { id: number }).id
  }

  it('needs a code when two-step sign-in is on; a refused withdrawal leaves the code unused', async () => {
    const who = await withTotp()
    const cardId = await withCard(who)
    const withdraw = (extra: Record<string, unknown>) => t.call('/user/withdraw', { amount: 100_000, cardId, fundPassword: FUND_PASSWORD, ...extra }, { headers: who.headers, key: true })
    expect((await withdraw({})).body.code).toBe('totp_required')
    // A wrong fund password is said first: the code is asked only of someone who knows it.
    expect((await withdraw({ fundPassword: '000000' })).body.code).toBe('fund_password_wrong')
    const code = codeAt(who.secret)
    expect((await withdraw({ totpCode: code === '000000' ? '000001' : '000000' })).body.code).toBe('totp_invalid')
    // Refused for the amount: the code is not used up.
    expect((await withdraw({ totpCode: code, amount: 10_000_000 })).body.code).toBe('insufficient_balance')
    const paid = await withdraw({ totpCode: code })
    expect(paid.body, paid.raw).toMatchObject({ status: 1, data: { amount: 100_000, status: 'pending' } })
    expect((await withdraw({ totpCode: code })).body.code).toBe('totp_invalid')
  })

  it('wrong codes are guess-limited like the fund password', async () => {
    const who = await withTotp()
    const cardId = await withCard(who)
    const withdraw = (totpCode: string) => t.call('/user/withdraw', { amount: 100_000, cardId, fundPassword: FUND_PASSWORD, totpCode }, { headers: who.headers, key: true })
    const right = codeAt(who.secret)
    const wrong = right === '000000' ? '000001' : '000000'
    for (let i = 0; i < t.config.passwordCheckLimit; i++) expect((await withdraw(wrong)).body.code).toBe('totp_invalid')
    const blocked = await withdraw(right)
    expect(blocked.statusCode).toBe(429)
  })

  it('without two-step sign-in, no code is asked', async () => {
    const account = String(++next)
    await t.register(account)
    const headers = await t.login(account, 'secret123')
    const userId = (await findUserByAccount(t.database.db, account))!.id
    const cardId = await withCard({ account, userId, headers, secret: '', recoveryCodes: [] })
    const res = await t.call('/user/withdraw', { amount: 100_000, cardId, fundPassword: FUND_PASSWORD }, { headers, key: true })
    expect(res.body, res.raw).toMatchObject({ status: 1 })
  })
})
