import { beforeEach, describe, expect, it } from 'vitest'
import { ApiRefusal } from '../../../src/data/api'
import { db, newsByDate } from '../../../src/data/db'
import { login, logout } from '../../../src/data/session'
import { inboxKey } from '../../../src/data/inbox'
import {
  lastSyncedKey,
  newsPageSize,
  newsTotalKey,
  refresh,
  refreshNewsDetail,
  refreshNewsList,
  refreshUserInfo,
  syncedAt,
} from '../../../src/data/sync'
import { useRealServer } from '../support/realServer'

const server = useRealServer()

beforeEach(async () => {
  await Promise.all([db.meta.clear(), db.user.clear(), db.news.clear(), db.config.clear()])
})

describe('refresh', () => {
  it('runs one fetch for concurrent refreshes of the same key and records the sync time', async () => {
    let runs = 0
    // Every fetch is held open until all three refreshes have been asked for.
    let answer!: () => void
    const answered = new Promise<void>((resolve) => (answer = resolve))
    const fetcher = async () => {
      const run = ++runs
      await answered
      return run
    }
    const before = Date.now()
    const all = Promise.all([refresh('k', fetcher), refresh('k', fetcher), refresh('other', fetcher)])
    answer()
    const results = await all
    expect(results).toEqual([1, 1, 2])
    expect(runs).toBe(2)
    expect(await syncedAt('k')).toBeGreaterThanOrEqual(before)
    expect((await db.meta.get(lastSyncedKey('k')))?.value).toBeTypeOf('number')
    expect(await syncedAt()).toBeGreaterThanOrEqual(before)
  })

  it('passes a failure on and records no sync', async () => {
    await expect(refresh('broken', async () => Promise.reject(new Error('nope')))).rejects.toThrow('nope')
    expect(await syncedAt('broken')).toBeUndefined()
    expect(await syncedAt()).toBeUndefined()
    // The failed run does not stick: the next refresh runs again.
    await expect(refresh('broken', async () => 'ok')).resolves.toBe('ok')
  })
})

describe('refresh of an account key', () => {
  it('records no sync time when the account signed out while the request was out', async () => {
    const { account, password } = await server.newAccount()
    await login(account, password)
    const key = inboxKey(account)
    let answer!: () => void
    const answered = new Promise<void>((resolve) => (answer = resolve))
    const late = refresh(key, async () => answered)
    await logout({ discardUnsent: true })
    answer()
    await late
    expect(await db.meta.where('account').equals(account).count()).toBe(0)

    // Signed in, the same refresh records its time under the account.
    await login(account, password)
    await refresh(key, async () => undefined)
    expect((await db.meta.get(lastSyncedKey(key)))?.account).toBe(account)
  })
})

describe('refreshUserInfo', () => {
  it('stores the signed-in user in db.user', async () => {
    const { account, password } = await server.newAccount()
    await login(account, password)
    const info = await refreshUserInfo()
    expect(info).toMatchObject({ account, currency: 'INR', balances: { available: 0 } })
    expect(await db.user.get(account)).toEqual(info)
    expect(await syncedAt(`user:${account}`)).toBeTypeOf('number')
  })

  it('is quiet offline: keeps what Dexie has and resolves undefined', async () => {
    const { account, password } = await server.newAccount()
    await login(account, password)
    await refreshUserInfo()
    server.proxy.setMode('down')
    await expect(refreshUserInfo()).resolves.toBeUndefined()
    expect(await db.user.get(account)).toBeDefined()
  })

  it('keeps the failed sign-ins since the previous sign-in, for the security screen offline too', async () => {
    const { account, password } = await server.newAccount()
    for (let i = 0; i < 2; i++) await server.t.call('/user/login', { account, password: 'wrong-pass' }, { remoteAddress: '10.8.0.1' })
    await login(account, password)
    const info = await refreshUserInfo()
    expect(info?.failedSignIns).toEqual({ count: 2, lastAt: server.t.clock.now() })
    server.proxy.setMode('down')
    await expect(refreshUserInfo()).resolves.toBeUndefined()
    expect((await db.user.get(account))?.failedSignIns).toEqual({ count: 2, lastAt: server.t.clock.now() })
  })
})

describe('news', () => {
  it('stores a page per language, newest first, with the total', async () => {
    await db.config.put({ name: 'news_page_size', value: '2' })
    const page = await refreshNewsList('en', 1)
    expect(page?.items).toHaveLength(2)
    const total = page!.total
    expect(total).toBeGreaterThanOrEqual(6)
    expect((await db.meta.get(newsTotalKey('en')))?.value).toBe(total)
    const rows = await newsByDate('en').toArray()
    expect(rows.map((r) => r.id)).toEqual(page!.items.map((i) => i.id))
    expect(rows[0]!.publishedAt).toBeGreaterThanOrEqual(rows[1]!.publishedAt)

    await refreshNewsList('tw', 1)
    expect((await newsByDate('tw').first())?.title).toMatch(/\p{Script=Han}/u)
    expect(await newsByDate('en').count()).toBe(2)
  })

  it("replaces the page's span: rows the server no longer lists in it are removed, bodies kept", async () => {
    await db.config.put({ name: 'news_page_size', value: '2' })
    const first = (await refreshNewsList('en', 1))!.items
    const second = (await refreshNewsList('en', 2))!.items
    const [newest, next] = first
    const detail = await refreshNewsDetail('en', newest!.id)
    expect(detail?.body).toBeTruthy()

    // A deleted article that sat between page 1's rows, and one newer than all of them.
    await db.news.bulkPut([
      { ...next!, id: 999_001, publishedAt: (newest!.publishedAt + next!.publishedAt) / 2 },
      { ...newest!, id: 999_002, publishedAt: newest!.publishedAt + 1000 },
    ])
    await refreshNewsList('en', 1)
    const ids = (await newsByDate('en').toArray()).map((r) => r.id)
    expect(ids).not.toContain(999_001)
    expect(ids).not.toContain(999_002)
    expect(ids).toEqual([...first, ...second].map((r) => r.id))
    expect((await db.news.get(['en', newest!.id]))?.body).toBe(detail!.body)
  })

  it("keeps a row of another page published in the same millisecond as this page's edge", async () => {
    await db.config.put({ name: 'news_page_size', value: '2' })
    await refreshNewsList('en', 1)
    const second = (await refreshNewsList('en', 2))!.items
    const [head] = second
    const tail = second.at(-1)!
    // The server lists equal times by the higher id first: one row before page 2, one after it.
    await db.news.bulkPut([
      { ...head!, id: head!.id + 900_000, publishedAt: head!.publishedAt },
      { ...tail, id: 0, publishedAt: tail.publishedAt },
    ])
    await refreshNewsList('en', 2)
    expect(await db.news.get(['en', head!.id + 900_000])).toBeDefined()
    expect(await db.news.get(['en', 0])).toBeDefined()
  })

  it('removes rows older than the last page', async () => {
    await db.config.put({ name: 'news_page_size', value: '50' })
    const all = (await refreshNewsList('en', 1))!.items
    const oldest = all[all.length - 1]!
    await db.news.put({ ...oldest, id: 999_003, publishedAt: oldest.publishedAt - 1000 })
    await refreshNewsList('en', 1)
    expect(await db.news.get(['en', 999_003])).toBeUndefined()
  })

  it('fetches the body of one article in the requested language', async () => {
    const list = (await refreshNewsList('kr', 1))!.items
    const detail = await refreshNewsDetail('kr', list[0]!.id)
    expect(detail).toMatchObject({ id: list[0]!.id, lang: 'kr', body: expect.stringMatching(/\p{Script=Hangul}/u) })
    expect((await db.news.get(['kr', list[0]!.id]))?.body).toBe(detail!.body)
  })

  it('rethrows news_not_found and forgets the local copy', async () => {
    await db.news.put({ lang: 'en', id: 424242, title: 'Gone', summary: '', image: null, publishedAt: 1 })
    const error = await refreshNewsDetail('en', 424242).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiRefusal)
    expect(error).toMatchObject({ code: 'news_not_found' })
    expect(await db.news.get(['en', 424242])).toBeUndefined()
  })

  it('is quiet offline', async () => {
    server.proxy.setMode('down')
    await expect(refreshNewsList('en', 1)).resolves.toBeUndefined()
    await expect(refreshNewsDetail('en', 1)).resolves.toBeUndefined()
  })
})

describe('newsPageSize', () => {
  it('uses the published page size, within the published maximum', async () => {
    expect(await newsPageSize()).toBe(10)
    await db.config.bulkPut([{ name: 'news_page_size', value: '20' }])
    expect(await newsPageSize()).toBe(20)
    await db.config.bulkPut([{ name: 'news_page_size', value: '80' }, { name: 'news_page_max', value: '50' }])
    expect(await newsPageSize()).toBe(50)
    await db.config.bulkPut([{ name: 'news_page_size', value: 'x' }])
    expect(await newsPageSize()).toBe(10)
  })
})

describe('refresh with fresh', () => {
  it('waits out a refresh already under way and runs a new one', async () => {
    const answers: string[] = []
    let release: () => void = () => undefined
    const slow = refresh('fresh-key', async () => {
      await new Promise<void>((resolve) => (release = resolve))
      answers.push('before the mutation')
      return 'old'
    })
    const joined = refresh('fresh-key', async () => 'never runs')
    const fresh = refresh(
      'fresh-key',
      async () => {
        answers.push('after the mutation')
        return 'new'
      },
      { fresh: true },
    )
    release()
    expect(await Promise.all([slow, joined, fresh])).toEqual(['old', 'old', 'new'])
    expect(answers).toEqual(['before the mutation', 'after the mutation'])
  })
})
