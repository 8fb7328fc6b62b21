/**
 * Dexie version 1 -> 2: a device that ran the foundation has a v1 database; opening it with
 * today's schema must keep every v1 row and add the market and trading tables empty.
 */
import { Dexie } from 'dexie'
import { afterEach, expect, it } from 'vitest'
import { TijoriDB } from '../../../src/data/db'

const NAME = 'tijori-upgrade-test'

afterEach(async () => {
  await Dexie.delete(NAME)
})

it('upgrades a version 1 database to version 2 keeping its rows', async () => {
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
    expect(v2.verno).toBe(2)
    expect(await v2.meta.get('session')).toMatchObject({ value: { account: '9876543210' } })
    expect(await v2.config.get('site_title')).toEqual({ name: 'site_title', value: 'Tijori' })
    expect(await v2.news.get(['en', 3])).toMatchObject({ title: 'Hello' })
    expect(await v2.outbox.where('[state+seq]').between(['queued', 0], ['queued', Infinity]).toArray()).toHaveLength(1)
    for (const table of [v2.quotes, v2.candles, v2.watchlist, v2.orders, v2.fundRecords, v2.searchHistory]) {
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
