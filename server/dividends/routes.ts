/**
 * Dividends (issue 10): /dividend/list shows what the user's positions were owed at each record
 * date, with the arithmetic; /dividend/apply applies for one where config requires it. Thin: the
 * operation is service.ts, the SQL repository.ts.
 */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { sessionOf } from '../plugins/auth'
import { ok } from '../plugins/envelope'
import { pageOffset } from '../news/rules'
import { type RouteDeps } from '../http/deps'
import { Id, IdempotencyHeaders, replies } from '../http/schemas'
import { DividendEntitlement } from '../../src/contract/replies'
import { entitlementsOf } from './repository'
import { applyForDividend } from './service'

const PAGE_SIZE = 20
const PAGE_MAX = 100

export const dividendRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { db, runIdempotent } = deps

  app.post(
    '/dividend/list',
    {
      schema: {
        tags: ['dividends'],
        summary: "Dividends the user's long positions were owed at their record dates (shares x per share, from the feed), newest first",
        body: Type.Object({
          page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, description: '1-based' })),
          size: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_MAX, description: `default ${PAGE_SIZE}` })),
        }),
        response: replies(Type.Object({ data: Type.Array(DividendEntitlement), total: Type.Integer() })),
      },
    },
    async (request) => ok(await entitlementsOf(db, sessionOf(request).userId, pageOffset(request.body.page ?? 1, request.body.size ?? PAGE_SIZE))),
  )

  app.post(
    '/dividend/apply',
    {
      config: { idempotent: true },
      schema: {
        tags: ['dividends'],
        summary: 'Apply for an unclaimed dividend (where dividend_application_required is 1): it goes to review; the amount cannot change',
        description: 'Refusals: dividend_not_found {id}, dividend_not_claimable {status}',
        headers: IdempotencyHeaders,
        body: Type.Object({ id: Id }),
        response: replies(DividendEntitlement),
      },
    },
    async (request, reply) => runIdempotent(request, reply, async (commit) => commit(applyForDividend(deps, { userId: sessionOf(request).userId, id: request.body.id }))),
  )
}
