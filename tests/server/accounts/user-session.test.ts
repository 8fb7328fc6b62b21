import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setFlag } from '../../../server/accounts/flag-repository'
import { findUserByAccount } from '../../../server/accounts/repository'
import { type AccountFlag } from '../../../server/accounts/rules'
import { createTestApp, DEMO_ACCOUNT, type TestApp } from '../helpers'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('login, info, logout', () => {
  it('signs in the demo account and shows its info', async () => {
    const res = await t.call('/user/login', { account: DEMO_ACCOUNT.account, password: DEMO_ACCOUNT.password })
    expect(res.statusCode).toBe(200)
    const data = res.body.data as { token: string; account: string; expiresAt: number }
    expect(data.account).toBe(DEMO_ACCOUNT.account)
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(data.expiresAt).toBe(t.clock.now() + t.config.tokenTtlSeconds * 1000)

    const info = await t.call('/user/info', {}, { headers: { token: data.token, account: data.account } })
    expect(info.statusCode).toBe(200)
    expect(info.body.data).toEqual({
      account: DEMO_ACCOUNT.account,
      inviteCode: expect.stringMatching(/^[A-Z2-9]{8}$/),
      createdAt: t.clock.now(),
      currency: 'INR',
      balances: { available: DEMO_ACCOUNT.grant, frozen: 0, total: DEMO_ACCOUNT.grant },
      flags: { frozen: false, loginBanned: false, disabled: false, noTrade: false, noWithdraw: false, marginTrading: true },
      fundPasswordSet: true,
      restrictions: [],
      realName: { status: 'verified', name: 'Demo User', reason: null },
      signIn: { count: 0, lastDay: null, today: false },
      failedSignIns: { count: 0, lastAt: null },
      totpEnabled: false,
    })
  })

  it('stores only the hash of the token', async () => {
    const headers = await t.login(DEMO_ACCOUNT.account, DEMO_ACCOUNT.password)
    const rows = await t.database.db.selectFrom('sessions').select('token_hash').execute()
    expect(rows.some((r) => r.token_hash === headers.token)).toBe(false)
  })

  it('refuses a wrong password and an unknown account with the same code', async () => {
    const wrong = await t.call('/user/login', { account: DEMO_ACCOUNT.account, password: 'wrong-pass' }, { remoteAddress: '10.0.0.1' })
    const unknown = await t.call('/user/login', { account: '9999999999', password: 'whatever1' }, { remoteAddress: '10.0.0.1' })
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(200)
      expect(res.body).toMatchObject({ status: 0, code: 'login_failed', params: {} })
    }
    expect(wrong.body.msg).toBe(unknown.body.msg)
  })

  it('answers 401 without a token, with a bad token, or with another account', async () => {
    const headers = await t.login(DEMO_ACCOUNT.account, DEMO_ACCOUNT.password)
    const attempts: Record<string, string>[] = [
      {},
      { token: headers.token },
      { account: headers.account },
      { ...headers, token: 'nope' },
      { ...headers, account: '9100000001' },
    ]
    for (const h of attempts) {
      const res = await t.call('/user/info', {}, { headers: h })
      expect(res.statusCode).toBe(401)
      expect(res.body).toMatchObject({ status: 0, code: 'unauthorized' })
    }
  })

  it('ends the session on logout', async () => {
    const headers = await t.login(DEMO_ACCOUNT.account, DEMO_ACCOUNT.password)
    const out = await t.call('/user/logout', {}, { headers })
    expect(out.body).toEqual({ status: 1, msg: 'ok', data: {} })
    expect((await t.call('/user/info', {}, { headers })).statusCode).toBe(401)
    expect((await t.call('/user/logout', {}, { headers })).statusCode).toBe(401)
  })

  it('expires a token after token_ttl_seconds', async () => {
    const headers = await t.login(DEMO_ACCOUNT.account, DEMO_ACCOUNT.password)
    t.clock.advance(t.config.tokenTtlSeconds * 1000 - 1)
    expect((await t.call('/user/info', {}, { headers })).statusCode).toBe(200)
    t.clock.advance(1)
    expect((await t.call('/user/info', {}, { headers })).statusCode).toBe(401)
  })
})

describe('account flags', () => {
  const cases: [AccountFlag, string][] = [
    ['disabled', 'account_disabled'],
    ['login_banned', 'login_banned'],
    ['frozen', 'account_frozen'],
  ]

  it.each(cases)('refuses sign-in when %s, with the reason', async (flag, code) => {
    const account = `92000000${String(cases.findIndex(([f]) => f === flag)).padStart(2, '0')}`
    await t.register(account)
    const user = await findUserByAccount(t.database.db, account)
    await setFlag(t.database.db, { userId: user!.id, flag, reason: `reason for ${flag}`, setBy: 'test', now: t.clock.now() })
    const res = await t.call('/user/login', { account, password: 'secret123' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatchObject({ status: 0, code, params: { reason: `reason for ${flag}` } })
    // The flag is only revealed to someone who knows the password.
    const wrong = await t.call('/user/login', { account, password: 'not-the-one' })
    expect(wrong.body.code).toBe('login_failed')
  })

  it('lets trade and withdrawal flags sign in and shows them in info', async () => {
    const { account, password } = await t.register('9200000099')
    const user = await findUserByAccount(t.database.db, account)
    for (const flag of ['no_trade', 'no_withdraw'] as const) {
      await setFlag(t.database.db, { userId: user!.id, flag, reason: 'r', setBy: null, now: t.clock.now() })
    }
    const headers = await t.login(account, password)
    const info = await t.call('/user/info', {}, { headers })
    expect((info.body.data as { flags: unknown }).flags).toEqual({ frozen: false, loginBanned: false, disabled: false, noTrade: true, noWithdraw: true, marginTrading: false })
  })
})
