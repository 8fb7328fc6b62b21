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
