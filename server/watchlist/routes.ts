/**
 * The watchlist under its compatible paths: /user/Optionallist, /user/addOptional,
 * /user/delOptional (DESIGN.md section 2). Adding what is there and removing what is not both
 * succeed, so an offline client's queued retries converge.
 */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { sessionOf } from '../plugins/auth'
import { ok } from '../plugins/envelope'
import { addToWatchlist, removeFromWatchlist, watchlistOf } from './repository'
import { quoteDto } from '../market/quote-dto'
import { symbolUnknown } from '../trade/service'
import { type RouteDeps } from '../http/deps'
import { EmptyObject, IdempotencyHeaders, ShortText, replies } from '../http/schemas'
import { WatchlistQuote } from '../../src/contract/replies'

const KINDS = ['stock', 'index', 'forex', 'crypto'] as const

const SymbolBody = Type.Object({ symbol: ShortText(32) })

/**
 * The original app sends {type} with a value that is not known, as a string or a number
 * (DESIGN.md section 2: known calls keep their shape). A kind's name filters the list; any other
 * value is the old app's category, whose meaning is not known, so it filters nothing.
 */
const ListBody = Type.Object({
  type: Type.Optional(Type.Union([ShortText(), Type.Number()], { description: 'stock, index, forex or crypto lists that kind; any other value lists all' })),
})

export const watchlistRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { db, config, now, runIdempotent, market } = deps

  app.post(
    '/user/Optionallist',
    {
      schema: {
        tags: ['watchlist'],
        summary: "The user's watchlist with live quotes, newest first",
        body: ListBody,
        response: replies(Type.Object({ data: Type.Array(WatchlistQuote) })),
      },
    },
    async (request) => {
      const { userId } = sessionOf(request)
      const at = now()
      const kind = KINDS.find((k) => k === request.body.type)
      const entries = await watchlistOf(db, userId)
      await market.prepare(at)
      const data = []
      for (const entry of entries) {
        const instrument = market.instrument(entry.symbol)
        const quote = market.quote(entry.symbol, at)
        // A symbol that left the universe stays in the table but is not shown.
        if (!instrument || !quote) continue
        if (kind !== undefined && instrument.kind !== kind) continue
        data.push({ ...quoteDto(quote, instrument, config), addedAt: entry.addedAt })
      }
      return ok({ data })
    },
  )

  app.post(
    '/user/addOptional',
    {
      config: { idempotent: true },
      schema: {
        tags: ['watchlist'],
        summary: 'Add a symbol to the watchlist; already there is success',
        description: 'Refusals: symbol_unknown {symbol}',
        headers: IdempotencyHeaders,
        body: SymbolBody,
        response: replies(EmptyObject),
      },
    },
    async (request, reply) =>
      runIdempotent(request, reply, async (commit) => {
        const { userId } = sessionOf(request)
        const { symbol } = request.body
        if (!market.instrument(symbol)) throw symbolUnknown(symbol)
        return commit(async (trx) => {
          await addToWatchlist(trx, userId, symbol, now())
          return {}
        })
      }),
  )

  app.post(
    '/user/delOptional',
    {
      config: { idempotent: true },
      schema: {
        tags: ['watchlist'],
        summary: 'Remove a symbol from the watchlist; absent is success',
        headers: IdempotencyHeaders,
        body: SymbolBody,
        response: replies(EmptyObject),
      },
    },
    async (request, reply) =>
      runIdempotent(request, reply, async (commit) =>
        commit(async (trx) => {
          await removeFromWatchlist(trx, sessionOf(request).userId, request.body.symbol)
          return {}
        }),
      ),
  )
}
