/**
 * The live inbox (issue 14): signed in, the app keeps GET /inbox/stream open and each event
 * refreshes the stored inbox, so the list and the badge change without any screen asking; logout
 * closes it and nothing of the account is written after. Against the real server, with messages
 * it writes itself (a wrong password is a sign_in_failed message in the failure's transaction).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { setApiBase } from '../../../src/data/api'
import { db, metaKeyAccount } from '../../../src/data/db'
import { storedInbox } from '../../../src/data/inbox'
import { inboxStreamSettled, inboxStreamToken, startInboxStream } from '../../../src/data/inboxStream'
import { clearSession, getSession, login, logout } from '../../../src/data/session'
import { type RealServer, startRealServer } from '../support/realServer'

describe('the inbox stream against the real server', () => {
  let server: RealServer
  let stopStream = () => undefined as unknown

  beforeAll(async () => {
    server = await startRealServer()
    setApiBase(server.baseUrl)
  }, 120_000)

  afterAll(async () => {
    await clearSession()
    await server?.close()
  })

  beforeEach(async () => {
    server.proxy.setMode('pass')
    await Promise.all([db.meta.clear(), db.outbox.clear(), db.user.clear()])
    stopStream = startInboxStream()
  })

  afterEach(async () => {
    stopStream()
    await inboxStreamSettled()
  })

  const wrongPassword = async (account: string) => {
    const res = await server.t.call('/user/login', { account, password: 'wrong-password' })
    expect(res.body.code).toBe('login_failed')
  }

  it('stores a new message as the server makes it, with no screen refreshing, and stops at logout', async () => {
    const who = await server.newAccount()
    await login(who.account, who.password)
    expect(inboxStreamToken()).toBe(getSession()!.token)
    // The first event (the count) brings the stored inbox up to date: empty.
    await expect.poll(async () => (await storedInbox(who.account))?.unread, { timeout: 10_000 }).toBe(0)

    await wrongPassword(who.account)
    await expect.poll(async () => (await storedInbox(who.account))?.unread, { timeout: 10_000 }).toBe(1)
    expect((await storedInbox(who.account))!.data.map((m) => [m.kind, m.params.count])).toEqual([['sign_in_failed', 1]])

    await wrongPassword(who.account)
    await expect.poll(async () => (await storedInbox(who.account))?.unread, { timeout: 10_000 }).toBe(2)

    // A message made as the user logs out: whatever the stream hears of it writes nothing.
    await wrongPassword(who.account)
    expect(await logout({ discardUnsent: true })).toEqual({ loggedOut: true })
    expect(inboxStreamToken()).toBeUndefined()
    await inboxStreamSettled()
    await wrongPassword(who.account)
    await inboxStreamSettled()
    const rows = await db.meta.toCollection().primaryKeys()
    expect(rows.filter((key) => metaKeyAccount(String(key)) === who.account)).toEqual([])
  }, 60_000)

  it('follows the session: another sign-in streams the new account only', async () => {
    const a = await server.newAccount()
    const b = await server.newAccount()
    await login(a.account, a.password)
    await expect.poll(async () => (await storedInbox(a.account))?.unread, { timeout: 10_000 }).toBe(0)
    await login(b.account, b.password)
    expect(inboxStreamToken()).toBe(getSession()!.token)
    await expect.poll(async () => (await storedInbox(b.account))?.unread, { timeout: 10_000 }).toBe(0)

    await wrongPassword(b.account)
    await expect.poll(async () => (await storedInbox(b.account))?.unread, { timeout: 10_000 }).toBe(1)
    await wrongPassword(a.account)
    await inboxStreamSettled()
    expect(await storedInbox(a.account)).toBeNull()
  }, 60_000)
})
