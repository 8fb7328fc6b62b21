/** Reads of the account screens from Dexie, one useLiveQuery each. */
import { useLiveQuery } from 'dexie-react-hooks'
import { db, type UserInfo } from '../../data/db'

/** The last /user/info of `account`: undefined while reading, null when never fetched here. */
export function useUser(account: string | null | undefined): UserInfo | null | undefined {
  return useLiveQuery(async () => (account ? ((await db.user.get(account)) ?? null) : null), [account])
}

/** The server profile: 'demo' or 'production'; null before config is known. */
export function useProfile(): string | null | undefined {
  return useLiveQuery(async () => (await db.config.get('profile'))?.value ?? null)
}
