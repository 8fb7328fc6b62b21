/**
 * The inbox on the device (issue 13): the newest page of /inbox/list kept per account and read back
 * through its restorer; opening it marks the unread read here at once and on the server through
 * the outbox, once, even offline; a list fetched before the read is sent does not bring the
 * count back. Against the real server, with events the server writes (wrong passwords).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { setApiBase } from '../../../src/data/api'
import { db, metaKeyAccount, metaKeys } from '../../../src/data/db'
import { type InboxPage, markInboxRead, markedRead, refreshInbox, storedInbox } from '../../../src/data/inbox'
import { pendingItems, replayOutbox } from '../../../src/data/outbox'
import { clearSession, getSession, login } from '../../../src/data/session'
import { type RealServer, startRealServer } from '../support/realServer'

const A = '9811111112'

const message = (id: number, readAt: number | null) => ({
  id,
  kind: 'sign_in_failed' as const,
  params: { count: id },
  link: '/information/safety',
  createdAt: 1_000 + id,
  readAt,
})

describe('the stored inbox', () => {
  beforeEach(async () => {
    await db.meta.clear()
  })

  it('marks the given messages read and lowers the count by as many, no further', () => {
    const page: InboxPage = { data: [message(3, null), message(2, null), message(1, 50)], total: 3, unread: 2 }
    const marked = markedRead(page, new Set([3, 1]), 99)
    expect(marked.data.map((m) => m.readAt)).toEqual([99, null, 50])
    expect(marked.unread).toBe(1)
    expect(markedRead({ ...page, unread: 0 }, new Set([3, 2]), 99).unread).toBe(0)
  })

  it('reads back a stored page, dropping a message of a kind this app does not know', async () => {
    const value = { data: [message(2, null), { ...message(1, null), kind: 'from_the_future' }], total: 2, unread: 2 }
    await db.meta.put({ key: metaKeys.inbox(A), value, updatedAt: 1 })
    expect(await storedInbox(A)).toEqual({ data: [message(2, null)], total: 2, unread: 2 })
    await db.meta.put({ key: metaKeys.inbox(A), value: { data: 'nonsense' }, updatedAt: 1 })
    expect(await storedInbox(A)).toBeNull()
  })

  it('files it under the account, so logging out forgets it', () => {
    expect(metaKeyAccount(metaKeys.inbox(A))).toBe(A)
  })
})

describe('the inbox against the real server', () => {
  let server: RealServer

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
  })

  it('marks the messages read offline, keeps them read through a refresh, and tells the server once online', async () => {
    const who = await server.newAccount()
    // Two wrong passwords: two messages on the server, in the failures' own transactions.
    for (let i = 0; i < 2; i++) await expect(login(who.account, 'wrong-password')).rejects.toMatchObject({ code: 'login_failed' })
    await login(who.account, who.password)
    await refreshInbox()
    const fetched = (await storedInbox(who.account))!
    expect(fetched.unread).toBe(2)
    expect(fetched.data.map((m) => [m.kind, m.params.count])).toEqual([
      ['sign_in_failed', 2],
      ['sign_in_failed', 1],
    ])

    server.proxy.setMode('down')
    expect(await markInboxRead()).toHaveLength(2)
    expect((await storedInbox(who.account))!.unread).toBe(0)
    // Opened again before the read is sent: nothing new is queued.
    expect(await markInboxRead()).toEqual([])
    expect(await pendingItems(who.account, ['inbox.read'])).toHaveLength(1)

    // Online, a list fetched before the outbox sends the read still shows them read.
    server.proxy.setMode('pass')
    await refreshInbox({ fresh: true })
    expect((await storedInbox(who.account))!.unread).toBe(0)
    expect((await storedInbox(who.account))!.data.every((m) => m.readAt !== null)).toBe(true)

    await replayOutbox({ ignoreBackoff: true })
    expect(await pendingItems(who.account, ['inbox.read'])).toEqual([])
    // The effect fetched the server's list: read there too.
    expect((await storedInbox(who.account))!.unread).toBe(0)
    const session = getSession()!
    const reply = await server.t.call('/inbox/list', { page: 1, size: 10 }, { headers: { token: session.token, account: session.account } })
    expect(reply.body.data).toMatchObject({ unread: 0, total: 2 })
  }, 60_000)
})
