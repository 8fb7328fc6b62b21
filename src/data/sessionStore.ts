/**
 * The signed-in session, kept in memory for request headers and in IndexedDB (db.meta under
 * 'session') so a reload or an offline start stays signed in. Ending it (a 401) also removes the
 * account's cached /user/info row (db.user); the rest of the account's rows stay for the same
 * person signing in again, and go at logout or when someone else signs in (db.ts forgetAccount).
 * session.ts re-exports this; api.ts imports it directly so the two do not import each other.
 */
import { db, metaKeys, restoreSession, type Session } from './db'

export const SESSION_KEY = metaKeys.session

export { restoreSession }

let current: Session | null = null
const listeners = new Set<() => void>()

/** Calls `listener` after each change of the session in memory (sign-in, logout, 401); returns the unsubscribe. */
export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Listeners only start or stop work of their own and never throw. */
function changed(): void {
  for (const listener of [...listeners]) listener()
}

/** Boot: reads the stored session into memory. */
export async function loadSession(): Promise<Session | null> {
  const row = await db.meta.get(SESSION_KEY)
  current = restoreSession(row?.value)
  changed()
  return current
}

export function getSession(): Session | null {
  return current
}

export async function saveSession(session: Session): Promise<void> {
  current = session
  changed()
  await db.meta.put({ key: SESSION_KEY, value: session, updatedAt: Date.now() })
}

/** Forgets the session and the account's cached user info, in memory first so no request uses it. */
export async function clearSession(): Promise<void> {
  const account = current?.account
  current = null
  changed()
  await db.transaction('rw', db.meta, db.user, async () => {
    const row = await db.meta.get(SESSION_KEY)
    const stored = restoreSession(row?.value)
    await db.meta.delete(SESSION_KEY)
    for (const a of new Set([account, stored?.account])) if (a) await db.user.delete(a)
  })
}
