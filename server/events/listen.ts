/**
 * LISTEN on one PostgreSQL channel for this process (issue 14): NOTIFY reaches every session
 * listening on the database, so an event committed by any API process reaches the streams open
 * on every other one.
 *
 * PostgreSQL: a connection of its own, outside the pool (a pooled connection is handed to other
 * queries and its LISTEN would go with it). When it drops (a restart, a failover) it is opened
 * again after a second and LISTENs again; notifications sent while it was down are lost, so
 * `onReconnect` tells the caller to re-read what it shows (the streams send the unread count again).
 *
 * PGlite: its single session LISTENs in process; a NOTIFY from this process's own transaction is
 * delivered to it after the commit, as PostgreSQL delivers a session's own notifications.
 */
import { type PGlite } from '@electric-sql/pglite'
import pg from 'pg'

export type Unlisten = () => Promise<void>

export type ListenOptions = {
  onPayload: (payload: string) => void
  /** Called after a dropped connection has been opened again: notifications in between were lost. */
  onReconnect?: () => void
  onError?: (err: Error) => void
}

const RECONNECT_MS = 1000

/** A channel name as an identifier: only the lower-case names Tijori uses. */
function identifier(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name "${channel}"`)
  return channel
}

export async function listenPostgres(url: string, channel: string, options: ListenOptions): Promise<Unlisten> {
  const name = identifier(channel)
  let client: pg.Client | null = null
  let closed = false
  let retry: NodeJS.Timeout | undefined

  const open = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, keepAlive: true })
    next.on('notification', (message) => {
      if (message.channel === name && message.payload !== undefined) options.onPayload(message.payload)
    })
    const dropped = (err?: Error) => {
      if (client !== next) return
      client = null
      if (err) options.onError?.(err)
      next.end().catch(() => undefined)
      if (!closed) schedule()
    }
    next.on('error', dropped)
    next.on('end', () => dropped())
    await next.connect()
    await next.query(`LISTEN ${name}`)
    client = next
  }
  const schedule = () => {
    retry = setTimeout(() => {
      open().then(
        () => options.onReconnect?.(),
        (err: unknown) => {
          options.onError?.(err as Error)
          if (!closed) schedule()
        },
      )
    }, RECONNECT_MS)
    retry.unref()
  }

  await open()
  return async () => {
    closed = true
    clearTimeout(retry)
    const last = client
    client = null
    await last?.end().catch(() => undefined)
  }
}

export async function listenPglite(pglite: PGlite, channel: string, options: ListenOptions): Promise<Unlisten> {
  const unlisten = await pglite.listen(identifier(channel), options.onPayload)
  return () => unlisten()
}
