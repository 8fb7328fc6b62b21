/**
 * Copy-trading, the user's side (issue 11): the products (fllow), the strategies (qcList), a
 * product's detail with every trade and daily NAV, investing, redeeming and the user's records.
 * Thin: the operations are server/follow/service.ts, the SQL server/follow/repository.ts.
 */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { sessionOf } from '../plugins/auth'
import { ok } from '../plugins/envelope'
import { type RouteDeps } from '../http/deps'
import { Id, IdempotencyHeaders, replies } from '../http/schemas'
import { FollowDetail, FollowInvestment, FollowInvestmentStatus, FollowProduct, FollowProductStatus, FollowStrategy } from '../../src/contract/replies'
import { invest, listProducts, listStrategies, productDetail, recordsOf, redeem } from './service'

const PAGE_SIZE = 20
const PAGE_MAX = 100

const Paging = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, description: '1-based' })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_MAX, description: `default ${PAGE_SIZE}` })),
}

export const followRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { runIdempotent } = deps

  app.post(
    '/follow/list',
    {
      schema: {
        tags: ['copy-trading'],
        summary: 'Copy-trading products, newest first, with their strategy, NAV now, metrics and how much money they hold',
        body: Type.Object({ status: Type.Optional(FollowProductStatus), ...Paging }),
        response: replies(Type.Object({ data: Type.Array(FollowProduct), total: Type.Integer() })),
      },
    },
    async (request) => ok(await listProducts(deps, { status: request.body.status ?? null, page: request.body.page ?? 1, size: request.body.size ?? PAGE_SIZE })),
  )

  app.post(
    '/follow/strategies',
    {
      schema: {
        tags: ['copy-trading'],
        summary: 'The strategies the server runs on the feed, with their published parameters, universe, NAV now and metrics',
        body: Type.Object({}),
        response: replies(Type.Object({ data: Type.Array(FollowStrategy) })),
      },
    },
    async () => ok(await listStrategies(deps)),
  )

  app.post(
    '/follow/detail',
    {
      schema: {
        tags: ['copy-trading'],
        summary: "One product with its strategy's capital, every trade and the daily NAV (enough to replay the NAV on the feed's closes)",
        description: 'Refusals: follow_not_found {id}',
        body: Type.Object({ id: Id }),
        response: replies(FollowDetail),
      },
    },
    async (request) => ok(await productDetail(deps, request.body.id)),
  )

  app.post(
    '/follow/invest',
    {
      config: { idempotent: true },
      schema: {
        tags: ['copy-trading'],
        summary: 'Invest in a product at NAV now: units = floor(amount x 100000 / nav), and exactly their value leaves available cash',
        description:
          'Refusals: follow_not_found {id}, trading_disabled, real_name_required {status}, follow_closed {deadline}, follow_stop_loss_invalid {min,max}, ' +
          'follow_below_min {min}, follow_fund_full {available}, insufficient_balance {available,required}',
        headers: IdempotencyHeaders,
        body: Type.Object({
          id: Id,
          amount: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'paise' }),
          stopLossPercent: Type.Optional(Type.Integer({ minimum: 1, maximum: 99, description: 'follow_stop_loss_min..follow_stop_loss_max' })),
        }),
        response: replies(FollowInvestment),
      },
    },
    async (request, reply) =>
      runIdempotent(request, reply, async (commit) =>
        commit(await invest(deps, { id: request.body.id, amount: request.body.amount, stopLossPercent: request.body.stopLossPercent ?? null, userId: sessionOf(request).userId })),
      ),
  )

  app.post(
    '/follow/redeem',
    {
      config: { idempotent: true },
      schema: {
        tags: ['copy-trading'],
        summary: 'Redeem one of your investments (its id) after its lock, at NAV now',
        description: 'Refusals: follow_investment_not_found {id}, follow_locked {unlockAt}, follow_ended',
        headers: IdempotencyHeaders,
        body: Type.Object({ id: Id }),
        response: replies(FollowInvestment),
      },
    },
    async (request, reply) => runIdempotent(request, reply, async (commit) => commit(await redeem(deps, { id: request.body.id, userId: sessionOf(request).userId }))),
  )

  app.post(
    '/follow/records',
    {
      schema: {
        tags: ['copy-trading'],
        summary: "The user's investments, newest first, valued at NAV now (or at their redemption)",
        body: Type.Object({ status: Type.Optional(FollowInvestmentStatus), ...Paging }),
        response: replies(Type.Object({ data: Type.Array(FollowInvestment), total: Type.Integer() })),
      },
    },
    async (request) =>
      ok(await recordsOf(deps, { userId: sessionOf(request).userId, status: request.body.status ?? null, page: request.body.page ?? 1, size: request.body.size ?? PAGE_SIZE })),
  )
}
