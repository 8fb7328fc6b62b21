/**
 * Currency exchange (issue 4, DESIGN.md section 4): /user/wallets (a balance per currency),
 * /user/exchangeRates (mid rates from the market's INR pairs with the published spread) and
 * /user/exchange (one wallet to another under the user's lock, both legs in one ledger entry).
 * Thin: the operations are server/funds/exchange-service.ts, the SQL server/funds/exchange-repository.ts.
 */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ExchangeRates, ExchangeResult, Wallet } from '../../src/contract/replies'
import { CURRENCY_DECIMALS } from './exchange-rules'
import { exchangeDeps, exchangeRates, requestExchange } from './exchange-service'
import { sessionOf } from '../plugins/auth'
import { ok } from '../plugins/envelope'
import { walletsOf } from './exchange-repository'
import { type RouteDeps } from '../http/deps'
import { EmptyObject, IdempotencyHeaders, ShortText, replies } from '../http/schemas'

export const exchangeRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { db, config, now, market, runIdempotent } = deps
  // A spread outside 0..99,999 per lakh stops the server at start, not the first exchange.
  const exchange = exchangeDeps(config, market)

  app.post(
    '/user/wallets',
    {
      schema: {
        tags: ['funds'],
        summary: 'A balance per wallet currency (every one, zero where none is held)',
        body: EmptyObject,
        response: replies(Type.Object({ data: Type.Array(Wallet) })),
      },
    },
    async (request) => {
      const wallets = await walletsOf(db, sessionOf(request).userId)
      return ok({ data: wallets.map((w) => ({ ...w, decimals: CURRENCY_DECIMALS[w.currency] })) })
    },
  )

  app.post(
    '/user/exchangeRates',
    {
      schema: {
        tags: ['funds'],
        summary: 'Each wallet currency against the rupee: mid rate, the rates a user gets with the spread, and when it was quoted',
        body: EmptyObject,
        response: replies(ExchangeRates),
      },
    },
    async () => ok(await exchangeRates(exchange, now())),
  )

  app.post(
    '/user/exchange',
    {
      config: { idempotent: true },
      schema: {
        tags: ['funds'],
        summary: 'Exchange an amount of one wallet into another at the current rate less the spread',
        description:
          'Refusals: currency_unknown {currency}, exchange_same_currency {currency}, amount_invalid, rate_unavailable {from,to}, ' +
          'exchange_amount_too_small {from,to}, exchange_rate_moved {amountOut,minAmountOut,currency}, account_frozen {reason}, ' +
          'account_disabled {reason}, insufficient_balance {available,required,currency}',
        headers: IdempotencyHeaders,
        body: Type.Object({
          from: ShortText(8),
          to: ShortText(8),
          amount: Type.Integer({ minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER, description: 'whole minor units of `from`' }),
          minAmountOut: Type.Optional(
            Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'refuse (exchange_rate_moved) if the exchange would give less' }),
          ),
        }),
        response: replies(ExchangeResult),
      },
    },
    async (request, reply) =>
      runIdempotent(request, reply, async (commit) =>
        commit(await requestExchange(exchange, { ...request.body, userId: sessionOf(request).userId, at: now() })),
      ),
  )
}
