/**
 * Block trades, the user's side (issue 11): the offerings with their rule and arithmetic, one in
 * detail, applying, the user's applications, and the public remainder draw anyone may re-run.
 * Thin: the operations are server/block/service.ts, the SQL server/block/repository.ts.
 */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { sessionOf } from '../plugins/auth'
import { ok } from '../plugins/envelope'
import { type RouteDeps } from '../http/deps'
import { Id, IdempotencyHeaders, replies } from '../http/schemas'
import { BlockApplication, BlockApplicationStatus, BlockOffering, IpoDraw } from '../../src/contract/replies'
import { apply, drawOf, listOfferings, offeringDetail, recordsOf } from './service'

const PAGE_SIZE = 20
const PAGE_MAX = 100

const Paging = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, description: '1-based' })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_MAX, description: `default ${PAGE_SIZE}` })),
}

const ListTab = Type.Union([Type.Literal('upcoming'), Type.Literal('open'), Type.Literal('closed'), Type.Literal('allocated')], {
  description: 'upcoming, open, closed (closed awaiting allocation, or cancelled), allocated; all when absent',
})

export const blockRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { runIdempotent } = deps

  app.post(
    '/block/list',
    {
      schema: {
        tags: ['block trades'],
        summary: 'Block offerings, newest window first, with their published rule, the arithmetic of their price and the applications so far',
        body: Type.Object({ status: Type.Optional(ListTab), ...Paging }),
        response: replies(Type.Object({ data: Type.Array(BlockOffering), total: Type.Integer() })),
      },
    },
    async (request) => ok(await listOfferings(deps, { tab: request.body.status ?? null, page: request.body.page ?? 1, size: request.body.size ?? PAGE_SIZE })),
  )

  app.post(
    '/block/detail',
    {
      schema: { tags: ['block trades'], summary: 'One block offering', description: 'Refusals: block_not_found {id}', body: Type.Object({ id: Id }), response: replies(BlockOffering) },
    },
    async (request) => ok(await offeringDetail(deps, request.body.id)),
  )

  app.post(
    '/block/apply',
    {
      config: { idempotent: true },
      schema: {
        tags: ['block trades'],
        summary: 'Apply for whole lots of an open offering at its price; amount + fee (handling fee and stamp duty, as a buy order) is frozen until the allocation',
        description:
          'Refusals: block_not_found {id}, block_closed {opens,closes}, block_lot_invalid {lot}, block_below_min_shares {min}, block_below_min_amount {min}, ' +
          'trading_disabled, real_name_required {status}, block_already_applied, insufficient_balance {available,required}',
        headers: IdempotencyHeaders,
        // Ten million shares at any stock's price stays far inside a safe integer of paise.
        body: Type.Object({ id: Id, shares: Type.Integer({ minimum: 1, maximum: 10_000_000, description: 'whole lots of the offering, in shares' }) }),
        response: replies(BlockApplication),
      },
    },
    async (request, reply) => runIdempotent(request, reply, async (commit) => commit(await apply(deps, { ...request.body, userId: sessionOf(request).userId }))),
  )

  app.post(
    '/block/records',
    {
      schema: {
        tags: ['block trades'],
        summary: "The user's block applications, newest first, with what was allocated, paid and released, and the position's lock",
        body: Type.Object({ status: Type.Optional(BlockApplicationStatus), ...Paging }),
        response: replies(Type.Object({ data: Type.Array(BlockApplication), total: Type.Integer() })),
      },
    },
    async (request) =>
      ok(await recordsOf(deps, { userId: sessionOf(request).userId, status: request.body.status ?? null, page: request.body.page ?? 1, size: request.body.size ?? PAGE_SIZE })),
  )

  app.post(
    '/block/draw',
    {
      schema: {
        tags: ['block trades'],
        summary:
          "Everything needed to re-run an offering's remainder draw (src/contract/draw.ts, basis proportional): the commitment; the list after the close; the seed and result after the allocation",
        description: 'Public. Refusals: block_not_found {id}',
        body: Type.Object({ id: Id }),
        response: replies(IpoDraw),
      },
    },
    async (request) => ok(await drawOf(deps, request.body.id)),
  )
}
