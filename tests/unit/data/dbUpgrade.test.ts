/**
 * Dexie upgrades: a device that ran the foundation has a v1 database, one that ran issue 3 a v2
 * one, issue 4 to 8 a v3 one; opening any with today's schema keeps every row it still has a table
 * for, adds the new tables empty, and (v4) marks each meta row of an account with it.
 */
import { Dexie } from 'dexie'
import { afterEach, expect, it } from 'vitest'
import { TijoriDB } from '../../../src/data/db'

const NAME = 'tijori-upgrade-test'

afterEach(async () => {
  await Dexie.delete(NAME)
})

it('upgrades a version 1 database to today\'s keeping its rows', async () => {
  // The exact v1 shape, as the foundation shipped it.
  const v1 = new Dexie(NAME)
  v1.version(1).stores({
    meta: 'key',
    config: 'name',
    user: 'account',
    news: '[lang+id], [lang+publishedAt]',
    outbox: 'key, seq, state, [state+seq]',
  })
  await v1.open()
  await v1.table('meta').put({ key: 'session', value: { token: 't', account: '9876543210' }, updatedAt: 1 })
  await v1.table('config').put({ name: 'site_title', value: 'Tijori' })
  await v1.table('news').put({ lang: 'en', id: 3, title: 'Hello', summary: '', image: null, publishedAt: 5 })
  await v1.table('outbox').put({ key: 'k1', seq: 1, kind: 'signIn', path: '/user/signIn', body: {}, account: '9876543210', state: 'queued', createdAt: 1, leaseUntil: 0, attempts: 0, nextAttemptAt: 0 })
  expect(v1.verno).toBe(1)
  v1.close()

  const v2 = new TijoriDB(NAME)
  await v2.open()
  try {
    expect(v2.verno).toBe(4)
    expect(await v2.meta.get('session')).toMatchObject({ value: { account: '9876543210' } })
    expect(await v2.config.get('site_title')).toEqual({ name: 'site_title', value: 'Tijori' })
    expect(await v2.news.get(['en', 3])).toMatchObject({ title: 'Hello' })
    expect(await v2.outbox.where('[state+seq]').between(['queued', 0], ['queued', Infinity]).toArray()).toHaveLength(1)
    for (const table of [v2.quotes, v2.candles, v2.watchlist, v2.orders, v2.fundEntries, v2.searchHistory]) {
      expect(await table.count()).toBe(0)
    }
    // The new indexes work.
    await v2.watchlist.bulkPut([
      { account: 'a', symbol: 'TCS', addedAt: 2 },
      { account: 'a', symbol: 'INFY', addedAt: 3 },
    ])
    const newest = await v2.watchlist.where('[account+addedAt]').between(['a', Dexie.minKey], ['a', Dexie.maxKey]).reverse().toArray()
    expect(newest.map((r) => r.symbol)).toEqual(['INFY', 'TCS'])
  } finally {
    v2.close()
  }
})

it('moves version 2 fund records to a table keyed by entry and currency, to be fetched again', async () => {
  const v2 = new Dexie(NAME)
  v2.version(2).stores({
    meta: 'key',
    config: 'name',
    user: 'account',
    news: '[lang+id], [lang+publishedAt]',
    outbox: 'key, seq, state, [state+seq]',
    quotes: 'symbol, kind',
    candles: '[symbol+period+range+adjust]',
    watchlist: '[account+symbol], [account+addedAt]',
    orders: 'id, account, [account+status], [account+createdAt]',
    fundRecords: '[account+id], [account+createdAt]',
    searchHistory: '[account+symbol], [account+at]',
  })
  await v2.open()
  await v2.table('fundRecords').put({ account: 'a', id: 7, reason: 'exchange', reference: null, createdAt: 1, currency: 'INR', available: -100, frozen: 0 })
  await v2.table('watchlist').put({ account: 'a', symbol: 'TCS', addedAt: 2 })
  v2.close()

  const v3 = new TijoriDB(NAME)
  await v3.open()
  try {
    expect(v3.verno).toBe(4)
    expect(v3.tables.map((t) => t.name)).not.toContain('fundRecords')
    expect(await v3.watchlist.count()).toBe(1)
    // Both legs of one exchange entry now have a row each.
    await v3.fundEntries.bulkPut([
      { account: 'a', id: 7, reason: 'exchange', reference: null, createdAt: 1, currency: 'INR', available: -100, frozen: 0 },
      { account: 'a', id: 7, reason: 'exchange', reference: null, createdAt: 1, currency: 'USD', available: 1, frozen: 0 },
    ])
    expect(await v3.fundEntries.count()).toBe(2)
  } finally {
    v3.close()
  }
})

it('marks version 3 meta rows with their account, so the account can be forgotten in one go', async () => {
  // The exact v3 shape, as issues 4 to 8 shipped it.
  const v3 = new Dexie(NAME)
  v3.version(3).stores({
    meta: 'key',
    config: 'name',
    user: 'account',
    news: '[lang+id], [lang+publishedAt]',
    outbox: 'key, seq, state, [state+seq]',
    quotes: 'symbol, kind',
    candles: '[symbol+period+range+adjust]',
    watchlist: '[account+symbol], [account+addedAt]',
    orders: 'id, account, [account+status], [account+createdAt]',
    searchHistory: '[account+symbol], [account+at]',
    fundEntries: '[account+id+currency], [account+createdAt]',
  })
  await v3.open()
  const A = '9876543210'
  await v3.table('meta').bulkPut([
    { key: 'session', value: { token: 't', account: A }, updatedAt: 1 },
    { key: `realName:${A}`, value: { status: 'pending', name: 'Asha', reason: null, submission: { pan: 'ABCDE1234F' } }, updatedAt: 1 },
    { key: `upload:${A}:7`, value: { contentType: 'image/png', data: 'AA==' }, updatedAt: 1 },
    { key: `synced:funds:${A}:recharge:2`, value: 5, updatedAt: 1 },
    { key: `synced:user:${A}`, value: 5, updatedAt: 1 },
    { key: 'language', value: 'tw', updatedAt: 1 },
    { key: 'synced:stock-detail:TCS', value: 5, updatedAt: 1 },
    { key: 'exchange-rates', value: { rates: [] }, updatedAt: 1 },
  ])
  await v3.table('outbox').put({ key: 'k1', seq: 1, kind: 'signIn', path: '/user/signIn', body: {}, account: A, state: 'queued', createdAt: 1, leaseUntil: 0, attempts: 0, nextAttemptAt: 0 })
  v3.close()

  const v4 = new TijoriDB(NAME)
  await v4.open()
  try {
    expect(v4.verno).toBe(4)
    expect((await v4.meta.where('account').equals(A).primaryKeys()).sort()).toEqual(['session', `realName:${A}`, `synced:funds:${A}:recharge:2`, `synced:user:${A}`, `upload:${A}:7`].sort())
    expect(await v4.meta.count()).toBe(8)
    expect((await v4.meta.get('language'))?.account).toBeUndefined()
    expect(await v4.outbox.where('account').equals(A).count()).toBe(1)
  } finally {
    v4.close()
  }
})
