/**
 * Currency exchange (issue 4, DESIGN.md section 4): /user/wallets (a balance per currency),
 * /user/exchangeRates (mid rates from the market's INR pairs with the published spread) and
 * /user/exchange (one wallet to another under the user's lock, both legs in one ledger entry).
 * Thin: the rules are server/funds/exchange-rules.ts, the SQL server/funds/exchange-repository.ts.
 */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { CurrencyRate, ExchangeResult, Wallet } from '../../src/contract/replies'
import {
  CURRENCY_DECIMALS,
  CURRENCIES,
  type Currency,
  type MidRate,
  RATE_SCALE,
  checkSpread,
  exchangeFlagRefusal,
  exchangeQuote,
  midRates,
  rateMovedRefusal,
  userRates,
  walletRefusal,
} from './exchange-rules'
import { DomainRefusal } from '../http/refusal'
import { sessionOf } from '../plugins/auth'
import { ok } from '../plugins/envelope'
import { flagsOf } from '../accounts/flag-repository'
import { insertExchange, lockWallet, walletsOf } from './exchange-repository'
import { type RouteDeps } from '../http/deps'
import { EmptyObject, IdempotencyHeaders, ShortText, replies } from '../http/schemas'

export const exchangeRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { db, config, now, market, runIdempotent } = deps
  // A spread outside 0..99,999 per lakh stops the server at start, not the first exchange.
  const spreadPerLakh = checkSpread(config.exchange.spreadPerLakh)

  /** Every wallet currency's mid rate at `at`, from the live INR pairs (prepare the feed first). */
  const ratesAt = (at: number): Map<Currency, MidRate> =>
    midRates((currency) => {
      const instrument = market.instrument(`${currency}INR`)
      if (instrument?.kind !== 'forex') return undefined
      const quote = market.quote(instrument.symbol, at)
      return quote ? { price: quote.price, priceScale: quote.priceScale, baseAmount: instrument.baseAmount, time: quote.time } : undefined
    }, config.exchange.referenceRates)

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
        response: replies(
          Type.Object({
            at: Type.Integer({ description: 'epoch ms of this answer' }),
            base: Type.Literal('INR'),
            rateScale: Type.Integer(),
            spreadPerLakh: Type.Integer(),
            rates: Type.Array(CurrencyRate),
          }),
        ),
      },
    },
    async () => {
      const at = now()
      await market.prepare(at)
      const mids = ratesAt(at)
      const rates = CURRENCIES.map((currency) => {
        const rate = mids.get(currency)
        const user = rate ? (rate.source === 'base' ? { buy: rate.mid, sell: rate.mid } : userRates(rate.mid, spreadPerLakh)) : null
        return {
          currency,
          decimals: CURRENCY_DECIMALS[currency],
          mid: rate?.mid ?? null,
          buy: user?.buy ?? null,
          sell: user?.sell ?? null,
          source: rate?.source ?? null,
          time: rate?.time ?? null,
        }
      })
      return ok({ at, base: 'INR' as const, rateScale: RATE_SCALE, spreadPerLakh, rates })
    },
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
      runIdempotent(request, reply, async (commit) => {
        const { userId } = sessionOf(request)
        const { from, to, amount, minAmountOut } = request.body
        const at = now()
        await market.prepare(at)
        const mids = ratesAt(at)
        const rates = Object.fromEntries([...mids].map(([currency, rate]) => [currency, rate.mid]))
        const quote = exchangeQuote({ from, to, amountIn: amount, rates, spreadPerLakh })
        if (quote instanceof DomainRefusal) throw quote
        const moved = rateMovedRefusal(quote, minAmountOut)
        if (moved) throw moved
        return commit(async (trx) => {
          // Under the user's lock, with the wallet read after it: two exchanges cannot both spend it.
          const wallet = await lockWallet(trx, userId, quote.from)
          const refusal = exchangeFlagRefusal(await flagsOf(trx, userId)) ?? walletRefusal(quote, wallet.available)
          if (refusal) throw refusal
          const record = await insertExchange(trx, { userId, quote, midFrom: rates[quote.from]!, midTo: rates[quote.to]!, spreadPerLakh, now: at })
          return { ...record, rateScale: RATE_SCALE }
        })
      }),
  )
}
