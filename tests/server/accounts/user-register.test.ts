import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findUserByAccount, userInviteCode } from '../../../server/accounts/repository'
import { createTestApp, type TestApp } from '../helpers'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const form = (account: string, change: Record<string, unknown> = {}) => ({
  account,
  password: 'secret123',
  confirmPassword: 'secret123',
  inviteCode: 'TIJORI',
  agree: true,
  ...change,
})

describe('POST /user/register', () => {
  it('creates an account that can sign in, with its own invite code', async () => {
    const res = await t.call('/user/register', form('9100000001'), { key: true })
    expect(res.statusCode).toBe(200)
    expect(res.body).toEqual({ status: 1, msg: 'ok', data: { account: '9100000001' } })
    const user = await findUserByAccount(t.database.db, '9100000001')
    expect(user?.password_hash).toMatch(/^\$argon2id\$/)
    expect(user?.invited_by_code).toBe('TIJORI')
    const own = await userInviteCode(t.database.db, user!.id)
    expect(own).toMatch(/^[A-Z2-9]{8}$/)
    const headers = await t.login('9100000001', 'secret123')
    const info = await t.call('/user/info', {}, { headers })
    expect(info.body.data).toMatchObject({ account: '9100000001', inviteCode: own })
  })

  it("accepts another user's invite code, in any case", async () => {
    const inviter = await findUserByAccount(t.database.db, '9100000001')
    const code = (await userInviteCode(t.database.db, inviter!.id))!
    const res = await t.call('/user/register', form('9100000002', { inviteCode: ` ${code.toLowerCase()} ` }), { key: true })
    expect(res.body.status).toBe(1)
    expect((await findUserByAccount(t.database.db, '9100000002'))?.invited_by_code).toBe(code)
  })

  it('gives every user a different invite code', async () => {
    for (let i = 3; i <= 6; i++) await t.register(`910000000${i}`)
    const codes = await t.database.db.selectFrom('invite_codes').select('code').where('owner_user_id', 'is not', null).execute()
    expect(new Set(codes.map((c) => c.code)).size).toBe(codes.length)
  })

  it.each([
    ['account_invalid', form('12345'), {}],
    ['account_invalid', form('5100000001'), {}],
    ['password_length', form('9100000010', { password: 'short', confirmPassword: 'short' }), { min: 6, max: 32 }],
    ['password_length', form('9100000010', { password: 'x'.repeat(33), confirmPassword: 'x'.repeat(33) }), { min: 6, max: 32 }],
    ['password_mismatch', form('9100000010', { confirmPassword: 'secret124' }), {}],
    ['agreement_required', form('9100000010', { agree: false }), {}],
    ['invite_code_invalid', form('9100000010', { inviteCode: 'NOPE99' }), {}],
    ['invite_code_invalid', form('9100000010', { inviteCode: '' }), {}],
    ['account_exists', form('9000000001'), {}],
  ])('refuses with %s', async (code, body, params) => {
    const res = await t.call('/user/register', body, { key: true })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({ status: 0, code, params })
    expect(res.body.msg).toMatch(/\w/)
  })

  it('creates nothing when refused', async () => {
    expect(await findUserByAccount(t.database.db, '9100000010')).toBeUndefined()
  })

  it('needs an Idempotency-Key', async () => {
    const res = await t.call('/user/register', form('9100000011'))
    expect(res.statusCode).toBe(400)
    expect(res.body).toMatchObject({ status: 0, code: 'idempotency_key_required' })
    expect(await findUserByAccount(t.database.db, '9100000011')).toBeUndefined()
  })

  it('refuses a malformed Idempotency-Key as bad input', async () => {
    const res = await t.call('/user/register', form('9100000011'), { key: 'k'.repeat(200) })
    expect(res.statusCode).toBe(400)
    expect(res.body).toMatchObject({ code: 'bad_request', params: { field: 'Idempotency-Key' } })
  })

  it('replays a registration retried with its key instead of refusing account_exists', async () => {
    const key = 'register-retry-1'
    const first = await t.call('/user/register', form('9100000012'), { key })
    const again = await t.call('/user/register', form('9100000012'), { key })
    expect(first.body.status).toBe(1)
    expect(again.raw).toBe(first.raw)
    expect(again.headers['idempotent-replayed']).toBe('true')
  })
})
