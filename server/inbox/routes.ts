/**
 * The inbox, the user's side (issue 13): the list and marking read. Thin: the operations are
 * server/inbox/service.ts, the SQL server/inbox/repository.ts.
 */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { sessionOf } from '../plugins/auth'
import { ok } from '../plugins/envelope'
import { type RouteDeps } from '../http/deps'
import { Id, IdempotencyHeaders, replies } from '../http/schemas'
import { InboxPage, InboxUnread } from '../../src/contract/replies'
import { listInbox, readInbox } from './service'

const PAGE_SIZE = 20
const PAGE_MAX = 100
/** The most ids one /inbox/read names; the app marks what it shows, a page or a few at a time. */
const READ_MAX = 500

export const inboxRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { runIdempotent } = deps

  app.post(
    '/inbox/list',
    {
      schema: {
        tags: ['inbox'],
        summary:
          "The caller's messages (what happened to the account), newest first, each with its kind, params and the app route that shows it; total, and unread across every page",
        body: Type.Object({
          page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, description: '1-based' })),
          size: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_MAX, description: `default ${PAGE_SIZE}` })),
        }),
        response: replies(InboxPage),
      },
    },
    async (request) => ok(await listInbox(deps, { userId: sessionOf(request).userId, page: request.body.page ?? 1, size: request.body.size ?? PAGE_SIZE })),
  )

  app.post(
    '/inbox/read',
    {
      config: { idempotent: true },
      schema: {
        tags: ['inbox'],
        summary: "Marks the caller's messages read: those named (ids that are not the caller's are ignored), or every one for an empty list; replies what is still unread",
        headers: IdempotencyHeaders,
        body: Type.Object({ ids: Type.Array(Id, { maxItems: READ_MAX, description: `message ids, at most ${READ_MAX}; [] marks every message read` }) }),
        response: replies(InboxUnread),
      },
    },
    async (request, reply) => runIdempotent(request, reply, async (commit) => commit(readInbox(deps, { userId: sessionOf(request).userId, ids: request.body.ids }))),
  )
}
