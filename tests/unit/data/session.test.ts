import { beforeEach, describe, expect, it } from 'vitest'
import { ApiRefusal, call } from '../../../src/data/api'
import { db } from '../../../src/data/db'
import {
  changeLoginPassword,
  clearSession,
  getSession,
  loadSession,
  login,
  logout,
  register,
} from '../../../src/data/session'
import { refreshUserInfo } from '../../../src/data/sync'
import { useRealServer } from '../support/realServer'

const server = useRealServer()

beforeEach(async () => {
  await clearSession()
  await Promise.all([db.meta.clear(), db.user.clear(), db.outbox.clear()])
})

describe('session', () => {
  it('logs in, stores the session in db.meta and restores it on the next start', async () => {
    const { account, password } = await server.newAccount()
    const session = await login(account, password)
    expect(session).toMatchObject({ account, token: expect.any(String), expiresAt: expect.any(Number) })
    expect((await db.meta.get('session'))?.value).toEqual(session)

    // A reload: memory is empty until loadSession reads it back.
    await db.meta.put({ key: 'session', value: session, updatedAt: 0 })
    expect(await loadSession()).toEqual(session)
    expect(getSession()).toEqual(session)
  })

  it('refuses a wrong password with login_failed and stores nothing', async () => {
    const { account } = await server.newAccount()
    await expect(login(account, 'wrong-password')).rejects.toMatchObject({ code: 'login_failed' })
    expect(getSession()).toBeNull()
    expect(await db.meta.get('session')).toBeUndefined()
  })

  it('treats a damaged stored session as none', async () => {
    await db.meta.put({ key: 'session', value: { token: 42 }, updatedAt: 0 })
    expect(await loadSession()).toBeNull()
  })

  it('registers once for one idempotency key', async () => {
    const account = '9123456780'
    const input = { account, password: 'secret123', confirmPassword: 'secret123', inviteCode: 'TIJORI', agree: true }
    const key = crypto.randomUUID()
    expect(await register(input, key)).toEqual({ account })
    expect(await register(input, key)).toEqual({ account })
    await expect(register(input, crypto.randomUUID())).rejects.toMatchObject({ code: 'account_exists' })
  })

  it('logs out: revokes the token on the server and clears the session and cached user here', async () => {
    const { account, password } = await server.newAccount()
    const session = await login(account, password)
    await refreshUserInfo()
    expect(await db.user.get(account)).toBeDefined()

    await logout()
    expect(getSession()).toBeNull()
    expect(await db.meta.get('session')).toBeUndefined()
    expect(await db.user.get(account)).toBeUndefined()

    // The old token no longer works.
    await db.meta.put({ key: 'session', value: session, updatedAt: 0 })
    await loadSession()
    await expect(call('/user/info', {}, { silent: true })).rejects.toMatchObject({ code: 'unauthorized', httpStatus: 401 })
  })

  it('logs out locally even when the server cannot be reached', async () => {
    const { account, password } = await server.newAccount()
    await login(account, password)
    server.proxy.setMode('down')
    await logout()
    expect(getSession()).toBeNull()
    expect(await db.meta.get('session')).toBeUndefined()
  })

  it('changes the login password: the new one works, the old one does not', async () => {
    const { account, password } = await server.newAccount()
    await login(account, password)
    const next = 'another789'
    await expect(
      changeLoginPassword({ oldPassword: 'not-it', password: next, confirmPassword: next }, crypto.randomUUID()),
    ).rejects.toMatchObject({ code: 'password_wrong' })
    await changeLoginPassword({ oldPassword: password, password: next, confirmPassword: next }, crypto.randomUUID())
    // This session stays valid.
    await expect(call('/user/info')).resolves.toMatchObject({ account })
    await logout()
    await expect(login(account, password)).rejects.toBeInstanceOf(ApiRefusal)
    await expect(login(account, next)).resolves.toMatchObject({ account })
  })
})
