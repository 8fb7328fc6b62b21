/**
 * The outbox against the real server (buildApp on PGlite) through a real TCP proxy that can take
 * the server away or lose its replies. The server's own tables say how often a sign-in happened.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { call, onApiEvent, type ApiEvent } from '../../../src/data/api'
import { db, type OutboxItem } from '../../../src/data/db'
import { claimNext, countUnsent, discard, enqueue, pendingItems, replayOutbox, retryItem, startOutbox } from '../../../src/data/outbox'
import { getSession, loadSession, login, logout } from '../../../src/data/session'
import { signInToday } from '../../../src/data/signIn'
import { useRealServer } from '../support/realServer'
import type * as DbModule from '../../../src/data/db'
import type * as OutboxModule from '../../../src/data/outbox'
import type * as SessionModule from '../../../src/data/session'

const server = useRealServer()
let account: string
let password: string
const events: ApiEvent[] = []

beforeAll(() => {
  onApiEvent((event) => events.push(event))
})

beforeEach(async () => {
  await Promise.all([db.outbox.clear(), db.meta.clear(), db.user.clear()])
  ;({ account, password } = await server.newAccount())
  await login(account, password)
  server.proxy.requests.length = 0
  events.length = 0
})

const row = (key: string) => db.outbox.get(key)
const signInRequests = () => server.proxy.requests.filter((r) => r === 'POST /api/vue/user/signIn').length

function craftedItem(overrides: Partial<OutboxItem>): OutboxItem {
  const now = Date.now()
  return {
    key: crypto.randomUUID(),
    seq: 1,
    kind: 'signIn',
    path: '/user/signIn',
    body: {},
    account,
    state: 'queued',
    createdAt: now,
    leaseUntil: 0,
    attempts: 0,
    nextAttemptAt: 0,
    ...overrides,
  }
}

describe('outbox against the real server', () => {
  it('keeps an item queued with its key while the server is unreachable, then sends it exactly once', async () => {
    server.proxy.setMode('down')
    const item = await signInToday()
    expect(item).toMatchObject({ state: 'queued', kind: 'signIn', account, attempts: 0 })
    // The key was stored before any send.
    expect((await row(item.key))?.key).toBe(item.key)
    await replayOutbox()

    const waiting = await row(item.key)
    expect(waiting).toMatchObject({ key: item.key, state: 'queued', attempts: 1 })
    expect(waiting!.nextAttemptAt).toBeGreaterThan(Date.now())
    expect(await server.signInsOf(account)).toHaveLength(0)
    expect(events).toContainEqual({ type: 'network-error' })
    expect(events.some((e) => e.type === 'refusal')).toBe(false)

    server.proxy.setMode('pass')
    await replayOutbox() // still backing off: nothing is sent
    expect((await row(item.key))?.state).toBe('queued')
    expect(signInRequests()).toBe(0)

    await replayOutbox({ ignoreBackoff: true }) // what coming back online does
    const done = await row(item.key)
    expect(done).toMatchObject({ key: item.key, state: 'done', attempts: 2, reply: { count: 1, reward: 1000 } })
    expect(signInRequests()).toBe(1)
    expect(await server.signInsOf(account)).toHaveLength(1)
    expect(await server.ledgerEntriesOf(account)).toHaveLength(1)
    // The registered effect refreshed the user's info.
    expect((await db.user.get(account))?.signIn).toMatchObject({ count: 1, today: true })
  })

  it('resends with the same key after a lost reply and gets the first reply back, still one effect', async () => {
    server.proxy.setMode('drop-reply')
    const item = await signInToday()
    await replayOutbox()
    expect(await row(item.key)).toMatchObject({ state: 'queued', attempts: 1 })
    // The server did the work; only its answer was lost.
    const [first] = await server.signInsOf(account)
    expect(first).toBeDefined()

    server.proxy.setMode('pass')
    await replayOutbox({ ignoreBackoff: true })
    expect(await row(item.key)).toMatchObject({ state: 'done', reply: { count: 1, reward: 1000, day: first!.day } })
    expect(signInRequests()).toBe(2)
    expect(await server.signInsOf(account)).toHaveLength(1)
    expect(await server.ledgerEntriesOf(account)).toHaveLength(1)
  })

  it('sends once when two replays run at the same time', async () => {
    server.proxy.setMode('down')
    const item = await signInToday()
    await replayOutbox()
    server.proxy.setMode('pass')
    server.proxy.requests.length = 0
    await Promise.all([replayOutbox({ ignoreBackoff: true }), replayOutbox({ ignoreBackoff: true })])
    expect((await row(item.key))?.state).toBe('done')
    expect(signInRequests()).toBe(1)
    expect(await server.signInsOf(account)).toHaveLength(1)
  })

  describe('a second tab (a second copy of the modules on the same IndexedDB)', () => {
    type Tab = {
      outbox: typeof OutboxModule
      session: typeof SessionModule
      db: typeof DbModule
    }
    let tab: Tab

    beforeAll(async () => {
      // Fresh module instances: their own memory, mutex and Dexie connection, like another tab.
      vi.resetModules()
      const api = await import('../../../src/data/api')
      tab = {
        outbox: await import('../../../src/data/outbox'),
        session: await import('../../../src/data/session'),
        db: await import('../../../src/data/db'),
      }
      expect(tab.db.db).not.toBe(db)
      api.setApiBase(server.baseUrl)
    })
    afterAll(() => tab.db.db.close())

    async function signInTab() {
      await tab.session.loadSession()
      expect(tab.session.getSession()?.account).toBe(account)
    }

    it('lets only one of two concurrent claims take the head', async () => {
      await signInTab()
      await db.outbox.add(craftedItem({}))
      const claims = await Promise.all([claimNext(account), tab.outbox.claimNext(account)])
      expect(claims.map((c) => c.type).sort()).toEqual(['busy', 'send'])
    })

    it('resends an item left sending by a crashed tab once its lease ran out, once across two tabs', async () => {
      await signInTab()
      // The crashed tab had sent the request (the server acted) but never recorded the reply.
      const crashed = craftedItem({ state: 'sending', leaseUntil: Date.now() - 1, attempts: 1 })
      await call('/user/signIn', {}, { idempotencyKey: crashed.key, silent: true })
      await db.outbox.add(crashed)
      server.proxy.requests.length = 0

      await Promise.all([replayOutbox(), tab.outbox.replayOutbox(), replayOutbox(), tab.outbox.replayOutbox()])

      expect(await row(crashed.key)).toMatchObject({ state: 'done', attempts: 2, reply: { count: 1 } })
      expect(signInRequests()).toBe(1)
      expect(await server.signInsOf(account)).toHaveLength(1)
      expect(await server.ledgerEntriesOf(account)).toHaveLength(1)
    })

    it('leaves an item alone while another sender holds its lease', async () => {
      await signInTab()
      const held = craftedItem({ state: 'sending', leaseUntil: Date.now() + 30_000, attempts: 1 })
      await db.outbox.add(held)
      await Promise.all([replayOutbox({ ignoreBackoff: true }), tab.outbox.replayOutbox({ ignoreBackoff: true })])
      expect((await row(held.key))?.state).toBe('sending')
      expect(signInRequests()).toBe(0)
    })
  })

  it('keeps the order: a later item waits behind an earlier one that cannot be sent yet', async () => {
    server.proxy.setMode('down')
    const first = await signInToday()
    const second = await signInToday()
    expect(second.seq).toBeGreaterThan(first.seq)
    await replayOutbox()
    expect(await row(second.key)).toMatchObject({ state: 'queued', attempts: 0 })

    server.proxy.setMode('pass')
    await replayOutbox({ ignoreBackoff: true })
    // Sent in order: the first gets today's sign-in, the second is refused for the same day.
    expect(await row(first.key)).toMatchObject({ state: 'done', reply: { count: 1 } })
    expect(await row(second.key)).toMatchObject({ state: 'failed', error: { code: 'already_signed_in' } })
    expect(signInRequests()).toBe(2)
  })

  it('marks a refused item failed with the code, toasts it, and goes on with the next item', async () => {
    server.proxy.setMode('down')
    const first = await signInToday()
    const refused = await signInToday()
    const third = await enqueue('watchlist.add', { symbol: 'RELIANCE' })
    server.proxy.setMode('pass')
    await replayOutbox({ ignoreBackoff: true })

    const failed = await row(refused.key)
    expect(failed).toMatchObject({ state: 'failed', error: { code: 'already_signed_in', params: { day: expect.any(String) } } })
    expect(failed?.error?.msg).toBeTruthy()
    expect(events.filter((e) => e.type === 'refusal')).toEqual([
      { type: 'refusal', code: 'already_signed_in', params: { day: expect.any(String) }, msg: expect.any(String) },
    ])
    expect((await row(first.key))?.state).toBe('done')
    expect((await row(third.key))?.state).toBe('done')
    expect(await server.signInsOf(account)).toHaveLength(1)

    // A refused item is retried under a new key (the old key would replay the refusal).
    const retried = await retryItem(refused.key)
    expect(retried?.key).not.toBe(refused.key)
    expect(await row(refused.key)).toBeUndefined()
    await replayOutbox({ ignoreBackoff: true })
    expect(await row(retried!.key)).toMatchObject({ state: 'failed', error: { code: 'already_signed_in' } })

    // Discard removes a failed item; a done one is not the user's to discard.
    expect(await discard(retried!.key)).toBe(true)
    expect(await row(retried!.key)).toBeUndefined()
    expect(await discard(first.key)).toBe(false)
  })

  it('discards a queued item so it is never sent, but not one being sent', async () => {
    server.proxy.setMode('down')
    const item = await signInToday()
    await replayOutbox()
    expect(await discard(item.key)).toBe(true)
    const sending = craftedItem({ state: 'sending', leaseUntil: Date.now() + 30_000 })
    await db.outbox.add(sending)
    expect(await discard(sending.key)).toBe(false)
    await db.outbox.delete(sending.key)
    server.proxy.setMode('pass')
    await replayOutbox({ ignoreBackoff: true })
    expect(signInRequests()).toBe(0)
    expect(await server.signInsOf(account)).toHaveLength(0)
  })

  it('fails an item older than 7 days as expired instead of sending it', async () => {
    const old = craftedItem({ createdAt: Date.now() - 7 * 24 * 3600_000 - 1 })
    await db.outbox.add(old)
    await replayOutbox()
    expect(await row(old.key)).toMatchObject({ state: 'failed', error: { code: 'expired' } })
    expect(events).toContainEqual(expect.objectContaining({ type: 'refusal', code: 'expired' }))
    expect(signInRequests()).toBe(0)
  })

  it("sends only the signed-in account's items", async () => {
    const other = craftedItem({ account: '9999999999' })
    await db.outbox.add(other)
    await replayOutbox({ ignoreBackoff: true })
    expect((await row(other.key))?.state).toBe('queued')
    expect(signInRequests()).toBe(0)
  })

  it('keeps the item when the session has ended (401) and sends it after the next login', async () => {
    await db.meta.put({ key: 'session', value: { token: 'revoked', account }, updatedAt: 0 })
    await loadSession()
    const item = await signInToday()
    await replayOutbox()
    expect(await row(item.key)).toMatchObject({ state: 'queued' })
    expect(getSession()).toBeNull()
    expect(events).toContainEqual({ type: 'unauthorized' })

    await login(account, password)
    await replayOutbox()
    expect((await row(item.key))?.state).toBe('done')
    expect(await server.signInsOf(account)).toHaveLength(1)
  })

  it('prunes done items after a day', async () => {
    const oldDone = craftedItem({ state: 'done', finishedAt: Date.now() - 25 * 3600_000, seq: 1 })
    const recentDone = craftedItem({ state: 'done', finishedAt: Date.now() - 3600_000, seq: 2 })
    await db.outbox.bulkAdd([oldDone, recentDone])
    await replayOutbox()
    expect(await row(oldDone.key)).toBeUndefined()
    expect(await row(recentDone.key)).toBeDefined()
  })

  it('counts as unsent every item of the account the server has not taken: waiting, on its way, held or refused', async () => {
    await replayOutbox() // the pass the login started is over: nothing sends these rows
    const states = ['queued', 'sending', 'held', 'failed', 'done'] as const
    await db.outbox.bulkAdd([
      ...states.map((state, i) => craftedItem({ state, seq: i + 1 })),
      craftedItem({ account: '9999999999', seq: 10 }),
    ])
    expect(await countUnsent(account)).toBe(4)
    expect(await countUnsent('9999999999')).toBe(1)
    // The badge, the order and card screens and the watchlist read the same set, oldest first.
    expect((await pendingItems(account)).map((item) => item.state)).toEqual(['queued', 'sending', 'held', 'failed'])
    expect(await pendingItems(account, ['order.create'])).toEqual([])
  })

  it('refuses to queue when nobody is signed in', async () => {
    await logout()
    await expect(signInToday()).rejects.toMatchObject({ code: 'unauthorized' })
    expect(await db.outbox.count()).toBe(0)
  })

  it('replays at start-up without waiting out the backoff', async () => {
    server.proxy.setMode('down')
    const item = await signInToday()
    await replayOutbox()
    expect((await row(item.key))?.nextAttemptAt).toBeGreaterThan(Date.now())
    server.proxy.setMode('pass')
    const stop = startOutbox()
    try {
      await vi.waitFor(async () => expect((await row(item.key))?.state).toBe('done'))
    } finally {
      stop()
    }
  })

  it('replays when the browser comes back online and when the app is shown again', async () => {
    const browserWindow = new EventTarget()
    const browserDocument = Object.assign(new EventTarget(), { visibilityState: 'visible' })
    vi.stubGlobal('window', browserWindow)
    vi.stubGlobal('document', browserDocument)
    server.proxy.setMode('down')
    const first = await signInToday()
    await replayOutbox()
    const stop = startOutbox()
    try {
      // The start-up pass tries once more, still offline.
      await vi.waitFor(async () => expect((await row(first.key))?.attempts).toBe(2))
      server.proxy.setMode('pass')
      await replayOutbox()
      expect((await row(first.key))?.state).toBe('queued') // backing off
      browserWindow.dispatchEvent(new Event('online'))
      await vi.waitFor(async () => expect((await row(first.key))?.state).toBe('done'))

      server.proxy.setMode('down')
      const second = await signInToday()
      await vi.waitFor(async () => expect((await row(second.key))?.attempts).toBe(1))
      server.proxy.setMode('pass')
      browserDocument.dispatchEvent(new Event('visibilitychange'))
      // Sent: refused because today's sign-in is done, which proves it reached the server.
      await vi.waitFor(async () => expect((await row(second.key))?.state).toBe('failed'))
    } finally {
      stop()
      vi.unstubAllGlobals()
    }
  })
})
