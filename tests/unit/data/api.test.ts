import { createServer } from 'node:http'
import { type AddressInfo } from 'node:net'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ApiRefusal, NetworkError, call, onApiEvent, setApiBase, type ApiEvent } from '../../../src/data/api'
import { db } from '../../../src/data/db'
import { getSession, login } from '../../../src/data/session'
import { useRealServer } from '../support/realServer'

const server = useRealServer()
const events: ApiEvent[] = []

beforeAll(() => {
  onApiEvent((event) => events.push(event))
})

beforeEach(async () => {
  events.length = 0
  await Promise.all([db.meta.clear(), db.user.clear()])
  const { account, password } = await server.newAccount()
  await login(account, password)
  events.length = 0
})

describe('call', () => {
  it('unwraps the envelope and reports the network as up', async () => {
    const info = await call<{ account: string; currency: string }>('/user/info')
    expect(info).toMatchObject({ account: getSession()?.account, currency: 'INR' })
    expect(events).toContainEqual({ type: 'network-ok' })
  })

  it('replays the first reply for a repeated Idempotency-Key and acts once', async () => {
    const key = crypto.randomUUID()
    const first = await call('/user/signIn', {}, { idempotencyKey: key })
    const second = await call('/user/signIn', {}, { idempotencyKey: key })
    expect(second).toEqual(first)
    expect(first).toMatchObject({ count: 1, reward: 1000 })
    const account = getSession()!.account
    expect(await server.signInsOf(account)).toHaveLength(1)
    expect(await server.ledgerEntriesOf(account)).toHaveLength(1)
  })

  it('throws a business refusal with code and params, and emits it for a toast', async () => {
    await call('/user/signIn', {}, { idempotencyKey: crypto.randomUUID() })
    const error = await call('/user/signIn', {}, { idempotencyKey: crypto.randomUUID() }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiRefusal)
    expect(error).toMatchObject({ code: 'already_signed_in', httpStatus: 200, params: { day: expect.any(String) } })
    expect(events).toContainEqual({ type: 'refusal', code: 'already_signed_in', params: { day: expect.any(String) }, msg: expect.any(String) })
  })

  it('does not emit a silent refusal', async () => {
    await call('/user/signIn', {}, { idempotencyKey: crypto.randomUUID() })
    await expect(call('/user/signIn', {}, { idempotencyKey: crypto.randomUUID(), silent: true })).rejects.toBeInstanceOf(ApiRefusal)
    expect(events.filter((e) => e.type === 'refusal')).toEqual([])
  })

  it('refuses the same key with another body as idempotency_key_reused (422)', async () => {
    const key = crypto.randomUUID()
    const form = { account: '9123456780', password: 'secret123', confirmPassword: 'secret123', agree: true }
    await expect(call('/user/register', { ...form, inviteCode: 'NO-SUCH-CODE' }, { idempotencyKey: key })).rejects.toMatchObject({
      code: 'invite_code_invalid',
      httpStatus: 200,
    })
    await expect(call('/user/register', { ...form, inviteCode: 'TIJORI' }, { idempotencyKey: key })).rejects.toMatchObject({
      code: 'idempotency_key_reused',
      httpStatus: 422,
    })
  })

  it('reports bad input as bad_request (400)', async () => {
    await expect(call('/news/detail', { id: 'seven' })).rejects.toMatchObject({ code: 'bad_request', httpStatus: 400 })
  })

  it('on 401 clears the stored session and emits unauthorized, not a refusal toast', async () => {
    const account = getSession()!.account
    await db.user.put({ account } as never)
    await db.meta.put({ key: 'session', value: { token: 'not-a-token', account }, updatedAt: 0 })
    const { loadSession } = await import('../../../src/data/session')
    await loadSession()
    await expect(call('/user/info')).rejects.toMatchObject({ code: 'unauthorized', httpStatus: 401 })
    expect(getSession()).toBeNull()
    expect(await db.meta.get('session')).toBeUndefined()
    expect(await db.user.get(account)).toBeUndefined()
    expect(events).toContainEqual({ type: 'unauthorized' })
    expect(events.some((e) => e.type === 'refusal')).toBe(false)
  })

  it('on a 401 for a session already replaced by a new login keeps the new one and asks for no login', async () => {
    const fresh = getSession()!
    const { saveSession } = await import('../../../src/data/sessionStore')
    await saveSession({ token: 'expired-token', account: fresh.account })
    const stale = call('/user/info')
    await saveSession(fresh)
    await expect(stale).rejects.toMatchObject({ code: 'unauthorized', httpStatus: 401 })
    expect(getSession()).toEqual(fresh)
    expect(await db.meta.get('session')).toMatchObject({ value: fresh })
    expect(events.some((e) => e.type === 'unauthorized')).toBe(false)
  })

  it('throws NetworkError and emits network-error when the server cannot be reached', async () => {
    server.proxy.setMode('down')
    await expect(call('/user/info')).rejects.toBeInstanceOf(NetworkError)
    expect(events).toEqual([{ type: 'network-error' }])
    expect(getSession()).not.toBeNull()
  })

  it("treats a gateway's HTML error page (no envelope) as a network failure", async () => {
    // What a reverse proxy answers while the API process restarts.
    const gateway = createServer((_req, res) => res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad Gateway</h1>'))
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve))
    setApiBase(`http://127.0.0.1:${(gateway.address() as AddressInfo).port}/api/vue`)
    try {
      await expect(call('/user/info')).rejects.toBeInstanceOf(NetworkError)
      expect(events).toEqual([{ type: 'network-error' }])
    } finally {
      setApiBase(server.baseUrl)
      await new Promise((resolve) => gateway.close(resolve))
    }
  })

  it('sends the lang header: news come in the requested language', async () => {
    const en = await call<{ data: { title: string }[] }>('/news/list', { page: 1, size: 1 }, { lang: 'en' })
    const tw = await call<{ data: { title: string }[] }>('/news/list', { page: 1, size: 1 }, { lang: 'tw' })
    expect(en.data[0]?.title).toMatch(/[A-Za-z]/)
    expect(tw.data[0]?.title).toMatch(/\p{Script=Han}/u)
  })
})
