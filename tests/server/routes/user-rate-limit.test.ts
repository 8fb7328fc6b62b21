import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../server/app'
import { createTestApp, toReply, type TestApp } from '../helpers'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  for (const n of [1, 2, 3]) await t.register(`930000000${n}`)
})
afterAll(() => t.close())

const login = (account: string, password: string, remoteAddress: string) => t.call('/user/login', { account, password }, { remoteAddress })

describe('login rate limit', () => {
  it('blocks an account after 5 failures in 900 s, from any address, before checking the password', async () => {
    for (let i = 0; i < 5; i++) {
      t.clock.advance(1000)
      expect((await login('9300000001', 'wrong-pass', `10.1.0.${i}`)).body.code).toBe('login_failed')
    }
    const blocked = await login('9300000001', 'secret123', '10.1.0.99')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.body).toMatchObject({ status: 0, code: 'too_many_attempts' })
    // The first failure was 4 s ago: it leaves the window in 896 s.
    expect(blocked.body.params).toEqual({ retryAfter: 896 })
    expect(blocked.headers['retry-after']).toBe('896')
  })

  it('lets the account in again once the window has passed', async () => {
    t.clock.advance(895 * 1000)
    expect((await login('9300000001', 'secret123', '10.1.0.99')).statusCode).toBe(429)
    t.clock.advance(1000)
    const res = await login('9300000001', 'secret123', '10.1.0.99')
    expect(res.body.status).toBe(1)
  })

  it('starts the account count again after a successful sign-in', async () => {
    for (let i = 0; i < 4; i++) await login('9300000001', 'wrong-pass', '10.1.1.1')
    expect((await login('9300000001', 'secret123', '10.1.1.1')).body.status).toBe(1)
    expect((await login('9300000001', 'wrong-pass', '10.1.1.1')).body.code).toBe('login_failed')
  })

  it('blocks an address after 20 failures across accounts', async () => {
    t.clock.advance(900 * 1000)
    for (let i = 0; i < 20; i++) {
      expect((await login(`94000000${String(i).padStart(2, '0')}`, 'wrong-pass', '10.2.0.1')).body.code).toBe('login_failed')
    }
    const blocked = await login('9300000002', 'secret123', '10.2.0.1')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.body).toMatchObject({ code: 'too_many_attempts', params: { retryAfter: 900 } })
    // Another address is not affected.
    expect((await login('9300000002', 'secret123', '10.2.0.2')).body.status).toBe(1)
    t.clock.advance(900 * 1000)
    expect((await login('9300000002', 'secret123', '10.2.0.1')).body.status).toBe(1)
  })

  it('counts simultaneous guesses against each other, so a burst cannot pass the limit', async () => {
    t.clock.advance(900 * 1000)
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => login('9300000003', 'wrong-pass', `10.4.0.${i}`)))
    const codes = burst.map((r) => r.body.code)
    expect(codes.filter((c) => c === 'login_failed')).toHaveLength(5)
    expect(codes.filter((c) => c === 'too_many_attempts')).toHaveLength(7)
    expect((await login('9300000003', 'secret123', '10.4.0.99')).statusCode).toBe(429)
  })

  it('keeps the count in the database, shared by every server process', async () => {
    t.clock.advance(900 * 1000)
    const second = await buildApp({ database: t.database, config: t.config, now: t.clock.now, cleanupIntervalMs: 0 })
    try {
      for (let i = 0; i < 5; i++) await login('9300000003', 'wrong-pass', '10.3.0.1')
      const res = toReply(
        await second.inject({ method: 'POST', url: '/api/vue/user/login', payload: { account: '9300000003', password: 'secret123' }, remoteAddress: '10.3.0.2' }),
      )
      expect(res.statusCode).toBe(429)
    } finally {
      await second.close()
    }
  })
})
