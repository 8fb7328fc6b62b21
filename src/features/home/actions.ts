/** Actions of the home screen: refreshes through src/data/sync.ts, the sign-in through the outbox. */
import { refreshNewsList } from '../../data/sync'
import { refreshAssets } from '../../app/assets'
import { signInToday } from '../../data/signIn'
import { type Language } from '../../i18n/languages'

/** Balances and what total assets is worked out from, and the news teaser; offline is fine, the screen keeps what Dexie has. */
export function refreshHome(lang: Language): void {
  void refreshAssets()
  void refreshNewsList(lang, 1).catch(() => undefined)
}

export { signInToday }
