/**
 * Block trades in the back office (issue 11; under /api/admin, an operator's session: access.ts):
 * list offerings, create one for future windows, cancel one before its allocation with a reason.
 * Nothing here sets a reference, a price or an outcome: see admin-service.ts.
 */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { LIST_LIMIT, Reason, needReason, operatorOf } from '../admin/operator-session'
import { BlockAdminOffering } from '../../src/contract/admin-replies'
import { BlockSession } from '../../src/contract/replies'
import { type RouteDeps } from '../http/deps'
import { EmptyObject, Id, replies } from '../http/schemas'
import { ok } from '../plugins/envelope'
import { cancelOffering, createOffering, listOfferingsForAdmin } from './admin-service'

const Time = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: 'epoch ms' })
const Count = (maximum: number) => Type.Integer({ minimum: 1, maximum })

const NewOfferingBody = Type.Object({
  symbol: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9&-]{0,19}$', description: 'a stock the market lists' }),
  session: BlockSession,
  shares: Count(1e12),
  lotSize: Count(1_000_000),
  opensAt: Time,
  closesAt: Time,
  allocateAt: Time,
  referenceFrom: Type.Optional(Time),
  referenceTo: Type.Optional(Time),
  discountBps: Type.Integer({ minimum: 0, maximum: 10_000, description: 'discount to the reference; at most block_band_bps' }),
  lockUnit: Type.Union([Type.Literal('day'), Type.Literal('minute')]),
  lockCount: Type.Integer({ minimum: 0, maximum: 1_000, description: 'days are India trading days' }),
})

export const blockAdminRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { db, config, now, market } = deps

  app.post(
    '/block/list',
    {
      schema: {
        tags: ['back office'],
        summary: 'Block offerings, newest window first, with their applications by status',
        body: EmptyObject,
        response: replies(Type.Object({ data: Type.Array(BlockAdminOffering) })),
      },
    },
    async () => ok({ data: await listOfferingsForAdmin({ db, config, market }, { now: now(), limit: LIST_LIMIT }) }),
  )

  app.post(
    '/block/create',
    {
      schema: {
        tags: ['back office'],
        summary:
          'A new block offering of a listed stock: every time in the future, an afternoon one with its future averaged interval; the minimum shares, amount and band come from the config; the draw seed is generated and committed here',
        description:
          '400 {field}: symbol (not a listed stock), opensAt, closesAt, allocateAt, referenceFrom, referenceTo (the timeline), shares (whole lots, at least block_min_shares), discountBps (above block_band_bps). Audited.',
        body: NewOfferingBody,
        response: replies(BlockAdminOffering),
      },
    },
    async (request) => ok(await createOffering({ db, config, market }, { offering: request.body, operator: operatorOf(request).username, now: now() })),
  )

  app.post(
    '/block/cancel',
    {
      schema: {
        tags: ['back office'],
        summary: 'Cancel an offering before its allocation: all frozen money released, applications cancelled; the reason is shown with the offering',
        description: 'Refusals: reason_required, block_not_found {id}; 400 {field: id} once allocated. Audited.',
        body: Type.Object({ id: Id, reason: Type.Optional(Reason) }),
        response: replies(BlockAdminOffering),
      },
    },
    async (request) => {
      const reason = needReason(request.body.reason)
      return ok(await cancelOffering({ db, config, market }, { id: request.body.id, reason, operator: operatorOf(request).username, now: now() }))
    },
  )
}
