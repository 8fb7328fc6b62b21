/** Reads of the news screens from Dexie, one useLiveQuery each. */
import { useLiveQuery } from 'dexie-react-hooks'
import { db, newsByDate, type NewsRow } from '../../data/db'
import { newsPageKey, newsPageSize, newsTotalKey } from '../../data/sync'
import { useLastSynced } from '../../app/queries'
import { i18n } from '../../i18n/setup'
import { normalizeLanguage, type Language } from '../../i18n/languages'

export type NewsPages = { lang: Language; size: number; rows: NewsRow[] }

/**
 * The route loader's read of the list: the rows are there on the first render, so the page has
 * its full height when the router restores the scroll position on "back".
 */
export async function readNewsPages(pages: number): Promise<NewsPages> {
  const lang = normalizeLanguage(i18n.locale)
  const size = await newsPageSize()
  return { lang, size, rows: await newsByDate(lang).limit(pages * size).toArray() }
}

/** The newest `count` articles in `lang`: the pages loaded so far; `initial` until the first read. */
export function useNewsList(lang: string, count: number, initial?: NewsRow[]): NewsRow[] | undefined {
  return useLiveQuery(() => newsByDate(lang).limit(count).toArray(), [lang, count], initial)
}

/** How many articles the server has in `lang`, as of the last list fetch; null if never fetched. */
export function useNewsTotal(lang: string): number | null | undefined {
  return useLiveQuery(async () => {
    const value = (await db.meta.get(newsTotalKey(lang)))?.value
    return typeof value === 'number' ? value : null
  }, [lang])
}

/** When the first page of the news in `lang` last synced: the list's "last updated". */
export function useNewsSynced(lang: string): number | null | undefined {
  return useLastSynced(newsPageKey(lang, 1))
}

/** One article; null when this device does not have it. */
export function useNewsItem(lang: string, id: number): NewsRow | null | undefined {
  return useLiveQuery(async () => (await db.news.get([lang, id])) ?? null, [lang, id])
}
