import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { purgeExpired } from '../../../server/plugins/cleanup'
import { createTestApp, DEMO_ACCOUNT, type TestApp } from '../helpers'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('periodic cleanup', () => {
  it('purges old login failures, registrations, guest support threads counted and long-dead sessions, keeping live ones', async () => {
    await t.call('/user/login', { account: '9999999999', password: 'wrong-pass' })
    await t.call('/support/guest/create', { account: '9999999997', topic: 'login_banned', body: 'I cannot sign in' })
    await t.call('/user/register', { account: '9999999998', password: 'secret123', confirmPassword: 'secret123', inviteCode: 'NOPE', agree: true }, { key: true })
    const dead = await t.login(DEMO_ACCOUNT.account, DEMO_ACCOUNT.password)
    await t.call('/user/logout', {}, { headers: dead })
    const deps = { db: t.database.db, now: t.clock.now, config: t.config }

    expect(await purgeExpired(deps)).toEqual({ keys: 0, failures: 0, registrations: 0, guestThreads: 0, sessions: 0 })
    t.clock.advance(t.config.loginWindowSeconds * 1000 + 1)
    expect((await purgeExpired(deps)).failures).toBe(1)
    expect((await purgeExpired(deps)).registrations).toBe(0)
    t.clock.advance(t.config.registrationWindowSeconds * 1000)
    expect(await purgeExpired(deps)).toMatchObject({ registrations: 1, guestThreads: 1 })

    const live = await t.login(DEMO_ACCOUNT.account, DEMO_ACCOUNT.password)
    t.clock.advance(30 * 24 * 3600 * 1000)
    expect((await purgeExpired(deps)).sessions).toBe(1)
    // The newer session expired too, but only 23 days ago: kept for now.
    expect(await t.database.db.selectFrom('sessions').select('id').execute()).toHaveLength(1)
    expect(live.token).toBeTruthy()
  })
})
