/** /fund/records: the user's ledger entries as fund records, newest first (DESIGN.md section 4). */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { pageOffset } from '../domain/news'
import { TRADE_LEDGER_REASONS } from '../domain/trade-ledger'
import { sessionOf } from '../plugins/auth'
import { ok } from '../plugins/envelope'
import { fundRecordsOf } from '../repositories/fund-records'
import { type RouteDeps } from './deps'
import { PRIVATE, replies } from './schemas'

const FundRecord = Type.Object({
  id: Type.Integer({ description: 'the ledger entry' }),
  reason: Type.String({ description: 'demo_grant, sign_in_reward, order_freeze, order_unfreeze, position_open, position_close, ...' }),
  reference: Type.Union([Type.String(), Type.Null()], { description: 'the order number for trading entries' }),
  createdAt: Type.Integer(),
  currency: Type.String(),
  available: Type.Integer({ description: 'change to available, signed paise' }),
  frozen: Type.Integer({ description: 'change to frozen, signed paise' }),
})

const TRADE_REASONS = Object.values(TRADE_LEDGER_REASONS)

export const fundRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { db, config } = deps
  const RecordsBody = Type.Object({
    kind: Type.Optional(Type.Union([Type.Literal('trade'), Type.Literal('all')], { description: 'trade: orders and positions only' })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, description: '1-based' })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: config.orderPageMax, description: `default ${config.orderPageSize}` })),
  })

  app.post(
    '/fund/records',
    {
      config: { auth: true },
      schema: {
        tags: ['fund'],
        summary: "Every ledger entry that changed the user's balances, newest first",
        security: PRIVATE,
        body: RecordsBody,
        response: replies(Type.Object({ data: Type.Array(FundRecord), total: Type.Integer() })),
      },
    },
    async (request) => {
      const { userId } = sessionOf(request)
      const body = request.body
      const reasons = body.kind === 'trade' ? TRADE_REASONS : undefined
      const page = pageOffset(body.page ?? 1, body.size ?? config.orderPageSize)
      return ok(await fundRecordsOf(db, userId, reasons, page))
    },
  )
}
