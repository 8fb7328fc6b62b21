/**
 * Customer service on the device (issue 13): the thread list and a thread kept per account and
 * read back through their restorers; the guest thread kept as the device's own; reading a thread
 * lowers the badges at once, offline too; a message is checked here first by the server's rules.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { setApiBase } from '../../../src/data/api'
import { db, metaKeyAccount, metaKeys } from '../../../src/data/db'
import { clearSession, saveSession } from '../../../src/data/sessionStore'
import {
  type StoredSupportThread,
  type StoredSupportThreads,
  type SupportThread,
  markSupportRead,
  storedSupportGuest,
  storedSupportThread,
  storedSupportThreads,
} from '../../../src/data/support'
import { composerProblem } from '../../../src/features/support/parts'

const A = '9811111111'

function thread(id: number, unread: number): SupportThread {
  return {
    id,
    topic: 'general',
    status: unread > 0 ? 'answered' : 'open',
    createdAt: 1,
    updatedAt: 2,
    unread,
    lastMessage: { author: unread > 0 ? 'operator' : 'user', body: 'hello', createdAt: 2 },
    resetGrantedUntil: null,
    resetUsedAt: null,
  }
}

beforeEach(async () => {
  await clearSession()
  await db.meta.clear()
  // Nothing listens here: every call is a NetworkError, as offline.
  setApiBase('http://127.0.0.1:9')
})

describe('support on the device', () => {
  it('keeps the list and a thread under the account, read back through their restorers', async () => {
    const list: StoredSupportThreads = { threads: [thread(1, 2), thread(2, 0)], unread: 2 }
    const detail: StoredSupportThread = {
      thread: thread(1, 2),
      messages: [{ id: 9, threadId: 1, author: 'user', body: 'My withdrawal', uploadIds: [4, 5], createdAt: 1 }],
    }
    await db.meta.bulkPut([
      { key: metaKeys.supportThreads(A), value: list, updatedAt: 1 },
      { key: metaKeys.supportThread(A, 1), value: detail, updatedAt: 1 },
    ])
    expect(await storedSupportThreads(A)).toEqual(list)
    expect(await storedSupportThread(A, 1)).toEqual(detail)
    // Both go at logout with the account's other rows.
    expect(metaKeyAccount(metaKeys.supportThreads(A))).toBe(A)
    expect(metaKeyAccount(metaKeys.supportThread(A, 1))).toBe(A)
    expect((await db.meta.get(metaKeys.supportThread(A, 1)))?.account).toBe(A)
  })

  it('drops a thread row an older app stored in another shape, keeping the rest', async () => {
    await db.meta.put({ key: metaKeys.supportThreads(A), value: { threads: [thread(1, 0), { id: 2, topic: 'billing' }], unread: 0 }, updatedAt: 1 })
    expect((await storedSupportThreads(A))?.threads.map((t) => t.id)).toEqual([1])
  })

  it("keeps the guest thread as the device's own, not an account's", async () => {
    const guest = { threadId: 3, guestKey: 'k'.repeat(43), account: A, topic: 'password_reset', createdAt: 5 }
    await db.meta.put({ key: metaKeys.supportGuest, value: guest, updatedAt: 1 })
    expect(await storedSupportGuest()).toEqual(guest)
    expect((await db.meta.get(metaKeys.supportGuest))?.account).toBeUndefined()
  })

  it('lowers the thread and the total unread at once when a thread is opened, even offline', async () => {
    await saveSession({ token: 't', account: A })
    await db.meta.bulkPut([
      { key: metaKeys.supportThreads(A), value: { threads: [thread(1, 2), thread(2, 1)], unread: 3 }, updatedAt: 1 },
      { key: metaKeys.supportThread(A, 1), value: { thread: thread(1, 2), messages: [] }, updatedAt: 1 },
    ])
    await markSupportRead(1)
    const list = await storedSupportThreads(A)
    expect(list?.unread).toBe(1)
    expect(list?.threads.map((t) => t.unread)).toEqual([0, 1])
    expect((await storedSupportThread(A, 1))?.thread.unread).toBe(0)
  })
})

describe('a message, checked before it is queued', () => {
  const picture = (size: number) => new File([new Uint8Array(size)], 'p.jpg', { type: 'image/jpeg' })

  it('needs some text, at most 2000 characters', () => {
    expect(composerProblem('   ', [], true)).toBe('empty')
    expect(composerProblem('x'.repeat(2001), [], true)).toBe('too_long')
    expect(composerProblem(` ${'x'.repeat(2000)} `, [], true)).toBeNull()
  })

  it('takes at most 3 pictures of at most 5 MB each, and pictures only online', () => {
    expect(composerProblem('hi', [picture(1), picture(1), picture(1)], true)).toBeNull()
    expect(composerProblem('hi', [picture(1), picture(1), picture(1), picture(1)], true)).toBe('too_many')
    expect(composerProblem('hi', [picture(5 * 1024 * 1024 + 1)], true)).toBe('too_large')
    expect(composerProblem('hi', [picture(1)], false)).toBe('offline_pictures')
    // Text alone is queued offline.
    expect(composerProblem('hi', [], false)).toBeNull()
  })
})
