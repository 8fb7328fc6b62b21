/** Reads of the home screen from Dexie, one useLiveQuery each. */
import { useLiveQuery } from 'dexie-react-hooks'
import { db, newsByDate, type NewsRow, type OutboxItem } from '../../data/db'

/** The newest `count` articles in `lang`. */
export function useLatestNews(lang: string, count: number): NewsRow[] | undefined {
  return useLiveQuery(() => newsByDate(lang).limit(count).toArray(), [lang, count])
}

/** The account's newest sign-in request in the outbox (queued, sending, done or failed). */
export function useLastSignIn(account: string | null | undefined): OutboxItem | null | undefined {
  return useLiveQuery(
    async () => {
      if (!account) return null
      const items = await db.outbox.where('seq').above(0).filter((i) => i.kind === 'signIn' && i.account === account).toArray()
      return items.at(-1) ?? null
    },
    [account],
  )
}

/** The published daily sign-in reward in paise; null when not published. */
export function useSignInReward(): number | null | undefined {
  return useLiveQuery(async () => {
    const n = Number((await db.config.get('signin_reward'))?.value)
    return Number.isSafeInteger(n) && n > 0 ? n : null
  })
}
