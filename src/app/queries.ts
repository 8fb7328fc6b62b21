/** Reads of the shell and of what several features show (the user, sync times), one useLiveQuery each. */
import { useLiveQuery } from 'dexie-react-hooks'
import { type ConfigName } from '../contract/config'
import { db, type OutboxItem, type UserInfo } from '../data/db'
import { getConfigValue } from '../data/config'
import { pendingItems } from '../data/outbox'
import { SESSION_KEY, getSession, restoreSession } from '../data/sessionStore'
import { syncedAt, userInfoKey } from '../data/sync'

/** Epoch ms of the last successful sync of `key` (see data/sync.ts), null if never or no key. */
export function useLastSynced(key: string | null): number | null | undefined {
  return useLiveQuery(async () => (key === null ? null : ((await syncedAt(key)) ?? null)), [key])
}

/** When the /user/info of `account` last synced, null if never (or nobody is signed in). */
export function useUserSynced(account: string | null | undefined): number | null | undefined {
  return useLastSynced(account ? userInfoKey(account) : null)
}

/** The last /user/info of `account`: undefined while reading, null when never fetched here. */
export function useUser(account: string | null | undefined): UserInfo | null | undefined {
  return useLiveQuery(async () => (account ? ((await db.user.get(account)) ?? null) : null), [account])
}

/**
 * The signed-in account, following logins and logouts; null when signed out. The first render has
 * the session boot read (home's greeting does not grow a line later).
 */
export function useSessionAccount(): string | null | undefined {
  return useLiveQuery(async () => sessionAccount((await db.meta.get(SESSION_KEY))?.value), [], getSession()?.account ?? null)
}

/**
 * The signed-in account's pending items (PENDING_STATES: owed to the server, held for the user's
 * confirmation, or refused by it): what the badge counts.
 */
export function usePendingOutbox(): OutboxItem[] | undefined {
  return useLiveQuery(async () => {
    const account = sessionAccount((await db.meta.get(SESSION_KEY))?.value)
    return account ? pendingItems(account) : []
  })
}

/**
 * One published config value (strings, as /common/config sends them), null when absent. The first
 * render already has the copy boot read into memory: the demo marker heads every screen, and
 * arriving a frame later it moved the whole screen down (issue 15: layout shift).
 */
export function useConfig(name: ConfigName): string | null | undefined {
  return useLiveQuery(async () => (await db.config.get(name))?.value ?? null, [name], getConfigValue(name))
}

function sessionAccount(value: unknown): string | null {
  return restoreSession(value)?.account ?? null
}

/** The published password length rules; the contract's 6..32 until config has been read. */
export function usePasswordRules(): { min: number; max: number } {
  const rules = useLiveQuery(async () => {
    const [min, max] = await db.config.bulkGet(['password_min', 'password_max'])
    return { min: toInt(min?.value, 6), max: toInt(max?.value, 32) }
  })
  return rules ?? { min: 6, max: 32 }
}

function toInt(value: string | undefined, fallback: number): number {
  const n = Number(value)
  return Number.isSafeInteger(n) && n > 0 ? n : fallback
}
