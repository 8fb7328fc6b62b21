/**
 * Customer service in the back office (issue 13; under /api/admin, an operator's session:
 * access.ts): the threads with what waits, one thread read (its pictures through /uploads/view),
 * a reply, closing, and allowing a guest's password reset. Every call is audited. No route here
 * sets a password: the guest does, with the grant (server/support/routes.ts).
 */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { operatorOf } from '../admin/operator-session'
import { SupportAdminPage, SupportAdminThread, SupportAdminThreadDetail } from '../../src/contract/admin-replies'
import { SupportStatus } from '../../src/contract/replies'
import { type RouteDeps } from '../http/deps'
import { Id, replies } from '../http/schemas'
import { ok } from '../plugins/envelope'
import { BODY_MAX } from './rules'
import { closeAsOperator, grantReset, listForAdmin, replyAsOperator, threadForAdmin } from './service'

const PAGE_SIZE = 20
const PAGE_MAX = 100

const Body = Type.String({ minLength: 1, maxLength: BODY_MAX * 2, pattern: '^[^\\u0000]*$', description: `1 to ${BODY_MAX} characters` })

export const supportAdminRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { now } = deps

  app.post(
    '/support/list',
    {
      schema: {
        tags: ['back office'],
        summary: 'Customer-service threads, those with unread user messages first, then latest activity first; audited',
        body: Type.Object({
          status: Type.Optional(SupportStatus),
          page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, description: '1-based' })),
          size: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_MAX, description: `default ${PAGE_SIZE}` })),
        }),
        response: replies(SupportAdminPage),
      },
    },
    async (request) =>
      ok(
        await listForAdmin(deps, {
          ...(request.body.status ? { status: request.body.status } : {}),
          page: request.body.page ?? 1,
          size: request.body.size ?? PAGE_SIZE,
          operator: operatorOf(request).username,
          now: now(),
        }),
      ),
  )

  app.post(
    '/support/thread',
    {
      schema: {
        tags: ['back office'],
        summary: 'One thread with its messages, oldest first; its user messages are now read by the back office; audited',
        description: 'Refusals: support_thread_not_found {id}',
        body: Type.Object({ id: Id }),
        response: replies(SupportAdminThreadDetail),
      },
    },
    async (request) => ok(await threadForAdmin(deps, { id: request.body.id, operator: operatorOf(request).username, now: now() })),
  )

  app.post(
    '/support/reply',
    {
      schema: {
        tags: ['back office'],
        summary: "An operator's reply: the thread is answered, and a user's inbox gets a support_reply row in the same transaction; audited",
        description: 'Refusals: support_thread_not_found {id}, support_thread_closed {id}. 400 {field: body}.',
        body: Type.Object({ id: Id, body: Body }),
        response: replies(SupportAdminThread),
      },
    },
    async (request) => ok(await replyAsOperator(deps, { id: request.body.id, body: request.body.body, operator: operatorOf(request).username, now: now() })),
  )

  app.post(
    '/support/close',
    {
      schema: {
        tags: ['back office'],
        summary: 'Closes a thread (no more messages from either side); audited',
        description: 'Refusals: support_thread_not_found {id}',
        body: Type.Object({ id: Id }),
        response: replies(SupportAdminThread),
      },
    },
    async (request) => ok(await closeAsOperator(deps, { id: request.body.id, operator: operatorOf(request).username, now: now() })),
  )

  app.post(
    '/support/grantReset',
    {
      schema: {
        tags: ['back office'],
        summary:
          "Allows the guest of a password-reset thread whose name and PAN matched the verified record to set a new password once within 24 hours; the operator never sets it; audited",
        description: 'Refusals: support_thread_not_found {id}, support_reset_not_allowed (another topic, identity not matched, closed, or already used)',
        body: Type.Object({ id: Id }),
        response: replies(SupportAdminThread),
      },
    },
    async (request) => ok(await grantReset(deps, { id: request.body.id, operator: operatorOf(request).username, now: now() })),
  )
}
