/**
 * GET /inbox/stream (issue 14): server-sent events telling the signed-in user at once of each new
 * inbox message (a fill, a stop-out, a review decided, an allotment...), whichever API process
 * made it. `event: inbox`, `id:` the newest message id, data {unread, messages: InboxMessage[]}:
 * the messages newer than the last one sent (none in the first event, which gives the count),
 * oldest first, at most 50 at a time. ": ping" every 15 s keeps proxies from closing it.
 * Everything sent is read from the database on each wake (server/events/hub.ts).
 */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { sessionOf } from '../plugins/auth'
import { EVENT_STREAM_HEADERS, eventStreamWriter } from '../http/event-stream'
import { type RouteDeps } from '../http/deps'
import { type Executor } from '../db/executor'
import { toInboxMessage, unreadCountOf } from '../inbox/repository'
import { type InboxKind, type InboxMessage } from '../../src/contract/replies'
import { type UserEvents } from './hub'

const PING_MS = 15_000
const BATCH = 50
/** Past this many unsent bytes the client is not reading: the stream ends and it reconnects later. */
const MAX_BUFFERED = 1 << 20

async function newestId(db: Executor, userId: number): Promise<number> {
  const row = await db.selectFrom('inbox_messages').select((eb) => eb.fn.max('id').as('id')).where('user_id', '=', userId).executeTakeFirst()
  return Number(row?.id ?? 0)
}

async function newerThan(db: Executor, userId: number, afterId: number): Promise<InboxMessage[]> {
  const rows = await db
    .selectFrom('inbox_messages')
    .select(['id', 'kind', 'params', 'link', 'created_at', 'read_at'])
    .where('user_id', '=', userId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(BATCH)
    .execute()
  return rows.map((r) => toInboxMessage({ ...r, kind: r.kind as InboxKind }))
}

export function eventRoutes(events: UserEvents): FastifyPluginAsyncTypebox<RouteDeps> {
  return async (app, deps) => {
    const { db } = deps
    const open = new Set<() => void>()
    // Before the server stops listening: it would otherwise wait for these endless replies.
    app.addHook('preClose', async () => {
      for (const end of [...open]) end()
    })

    app.get(
      '/inbox/stream',
      {
        schema: {
          tags: ['inbox'],
          summary: "Server-sent events: the caller's new inbox messages as they are made, on whichever process",
          description: `event: inbox, id: the newest message id, data: {unread, messages: InboxMessage[]} (messages newer than the last event's, oldest first, at most ${BATCH}; none in the first event). ": ping" every 15 s.`,
        },
      },
      async (request, reply) => {
        const { userId } = sessionOf(request)
        let lastId = await newestId(db, userId)

        reply.hijack()
        const res = reply.raw
        let ended = false
        let unsubscribe = () => undefined as void
        const timer: { ping?: NodeJS.Timeout } = {}
        const end = () => {
          if (ended) return
          ended = true
          clearInterval(timer.ping)
          unsubscribe()
          open.delete(end)
          if (!res.destroyed) res.end()
        }
        open.add(end)
        request.raw.on('close', end)
        res.on('close', end)
        res.on('error', end)
        if (res.destroyed || res.socket?.destroyed === true) return end()

        res.writeHead(200, EVENT_STREAM_HEADERS)
        if (request.method === 'HEAD') return end()
        const write = eventStreamWriter(res, MAX_BUFFERED, () => ended, end)
        const send = (count: number, messages: InboxMessage[]) => write(`event: inbox\nid: ${lastId}\ndata: ${JSON.stringify({ unread: count, messages })}\n\n`)

        // Wakes that come while a read is under way are folded into one more read after it.
        let reading = false
        let again = false
        const read = async () => {
          if (reading) {
            again = true
            return
          }
          reading = true
          try {
            do {
              again = false
              const messages = await newerThan(db, userId, lastId)
              if (ended) return
              if (messages.length > 0) lastId = messages[messages.length - 1]!.id
              send(await unreadCountOf(db, userId), messages)
              if (messages.length === BATCH) again = true
            } while (again && !ended)
          } catch (err) {
            request.log.error({ err }, 'inbox stream failed')
            end()
          } finally {
            reading = false
          }
        }
        unsubscribe = events.subscribe(userId, () => void read())
        // The first event (the unread count), and any message committed since newestId, come from this read.
        void read()
        timer.ping = setInterval(() => write(': ping\n\n'), PING_MS)
      },
    )
  }
}
