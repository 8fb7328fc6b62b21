/** Actions of the news screens: refreshes through src/data/sync.ts. */
import { refreshNewsDetail, refreshNewsList } from '../../data/sync'
import { refusalCode } from '../../app/errors'
import { type Language } from '../../i18n/languages'

/** Loads page `page` into Dexie; false when it could not (offline or refused). */
export async function loadNewsPage(lang: Language, page: number): Promise<boolean> {
  try {
    return (await refreshNewsList(lang, page)) !== undefined
  } catch {
    return false
  }
}

/**
 * Loads the article's body into Dexie. 'gone' when the server no longer has it (the screen
 * says so itself, so no toast); 'offline' or 'error' otherwise when it could not.
 */
export async function loadNewsDetail(lang: Language, id: number): Promise<'ok' | 'gone' | 'offline' | 'error'> {
  try {
    const row = await refreshNewsDetail(lang, id)
    return row ? 'ok' : 'offline'
  } catch (error) {
    return refusalCode(error) === 'news_not_found' ? 'gone' : 'error'
  }
}
