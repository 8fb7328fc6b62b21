/**
 * Read-through sync: a refresher fetches from the server and writes into Dexie; screens read
 * Dexie with useLiveQuery and never wait for the network. What it stores:
 * - db.user:  the /user/info reply of the signed-in account.
 * - db.news:  /news/list pages and /news/detail bodies, per language.
 * - db.meta:  'synced:<key>' = when each key last synced (epoch ms), 'synced:any' = the last
 *             successful sync of anything (the offline banner shows it), 'news-total:<lang>'.
 */
import { type ConfigName } from '../contract/config'
import { type NewsArticle, type NewsItem } from '../contract/replies'
import { ApiRefusal, NetworkError, call } from './api'
import { db, metaKeyAccount, metaKeys, newsByDate, type NewsRow, type UserInfo } from './db'
import { getSession } from './sessionStore'
import { type Language } from '../i18n/languages'

const SYNCED_ANY = metaKeys.syncedAny

export const lastSyncedKey = metaKeys.synced

export const newsTotalKey = metaKeys.newsTotal

/** The refresh key of an account's /user/info (its last-synced time is what screens show). */
export const userInfoKey = metaKeys.userInfo

/** The refresh key of one /news/list page. */
export function newsPageKey(lang: string, page: number): string {
  return `news:${lang}:${page}`
}

/** When `key` (or, without a key, anything) last synced; undefined if never. Live-query friendly. */
export async function syncedAt(key?: string): Promise<number | undefined> {
  const row = await db.meta.get(key === undefined ? SYNCED_ANY : lastSyncedKey(key))
  return typeof row?.value === 'number' ? row.value : undefined
}

const inFlight = new Map<string, Promise<unknown>>()

const noop = () => undefined

/**
 * Runs `fetcher` (which writes into Dexie) unless a refresh of the same key is already running,
 * in which case both callers share it. On success records the sync time. Errors propagate.
 * `fresh`: the caller needs data newer than now (after a mutation), so a refresh already under
 * way, which may have been answered before the mutation, is waited out and a new one runs.
 */
export function refresh<T>(key: string, fetcher: () => Promise<T>, opts: { fresh?: boolean } = {}): Promise<T> {
  const running = inFlight.get(key)
  if (running && opts.fresh) return running.then(noop, noop).then(() => refresh(key, fetcher))
  if (running) return running as Promise<T>
  const run = (async () => {
    const result = await fetcher()
    const now = Date.now()
    const owner = metaKeyAccount(key)
    await db.transaction('rw', db.meta, async () => {
      // An account's key answered after its logout leaves no trace: forgetAccount has run or will.
      if (owner !== undefined && getSession()?.account !== owner) return
      await db.meta.bulkPut([
        { key: lastSyncedKey(key), value: now, updatedAt: now },
        { key: SYNCED_ANY, value: now, updatedAt: now },
      ])
    })
    return result
  })().finally(() => inFlight.delete(key))
  inFlight.set(key, run)
  return run
}

/** Offline is normal for a refresher: the screen keeps showing what Dexie has. Refusals are not. */
export async function offlineIsFine<T>(work: Promise<T>): Promise<T | undefined> {
  try {
    return await work
  } catch (error) {
    if (error instanceof NetworkError) return undefined
    throw error
  }
}

/**
 * Fetches `path`'s `{data}` for the signed-in account into db.meta under `keyOf(account)`: the
 * lists each money screen keeps (cards, withdrawals, wallets...). Quiet offline; undefined when
 * signed out or offline.
 */
export async function refreshAccountList<T>(keyOf: (account: string) => string, path: string, opts: { fresh?: boolean; body?: object } = {}): Promise<T | undefined> {
  const account = getSession()?.account
  if (!account) return undefined
  const key = keyOf(account)
  return offlineIsFine(
    refresh(
      key,
      async () => {
        const { data } = await call<{ data: T }>(path, opts.body)
        // The user may have signed out while the request was out; do not bring their data back.
        if (getSession()?.account === account) await db.meta.put({ key, value: data, updatedAt: Date.now() })
        return data
      },
      opts,
    ),
  )
}

/**
 * Fetches /user/info into db.user. Undefined when signed out or offline. `fresh` after a mutation
 * that changed the user (see refresh).
 */
export async function refreshUserInfo(opts: { fresh?: boolean } = {}): Promise<UserInfo | undefined> {
  const session = getSession()
  if (!session) return undefined
  return offlineIsFine(
    refresh(
      userInfoKey(session.account),
      async () => {
        const info = await call<UserInfo>('/user/info')
        // The user may have signed out while the request was out; do not bring their data back.
        if (getSession()?.account === info.account) await db.user.put(info)
        return info
      },
      opts,
    ),
  )
}

const DEFAULT_NEWS_PAGE_SIZE = 10

async function configInteger(name: ConfigName): Promise<number | undefined> {
  const value = Number((await db.config.get(name))?.value)
  return Number.isInteger(value) && value > 0 ? value : undefined
}

/** The published page size of the news list, within the published maximum; live-query friendly. */
export async function newsPageSize(): Promise<number> {
  const size = (await configInteger('news_page_size')) ?? DEFAULT_NEWS_PAGE_SIZE
  const max = await configInteger('news_page_max')
  return max === undefined ? size : Math.min(size, max)
}

/** The server's list order: negative when `a` comes before `b` (newer, or as new with a higher id). */
function newsOrder(a: Pick<NewsRow, 'publishedAt' | 'id'>, b: Pick<NewsRow, 'publishedAt' | 'id'>): number {
  return b.publishedAt - a.publishedAt || b.id - a.id
}

/**
 * Fetches page `page` (1-based, newest first) of the news in `lang`. The page's rows replace
 * the rows that used to sit in its span of dates, so deleted articles disappear; bodies already
 * fetched are kept.
 */
export async function refreshNewsList(
  lang: Language,
  page: number,
): Promise<{ items: NewsRow[]; total: number } | undefined> {
  return offlineIsFine(
    refresh(newsPageKey(lang, page), async () => {
      const size = await newsPageSize()
      const reply = await call<{ data: NewsItem[]; total: number }>(
        '/news/list',
        { page, size },
        { lang },
      )
      const items = reply.data.map((item): NewsRow => ({ ...item, lang }))
      await db.transaction('rw', db.news, db.meta, async () => {
        const known = await newsByDate(lang).toArray()
        const fresh = new Set(items.map((item) => item.id))
        // The page arrives in the server's order, newest first and the higher id first among
        // equal times; by the time alone, a row of the next page published in the same
        // millisecond as this page's last one would count as this page's and be deleted.
        const newest = items[0]
        const oldest = items.at(-1)
        // The first page owns everything newer than its oldest row; the last page everything older.
        const first = page === 1
        const last = page * size >= reply.total
        const stale = known.filter((row) => {
          if (fresh.has(row.id)) return false
          if (!newest || !oldest) return first
          return (first || newsOrder(row, newest) >= 0) && (last || newsOrder(row, oldest) <= 0)
        })
        await db.news.bulkDelete(stale.map((row): [string, number] => [lang, row.id]))
        const previous = await db.news.bulkGet(items.map((row): [string, number] => [lang, row.id]))
        await db.news.bulkPut(
          items.map((row, i) => {
            const body = previous[i]?.body
            return body === undefined ? row : { ...row, body }
          }),
        )
        await db.meta.put({ key: newsTotalKey(lang), value: reply.total, updatedAt: Date.now() })
      })
      return { items, total: reply.total }
    }),
  )
}

/** Fetches one article with its body. news_not_found removes the local copy, then rethrows. */
export async function refreshNewsDetail(lang: Language, id: number): Promise<NewsRow | undefined> {
  return offlineIsFine(
    refresh(`news-detail:${lang}:${id}`, async () => {
      let item: NewsArticle
      try {
        item = await call<NewsArticle>('/news/detail', { id }, { lang, silent: true })
      } catch (error) {
        if (error instanceof ApiRefusal && error.code === 'news_not_found') await db.news.delete([lang, id])
        throw error
      }
      const row: NewsRow = { ...item, lang }
      await db.news.put(row)
      return row
    }),
  )
}
