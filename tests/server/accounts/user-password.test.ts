import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers'

let t: TestApp
let headers: Record<string, string>
beforeAll(async () => {
  t = await createTestApp()
  await t.register('9500000001', 'old-pass1')
  headers = await t.login('9500000001', 'old-pass1')
})
afterAll(() => t.close())

const change = (oldPassword: string, password: string, confirmPassword = password) => ({ oldPassword, password, confirmPassword })

describe('POST /user/loginPass', () => {
  it.each([
    ['password_length', change('old-pass1', 'abc'), { min: 6, max: 32 }],
    ['password_mismatch', change('old-pass1', 'new-pass1', 'new-pass2'), {}],
    ['password_wrong', change('not-mine1', 'new-pass1'), {}],
    ['password_same', change('old-pass1', 'old-pass1'), {}],
  ])('refuses with %s', async (code, body, params) => {
    const res = await t.call('/user/loginPass', body, { headers, key: true })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({ status: 0, code, params })
  })

  it('needs a session', async () => {
    const res = await t.call('/user/loginPass', change('old-pass1', 'new-pass1'), { key: true })
    expect(res.statusCode).toBe(401)
  })

  it('changes the password and signs out every other session but this one', async () => {
    const other = await t.login('9500000001', 'old-pass1')
    const res = await t.call('/user/loginPass', change('old-pass1', 'new-pass1'), { headers, key: true })
    expect(res.body).toEqual({ status: 1, msg: 'ok', data: {} })
    expect((await t.call('/user/info', {}, { headers: other })).statusCode).toBe(401)
    expect((await t.call('/user/info', {}, { headers })).statusCode).toBe(200)
    expect((await t.call('/user/login', { account: '9500000001', password: 'old-pass1' })).body.code).toBe('login_failed')
    expect((await t.call('/user/login', { account: '9500000001', password: 'new-pass1' })).body.status).toBe(1)
  })
})

describe('POST /user/loginPass guess limit', () => {
  it('stops answering after 5 wrong current passwords, ends the guessing session but not the others, and never blocks signing in', async () => {
    await t.register('9500000002', 'old-pass2')
    const guesser = await t.login('9500000002', 'old-pass2')
    const phone = await t.login('9500000002', 'old-pass2')
    for (let i = 0; i < 5; i++) {
      t.clock.advance(1000)
      const res = await t.call('/user/loginPass', change(`guess-${i}`, 'new-pass2'), { headers: guesser, key: true })
      expect(res.body.code).toBe('password_wrong')
    }
    // The session whose wrong guess reached the limit is ended; the owner's other session is not.
    expect((await t.call('/user/info', {}, { headers: guesser })).statusCode).toBe(401)
    expect((await t.call('/user/info', {}, { headers: phone })).statusCode).toBe(200)
    // Even the right password is refused until the first guess (4 s ago) leaves the window.
    const refused = await t.call('/user/loginPass', change('old-pass2', 'new-pass2'), { headers: phone, key: true })
    expect(refused.statusCode).toBe(429)
    expect(refused.body).toMatchObject({ code: 'too_many_attempts', params: { retryAfter: 896, rule: 'password', limit: 5, windowSeconds: 900 } })
    // A refused attempt ends nothing, and these guesses are not sign-in failures.
    expect((await t.call('/user/info', {}, { headers: phone })).statusCode).toBe(200)
    await t.login('9500000002', 'old-pass2')
    // The first fund password is proved by the same login password, under the same count.
    const fund = await t.call('/user/fundPass', { password: 'old-pass2', fundPassword: '246810', confirmFundPassword: '246810' }, { headers: phone, key: true })
    expect(fund.statusCode).toBe(429)
    t.clock.advance(896 * 1000)
    expect((await t.call('/user/loginPass', change('old-pass2', 'new-pass2'), { headers: phone, key: true })).body.status).toBe(1)
  })

  it('counts a burst of simultaneous guesses exactly: 5 answered, 7 refused', async () => {
    await t.register('9500000003', 'old-pass3')
    const session = await t.login('9500000003', 'old-pass3')
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) => t.call('/user/loginPass', change(`guess-${i}`, 'new-pass3'), { headers: session, key: true })),
    )
    const codes = burst.map((r) => r.body.code)
    expect(codes.filter((c) => c === 'password_wrong')).toHaveLength(5)
    expect(codes.filter((c) => c === 'too_many_attempts')).toHaveLength(7)
  })
})
