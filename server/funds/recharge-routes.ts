/**
 * Money in (issue 4): /user/rechargeChannels publishes where to send a deposit (config
 * rechargeChannels: bank transfer, UPI, USDT), /user/recharge asks for its credit with the receipt
 * picture (uploaded first through /user/upload, kind 'receipt'), /user/rechargeList shows the
 * requests and their reviews. Thin: the operation is server/funds/recharge-service.ts, the SQL
 * server/funds/recharge-repository.ts. The money moves only when the review approves.
 */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { sessionOf } from '../plugins/auth'
import { ok } from '../plugins/envelope'
import { rechargesOf } from './recharge-repository'
import { requestRecharge } from './recharge-service'
import { type RouteDeps } from '../http/deps'
import { EmptyObject, Id, IdempotencyHeaders, ShortText, replies } from '../http/schemas'
import { Recharge, RechargeChannel } from '../../src/contract/replies'

export const rechargeRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { db, config, runIdempotent } = deps

  app.post(
    '/user/rechargeChannels',
    {
      schema: {
        tags: ['funds'],
        summary: 'Where to send a deposit: bank transfer, UPI or USDT details (empty when deposits are not open)',
        description: 'Signed-in only: the company accounts are shown to customers, not to anyone who asks.',
        body: EmptyObject,
        response: replies(Type.Object({ data: Type.Array(RechargeChannel) })),
      },
    },
    async () => ok({ data: [...config.rechargeChannels] }),
  )

  app.post(
    '/user/recharge',
    {
      config: { idempotent: true },
      schema: {
        tags: ['funds'],
        summary: 'Ask for a deposit to be credited: the channel used, the amount sent and the transfer receipt; it goes to review',
        description:
          'Upload the receipt first (/user/upload, kind receipt). Refusals: recharge_channel_unknown {channel}, real_name_required {status}, ' +
          'recharge_below_min {min}, outside_window {from,to,days?}, upload_not_found {id}, receipt_already_used, fund_operation_pending',
        headers: IdempotencyHeaders,
        body: Type.Object({
          channel: ShortText(32),
          amount: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'paise' }),
          receiptUploadId: Id,
        }),
        response: replies(Recharge),
      },
    },
    async (request, reply) =>
      runIdempotent(request, reply, async (commit) =>
        commit((trx) => requestRecharge(trx, deps, { ...request.body, userId: sessionOf(request).userId })),
      ),
  )

  app.post(
    '/user/rechargeList',
    {
      schema: { tags: ['funds'], summary: "The user's deposits and their reviews, newest first", body: EmptyObject, response: replies(Type.Object({ data: Type.Array(Recharge) })) },
    },
    async (request) => ok({ data: await rechargesOf(db, sessionOf(request).userId) }),
  )
}
