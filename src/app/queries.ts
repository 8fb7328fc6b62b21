/** Reads of the shell from Dexie: one useLiveQuery each, re-rendering when the rows change. */
import { useLiveQuery } from 'dexie-react-hooks'
import { db, type OutboxItem } from '../data/db'
import { SESSION_KEY } from '../data/sessionStore'

/** Epoch ms of the last successful sync of `key` (meta "synced:<key>"), null if never. */
export function useLastSynced(key: string): number | null | undefined {
  return useLiveQuery(async () => toTime((await db.meta.get(`synced:${key}`))?.value), [key])
}

/** The signed-in account, following logins and logouts; null when signed out. */
export function useSessionAccount(): string | null | undefined {
  return useLiveQuery(async () => sessionAccount((await db.meta.get(SESSION_KEY))?.value))
}

/** The signed-in account's items still owed to the server or refused by it: what the badge counts. */
export function usePendingOutbox(): OutboxItem[] | undefined {
  return useLiveQuery(async () => {
    const account = sessionAccount((await db.meta.get(SESSION_KEY))?.value)
    if (!account) return []
    return db.outbox
      .where('state')
      .anyOf('queued', 'sending', 'failed')
      .filter((item) => item.account === account)
      .sortBy('seq')
  })
}

/** One published config value (strings, as /common/config sends them), null when absent. */
export function useConfig(name: string): string | null | undefined {
  return useLiveQuery(async () => (await db.config.get(name))?.value ?? null, [name])
}

function sessionAccount(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || !('account' in value)) return null
  return typeof value.account === 'string' && value.account ? value.account : null
}

function toTime(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null
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
