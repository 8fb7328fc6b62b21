import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyPassword } from '../../../server/accounts/password-hash'
import { findUserByAccount } from '../../../server/accounts/repository'
import { createTestApp, type TestApp } from '../helpers'

let t: TestApp
let headers: Record<string, string>
beforeAll(async () => {
  t = await createTestApp()
  await t.register('9500000101', 'login-pass1')
  headers = await t.login('9500000101', 'login-pass1')
})
afterAll(() => t.close())

const info = async () => (await t.call('/user/info', {}, { headers })).body.data as { fundPasswordSet: boolean }
const stored = async () => (await findUserByAccount(t.database.db, '9500000101'))!.fund_password_hash

describe('POST /user/fundPass', () => {
  it('refuses a fund password that is not six digits, or typed differently twice', async () => {
    const short = await t.call('/user/fundPass', { password: 'login-pass1', fundPassword: '12345', confirmFundPassword: '12345' }, { headers, key: true })
    expect(short.body).toMatchObject({ status: 0, code: 'fund_password_format', params: { digits: 6 } })
    const letters = await t.call('/user/fundPass', { password: 'login-pass1', fundPassword: '12345a', confirmFundPassword: '12345a' }, { headers, key: true })
    expect(letters.body.code).toBe('fund_password_format')
    const mismatch = await t.call('/user/fundPass', { password: 'login-pass1', fundPassword: '123456', confirmFundPassword: '123457' }, { headers, key: true })
    expect(mismatch.body.code).toBe('password_mismatch')
  })

  it('sets the first one only with the right login password', async () => {
    expect(await info()).toMatchObject({ fundPasswordSet: false })
    const wrong = await t.call('/user/fundPass', { password: 'not-mine1', fundPassword: '246810', confirmFundPassword: '246810' }, { headers, key: true })
    expect(wrong.body.code).toBe('password_wrong')
    expect(await stored()).toBeNull()
    const set = await t.call('/user/fundPass', { password: 'login-pass1', fundPassword: '246810', confirmFundPassword: '246810' }, { headers, key: true })
    expect(set.body).toEqual({ status: 1, msg: 'ok', data: {} })
    expect(await info()).toMatchObject({ fundPasswordSet: true })
    expect(await verifyPassword((await stored())!, '246810')).toBe(true)
  })

  it('changes it only with the current fund password, not the login password', async () => {
    const withLogin = await t.call('/user/fundPass', { oldFundPassword: 'login-pass1', fundPassword: '135790', confirmFundPassword: '135790' }, { headers, key: true })
    expect(withLogin.body.code).toBe('fund_password_wrong')
    const changed = await t.call('/user/fundPass', { oldFundPassword: '246810', fundPassword: '135790', confirmFundPassword: '135790' }, { headers, key: true })
    expect(changed.body.status).toBe(1)
    expect(await verifyPassword((await stored())!, '135790')).toBe(true)
    // The login password is untouched.
    expect((await t.call('/user/login', { account: '9500000101', password: 'login-pass1' })).body.status).toBe(1)
  })

  it('needs a session', async () => {
    expect((await t.call('/user/fundPass', { fundPassword: '123456', confirmFundPassword: '123456' }, { key: true })).statusCode).toBe(401)
  })
})

describe('POST /user/fundPass guess limit on the login password', () => {
  it('stops answering after 5 wrong login passwords and ends the guessing session; signing in still works', async () => {
    await t.register('9500000102', 'login-pass2')
    const guesser = await t.login('9500000102', 'login-pass2')
    const first = (password: string, headers: Record<string, string>) =>
      t.call('/user/fundPass', { password, fundPassword: '246810', confirmFundPassword: '246810' }, { headers, key: true })
    for (let i = 0; i < 5; i++) {
      t.clock.advance(1000)
      expect((await first(`guess-${i}-x`, guesser)).body.code).toBe('password_wrong')
    }
    expect((await t.call('/user/info', {}, { headers: guesser })).statusCode).toBe(401)
    const owner = await t.login('9500000102', 'login-pass2')
    const refused = await first('login-pass2', owner)
    expect(refused.statusCode).toBe(429)
    expect(refused.body).toMatchObject({ code: 'too_many_attempts', params: { retryAfter: 896, rule: 'password', limit: 5, windowSeconds: 900 } })
    expect(await findUserByAccount(t.database.db, '9500000102').then((u) => u!.fund_password_hash)).toBeNull()
    t.clock.advance(896 * 1000)
    expect((await first('login-pass2', owner)).body.status).toBe(1)
  })
})
