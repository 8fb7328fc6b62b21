/**
 * The user events this process's open streams wait for (issue 14). Every inbox row, whichever
 * process wrote it, is announced by the database on channel tijori_inbox after its transaction
 * commits (migration 1764700000000_inbox_notify.sql: the user ids the statement wrote for). This
 * process LISTENs once and wakes the streams of those users that are open here.
 *
 * The only state kept is this process's own open connections (who to wake); what a stream sends
 * is read from the database when it wakes, so a stream on any process shows the same thing.
 */
import { type DatabaseHandle } from '../db/index'

export const INBOX_CHANNEL = 'tijori_inbox'

export type UserEvents = {
  /** Calls `wake` each time a message for `userId` is committed (or the listener reconnected); returns the unsubscribe. */
  subscribe(userId: number, wake: () => void): () => void
  /** Streams open in this process. */
  open(): number
  close(): Promise<void>
}

/** The user ids of one notification's payload ("12,40,41"); anything else is ignored. */
export function userIdsOf(payload: string): number[] {
  return payload.split(',').flatMap((part) => {
    const id = Number(part)
    return Number.isSafeInteger(id) && id > 0 ? [id] : []
  })
}

export async function createUserEvents(database: DatabaseHandle, onError: (err: Error) => void): Promise<UserEvents> {
  const listeners = new Map<number, Set<() => void>>()
  const wake = (userId: number) => {
    for (const listener of listeners.get(userId) ?? []) listener()
  }
  const unlisten = await database.listen(INBOX_CHANNEL, {
    onPayload: (payload) => {
      for (const userId of userIdsOf(payload)) wake(userId)
    },
    // Notifications sent while the connection was down are gone: every open stream reads again.
    onReconnect: () => {
      for (const userId of listeners.keys()) wake(userId)
    },
    onError,
  })
  return {
    subscribe(userId, listener) {
      let set = listeners.get(userId)
      if (!set) listeners.set(userId, (set = new Set()))
      set.add(listener)
      return () => {
        set.delete(listener)
        if (set.size === 0 && listeners.get(userId) === set) listeners.delete(userId)
      }
    },
    open: () => [...listeners.values()].reduce((n, set) => n + set.size, 0),
    close: unlisten,
  }
}
