/**
 * The back office's view of accounts (under /api/admin, an operator's session: access.ts): search
 * users, look at one, set or clear a flag with the reason the user will read.
 */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { LIST_LIMIT, Reason, needReason, notFound, operatorOf } from '../admin/operator-session'
import { UserDetail, UserSummary } from '../../src/contract/admin-replies'
import { type RouteDeps } from '../http/deps'
import { EmptyObject, Id, ShortText, replies } from '../http/schemas'
import { ok } from '../plugins/envelope'
import { changeFlag, userDetail } from './admin-service'
import { searchUsers } from './repository'
import { ACCOUNT_FLAGS } from './rules'

export const accountAdminRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { db, now } = deps

  app.post(
    '/users/search',
    {
      schema: {
        tags: ['back office'],
        summary: 'Users whose account starts with, or whose verified name contains, the query',
        body: Type.Object({ query: ShortText(64) }),
        response: replies(Type.Object({ data: Type.Array(UserSummary) })),
      },
    },
    async (request) => ok({ data: await searchUsers(db, request.body.query.trim(), LIST_LIMIT) }),
  )

  app.post(
    '/users/detail',
    {
      schema: {
        tags: ['back office'],
        summary: "A user: identity, flags with reasons, balances, cards, recent ledger entries and orders",
        body: Type.Object({ userId: Id }),
        response: replies(UserDetail),
      },
    },
    async (request) => {
      const detail = await userDetail(db, { userId: request.body.userId, operator: operatorOf(request).username, now: now(), limit: LIST_LIMIT })
      if (!detail) throw notFound('user')
      return ok(detail)
    },
  )

  app.post(
    '/users/flag',
    {
      schema: {
        tags: ['back office'],
        summary: 'Set or clear one account flag, with the reason (shown to the user when set)',
        description: 'Refusals: reason_required; HTTP 404 not_found. Setting frozen, login_banned or disabled ends the user\'s sessions.',
        body: Type.Object({ userId: Id, flag: Type.Union(ACCOUNT_FLAGS.map((f) => Type.Literal(f))), on: Type.Boolean(), reason: Type.Optional(Reason) }),
        response: replies(EmptyObject),
      },
    },
    async (request) => {
      const { userId, flag, on } = request.body
      const reason = needReason(request.body.reason)
      if (!(await changeFlag(db, { userId, flag, on, reason, operator: operatorOf(request).username, now: now() }))) throw notFound('user')
      return ok({})
    },
  )
}
