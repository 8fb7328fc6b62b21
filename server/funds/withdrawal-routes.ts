/**
 * Money out (issue 4): /user/withdraw freezes the amount under the user's lock after every rule of
 * DESIGN.md section 4 holds; /user/withdrawList shows the requests and their reviews. Thin: the
 * operation is server/funds/withdrawal-service.ts, the SQL server/funds/withdrawal-repository.ts.
 */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { sessionOf } from '../plugins/auth'
import { ok } from '../plugins/envelope'
import { withdrawalsOf } from './withdrawal-repository'
import { requestWithdrawal } from './withdrawal-service'
import { type RouteDeps } from '../http/deps'
import { EmptyObject, Id, IdempotencyHeaders, PasswordText, ShortText, replies } from '../http/schemas'
import { TOTP_CODE_MAX, Withdrawal } from '../../src/contract/replies'

export const withdrawalRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { db, runIdempotent } = deps

  app.post(
    '/user/withdraw',
    {
      config: { idempotent: true },
      schema: {
        tags: ['funds'],
        summary: 'Ask to withdraw to one of your cards: the amount is frozen until the review pays it or gives it back',
        description:
          'Refusals: withdrawal_disabled {reason}, real_name_required {status}, fund_password_not_set, fund_password_wrong, totp_required, totp_invalid (two-step sign-in on: totpCode, 6 digits or a recovery code), card_not_found, ' +
          'withdraw_below_min {min}, withdraw_above_max {max}, outside_window {from,to,days?}, insufficient_balance {available,required}, fund_operation_pending; HTTP 429 too_many_attempts {retryAfter} after 5 wrong fund passwords (or 5 wrong codes)',
        headers: IdempotencyHeaders,
        body: Type.Object({
          amount: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'paise' }),
          cardId: Id,
          fundPassword: PasswordText,
          totpCode: Type.Optional(ShortText(TOTP_CODE_MAX)),
        }),
        response: replies(Withdrawal),
      },
    },
    async (request, reply) =>
      runIdempotent(request, reply, async (commit) =>
        commit(await requestWithdrawal(deps, { ...request.body, userId: sessionOf(request).userId, clientIp: request.ip })),
      ),
  )

  app.post(
    '/user/withdrawList',
    {
      schema: { tags: ['funds'], summary: "The user's withdrawals, newest first", body: EmptyObject, response: replies(Type.Object({ data: Type.Array(Withdrawal) })) },
    },
    async (request) => ok({ data: await withdrawalsOf(db, sessionOf(request).userId) }),
  )
}
