/**
 * Money out (issue 4): /user/withdraw freezes the amount under the user's lock after every rule of
 * DESIGN.md section 4 holds; /user/withdrawList shows the requests and their reviews. Thin: the
 * rules are server/funds/rules.ts, the SQL server/funds/withdrawal-repository.ts.
 */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { checkWithdrawal } from './rules'
import { sessionOf } from '../plugins/auth'
import { ok, unauthorized } from '../plugins/envelope'
import { flagsOf } from '../accounts/flag-repository'
import { bankCardsOf } from '../identity/repository'
import { lockTrader } from '../ledger/repository'
import { findUserById } from '../accounts/repository'
import { hasPendingWithdrawal, insertWithdrawal, withdrawalsOf } from './withdrawal-repository'
import { hasPendingRecharge } from './recharge-repository'
import { type RouteDeps } from '../http/deps'
import { checkFundPassword } from '../accounts/fund-password-guard'
import { EmptyObject, Id, IdempotencyHeaders, PasswordText, replies } from '../http/schemas'
import { Withdrawal } from '../../src/contract/replies'

export const withdrawRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { db, config, now, runIdempotent } = deps

  app.post(
    '/user/withdraw',
    {
      config: { idempotent: true },
      schema: {
        tags: ['funds'],
        summary: 'Ask to withdraw to one of your cards: the amount is frozen until the review pays it or gives it back',
        description:
          'Refusals: withdrawal_disabled {reason}, real_name_required {status}, fund_password_not_set, fund_password_wrong, card_not_found, ' +
          'withdraw_below_min {min}, withdraw_above_max {max}, outside_window {from,to,days?}, insufficient_balance {available,required}, fund_operation_pending; HTTP 429 too_many_attempts {retryAfter} after 5 wrong fund passwords',
        headers: IdempotencyHeaders,
        body: Type.Object({ amount: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'paise' }), cardId: Id, fundPassword: PasswordText }),
        response: replies(Withdrawal),
      },
    },
    async (request, reply) =>
      runIdempotent(request, reply, async (commit) => {
        const { userId } = sessionOf(request)
        const { amount, cardId, fundPassword } = request.body
        const user = await findUserById(db, userId)
        if (!user) throw unauthorized()
        // The slow hash is checked before any lock is taken.
        const fundPasswordOk =
          user.fund_password_hash !== null &&
          (await checkFundPassword(db, config, { userId, clientIp: request.ip, hash: user.fund_password_hash, password: fundPassword, now: now() }))
        const [flags, cards] = await Promise.all([flagsOf(db, userId), bankCardsOf(db, userId)])
        return commit(async (trx) => {
          // Under the user's lock, with the balance read after it: two requests cannot both spend it.
          const trader = await lockTrader(trx, userId)
          if (!trader) throw unauthorized()
          const refusal = checkWithdrawal({
            amount,
            noWithdraw: flags.no_withdraw ?? null,
            status: user.real_name_status,
            fundPasswordSet: user.fund_password_hash !== null,
            fundPasswordOk,
            ownCard: cards.some((c) => c.id === cardId),
            withdrawable: trader.available,
            // One fund operation under review at a time: a pending recharge counts too.
            otherPending: (await hasPendingWithdrawal(trx, userId)) || (await hasPendingRecharge(trx, userId)),
            rules: config.funds,
            now: now(),
          })
          if (refusal) throw refusal
          return insertWithdrawal(trx, { userId, cardId, amount, now: now() })
        })
      }),
  )

  app.post(
    '/user/withdrawList',
    {
      schema: { tags: ['funds'], summary: "The user's withdrawals, newest first", body: EmptyObject, response: replies(Type.Object({ data: Type.Array(Withdrawal) })) },
    },
    async (request) => ok({ data: await withdrawalsOf(db, sessionOf(request).userId) }),
  )
}
