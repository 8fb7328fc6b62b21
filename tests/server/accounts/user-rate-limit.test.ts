import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../server/app'
import { loadConfig } from '../../../server/config'
import { createTestApp, toReply, type TestApp } from '../helpers'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  for (const n of [1, 2, 3, 4, 5, 6]) await t.register(`930000000${n}`)
})
afterAll(() => t.close())

const login = (account: string, password: string, remoteAddress: string) => t.call('/user/login', { account, password }, { remoteAddress })
const newWindow = () => t.clock.advance(900 * 1000)

describe('login guess limits', () => {
  it('refuses an account from one address after 5 failures in 900 s, before checking the password, naming the rule', async () => {
    for (let i = 0; i < 5; i++) {
      t.clock.advance(1000)
      expect((await login('9300000001', 'wrong-pass', '10.1.0.1')).body.code).toBe('login_failed')
    }
    const blocked = await login('9300000001', 'secret123', '10.1.0.1')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.body).toMatchObject({ status: 0, code: 'too_many_attempts' })
    // The first failure was 4 s ago: it leaves the window in 896 s.
    expect(blocked.body.params).toEqual({ retryAfter: 896, rule: 'account_address', limit: 5, windowSeconds: 900 })
    expect(blocked.headers['retry-after']).toBe('896')
  })

  it('lets the owner in from another address at once: five wrong passwords elsewhere do not lock him out', async () => {
    const res = await login('9300000001', 'secret123', '10.1.9.9')
    expect(res.body.status).toBe(1)
    // Five failures on the account from anywhere: it answers after a second.
    expect(t.sleeps).toEqual([1000])
  })

  it('lets the account in again from the guessing address once the window has passed', async () => {
    t.clock.advance(895 * 1000)
    expect((await login('9300000001', 'secret123', '10.1.0.1')).statusCode).toBe(429)
    t.clock.advance(1000)
    expect((await login('9300000001', 'secret123', '10.1.0.1')).body.status).toBe(1)
  })

  it('starts the count of an account and address again after a successful sign-in from it', async () => {
    newWindow()
    for (let i = 0; i < 4; i++) await login('9300000001', 'wrong-pass', '10.1.1.1')
    expect((await login('9300000001', 'secret123', '10.1.1.1')).body.status).toBe(1)
    expect((await login('9300000001', 'wrong-pass', '10.1.1.1')).body.code).toBe('login_failed')
  })

  it('slows an account guessed from many addresses with a growing, capped delay, and its owner still signs in', async () => {
    newWindow()
    t.sleeps.length = 0
    for (let i = 0; i < 9; i++) expect((await login('9300000004', 'wrong-pass', `10.5.0.${i}`)).body.code).toBe('login_failed')
    // No wait for the first 5; then 1 s doubling to the 8 s cap.
    expect(t.sleeps).toEqual([1000, 2000, 4000, 8000])
    const owner = await login('9300000004', 'secret123', '10.5.1.1')
    expect(owner.body.status).toBe(1)
    expect(t.sleeps).toEqual([1000, 2000, 4000, 8000, 8000])
    // His success does not wipe the guessers' failures: the account stays slow while they count.
    expect((await login('9300000004', 'wrong-pass', '10.5.0.99')).body.code).toBe('login_failed')
    expect(t.sleeps.at(-1)).toBe(8000)
    newWindow()
    t.sleeps.length = 0
    expect((await login('9300000004', 'secret123', '10.5.1.1')).body.status).toBe(1)
    expect(t.sleeps).toEqual([])
  })

  it('refuses an address after 20 failures across accounts', async () => {
    newWindow()
    for (let i = 0; i < 20; i++) {
      expect((await login(`94000000${String(i).padStart(2, '0')}`, 'wrong-pass', '10.2.0.1')).body.code).toBe('login_failed')
    }
    const blocked = await login('9300000002', 'secret123', '10.2.0.1')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.body).toMatchObject({ code: 'too_many_attempts', params: { retryAfter: 900, rule: 'address', limit: 20, windowSeconds: 900 } })
    // Another address is not affected.
    expect((await login('9300000002', 'secret123', '10.2.0.2')).body.status).toBe(1)
    newWindow()
    expect((await login('9300000002', 'secret123', '10.2.0.1')).body.status).toBe(1)
  })

  it('counts simultaneous guesses against each other, so a burst cannot pass the per-pair limit', async () => {
    newWindow()
    const burst = await Promise.all(Array.from({ length: 12 }, () => login('9300000003', 'wrong-pass', '10.4.0.1')))
    const codes = burst.map((r) => r.body.code)
    expect(codes.filter((c) => c === 'login_failed')).toHaveLength(5)
    expect(codes.filter((c) => c === 'too_many_attempts')).toHaveLength(7)
    expect((await login('9300000003', 'secret123', '10.4.0.1')).statusCode).toBe(429)
  })

  it('keeps the count in the database, shared by every server process', async () => {
    newWindow()
    const second = await buildApp({ database: t.database, config: t.config, now: t.clock.now, sleep: async () => undefined })
    try {
      for (let i = 0; i < 5; i++) await login('9300000003', 'wrong-pass', '10.3.0.1')
      const res = toReply(
        await second.inject({ method: 'POST', url: '/api/vue/user/login', payload: { account: '9300000003', password: 'secret123' }, remoteAddress: '10.3.0.1' }),
      )
      expect(res.statusCode).toBe(429)
    } finally {
      await second.close()
    }
  })
})

describe('failed sign-ins shown to the owner', () => {
  const failedSignIns = async (headers: Record<string, string>) =>
    ((await t.call('/user/info', {}, { headers })).body.data as { failedSignIns: { count: number; lastAt: number | null } }).failedSignIns

  it('tells the owner how many wrong passwords came since his previous sign-in, and when the last did', async () => {
    newWindow()
    const first = await t.login('9300000005', 'secret123')
    expect(await failedSignIns(first)).toEqual({ count: 0, lastAt: null })
    t.clock.advance(1000)
    await login('9300000005', 'wrong-pass', '10.6.0.1')
    t.clock.advance(1000)
    await login('9300000005', 'wrong-pass', '10.6.0.2')
    const lastAt = t.clock.now()
    await login('9300000005', 'wrong-pass', '10.6.0.3')
    // Seen at once by a session already open, and after the owner signs in again.
    expect(await failedSignIns(first)).toEqual({ count: 3, lastAt })
    t.clock.advance(60_000)
    const next = await t.login('9300000005', 'secret123', '10.6.9.9')
    expect(await failedSignIns(next)).toEqual({ count: 3, lastAt })
    // A refused attempt checked no password: only wrong passwords are reported.
    for (let i = 0; i < 6; i++) await login('9300000005', 'wrong-pass', '10.6.1.1')
    expect(await failedSignIns(next)).toEqual({ count: 8, lastAt: t.clock.now() })
  })

  it('clears the report at the sign-in after the one that showed it', async () => {
    newWindow()
    const again = await t.login('9300000005', 'secret123', '10.6.9.9')
    // The five from before the previous sign-in are still shown once more (since his previous sign-in).
    expect((await failedSignIns(again)).count).toBe(5)
    const later = await t.login('9300000005', 'secret123', '10.6.9.9')
    expect(await failedSignIns(later)).toEqual({ count: 0, lastAt: null })
  })
})

describe('registration limit per address', () => {
  let r: TestApp
  beforeAll(async () => {
    // The default rule, not the harness's lifted one.
    r = await createTestApp({ config: { registrationLimitIp: loadConfig().registrationLimitIp } })
  })
  afterAll(() => r.close())

  const register = (account: string, remoteAddress: string) =>
    r.call('/user/register', { account, password: 'secret123', confirmPassword: 'secret123', inviteCode: r.config.demoInviteCode, agree: true }, { key: true, remoteAddress })

  it('refuses the 11th registration from one address within an hour, naming the rule; another address still registers', async () => {
    expect(r.config.registrationLimitIp).toBe(10)
    for (let i = 0; i < 10; i++) {
      r.clock.advance(1000)
      expect((await register(`92000000${String(i).padStart(2, '0')}`, '10.7.0.1')).body.status).toBe(1)
    }
    const refused = await register('9200000099', '10.7.0.1')
    expect(refused.statusCode).toBe(429)
    // The first of the ten was 9 s before the refusal: it leaves the hour in 3591 s.
    expect(refused.body).toMatchObject({ code: 'too_many_attempts', params: { retryAfter: 3591, rule: 'registration', limit: 10, windowSeconds: 3600 } })
    expect((await register('9200000099', '10.7.0.2')).body.status).toBe(1)
    r.clock.advance(3591 * 1000)
    expect((await register('9200000098', '10.7.0.1')).body.status).toBe(1)
  })

  it('counts refused registrations too (an address cannot probe which numbers have accounts)', async () => {
    r.clock.advance(3600 * 1000)
    for (let i = 0; i < 10; i++) expect((await register('9200000000', '10.7.1.1')).body.code).toBe('account_exists')
    expect((await register('9200000000', '10.7.1.1')).statusCode).toBe(429)
  })

  it('counts a burst of simultaneous registrations exactly', async () => {
    r.clock.advance(3600 * 1000)
    const burst = await Promise.all(Array.from({ length: 14 }, (_, i) => register(`91000000${String(i).padStart(2, '0')}`, '10.7.2.1')))
    expect(burst.filter((res) => res.body.status === 1)).toHaveLength(10)
    expect(burst.filter((res) => res.statusCode === 429)).toHaveLength(4)
  })

  it('publishes the rules it enforces', async () => {
    const items = (await r.call('/common/config', {})).body.data as { name: string; value: string }[]
    expect(Object.fromEntries(items.map((i) => [i.name, i.value]))).toMatchObject({
      login_limit_account_ip: '5',
      login_limit_ip: '20',
      login_slow_after: '5',
      login_delay_base_ms: '1000',
      login_delay_max_ms: '8000',
      login_window_seconds: '900',
      password_check_limit: '5',
      registration_limit_ip: '10',
      registration_window_seconds: '3600',
    })
  })
})
