/** /order/*: place, cancel and close orders, and list them (issue 3; rules in order-rules.ts and rules.ts). */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { pageOffset } from '../news/rules'
import { sessionOf } from '../plugins/auth'
import { ok } from '../plugins/envelope'
import { ENDED_STATUSES, OPEN_STATUSES, listOrdersOfUser, type OrderFilter } from './repository'
import { DomainRefusal } from '../http/refusal'
import { commitGroup } from '../plugins/idempotency'
import { cancelOrder, closeByUser, symbolOfOwnOrder, marketView, placeOrders, toOrderDto, type OrderRequest, type TradingDeps } from './service'
import { Order } from '../../src/contract/replies'
import { type RouteDeps } from '../http/deps'
import { Id, IdempotencyHeaders, ShortText, replies } from '../http/schemas'

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()])

// Numbers, not integers: a fractional lot or price is the domain's refusal (lots_invalid,
// limit_price_invalid) with the rule in its params, not a bare 400.
const CreateBody = Type.Object({
  symbol: ShortText(32),
  direction: Type.Union([Type.Literal('long'), Type.Literal('short')]),
  type: Type.Union([Type.Literal('market'), Type.Literal('limit')]),
  price: Type.Optional(Nullable(Type.Number({ description: 'limit price, in the instrument price units' }))),
  lots: Type.Number(),
  leverage: Type.Number(),
  dayTrading: Type.Optional(Type.Boolean()),
})

const IdBody = Type.Object({ id: Id })

/**
 * Order batches in flight at once on PostgreSQL. Fewer, larger batches cost PostgreSQL fewer
 * statements per order. With 16 orders in flight and prepared statements, 2 reached a median ratio
 * to pgbench of 0.49 (0.47-0.54) on 0.56-0.60 of PostgreSQL's cores, and 4 a median of 0.52 but
 * 0.38-0.61 on 0.64-0.72 cores, in the same hour; 8 or 16 on a larger pool did worse (issue 14).
 */
const ORDER_BATCHES_ON_POSTGRES = 2

const CREATE_REFUSALS =
  'symbol_unknown {symbol}, instrument_not_tradable {symbol}, trading_disabled, lots_invalid {min,max}, leverage_not_allowed {allowed}, ' +
  'margin_trading_disabled, limit_price_invalid, market_closed {opens}, day_trading_closed {cutoff}, price_out_of_band {min,max}, ' +
  'insufficient_balance {required,available}'

const LIST_STATUSES = {
  open: OPEN_STATUSES,
  pending: ['pending'],
  ended: ENDED_STATUSES,
  all: undefined,
} as const satisfies Record<string, OrderFilter['statuses']>

export const tradeRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { db, dbKind, config, now, runIdempotent, market } = deps
  const trading: TradingDeps = { config, market, oneSession: dbKind === 'pglite' }
  // Concurrent orders share one transaction (each keeps its own reply, entries and refusal).
  const placing = commitGroup<OrderRequest>(
    db,
    async (trx, requests) =>
      (await placeOrders(trx, trading, requests)).map((outcome, i) =>
        outcome instanceof DomainRefusal ? outcome : toOrderDto(outcome, trading, requests[i]!.at),
      ),
    // PostgreSQL writes several batches at once on its pool; PGlite has one session.
    { concurrency: dbKind === 'postgres' ? ORDER_BATCHES_ON_POSTGRES : 1 },
  )

  app.post(
    '/order/create',
    {
      // The key is written with the order (one statement less, no wait for a claim before it).
      config: { idempotent: true, claimAtCommit: true },
      schema: {
        tags: ['order'],
        summary: 'Place a market order (opens a position now) or a limit order (rests as pending, its cost frozen)',
        description: `Refusals: ${CREATE_REFUSALS}`,
        headers: IdempotencyHeaders,
        body: CreateBody,
        response: replies(Order),
      },
    },
    async (request, reply) =>
      runIdempotent(request, reply, async (_commit, join) => {
        const { userId } = sessionOf(request)
        const body = request.body
        const at = now()
        await market.prepare(at)
        const view = marketView(trading, body.symbol, at)
        const input = {
          kind: body.type,
          direction: body.direction,
          lots: body.lots,
          leverage: body.leverage,
          limitPrice: body.price ?? null,
          dayTrading: body.dayTrading === true,
        }
        return join(placing, { userId, input, view, at })
      }),
  )

  app.post(
    '/order/cancel',
    {
      config: { idempotent: true },
      schema: {
        tags: ['order'],
        summary: 'Cancel a pending order; its frozen cost goes back to available',
        description: 'Refusals: order_not_found {id}, order_not_pending {status}',
        headers: IdempotencyHeaders,
        body: IdBody,
        response: replies(Order),
      },
    },
    async (request, reply) =>
      runIdempotent(request, reply, async (commit) => {
        const { userId } = sessionOf(request)
        const at = now()
        return commit(async (trx) => toOrderDto(await cancelOrder(trx, userId, request.body.id, at), trading, at))
      }),
  )

  app.post(
    '/order/close',
    {
      config: { idempotent: true },
      schema: {
        tags: ['order'],
        summary: "Close a holding position past its lock: at the feed's price now, or at the next open while the market is shut",
        description: 'Refusals: order_not_found {id}, position_not_holding {status}, position_locked {unlockAt}',
        headers: IdempotencyHeaders,
        body: IdBody,
        response: replies(Order),
      },
    },
    async (request, reply) =>
      runIdempotent(request, reply, async (commit) => {
        const { userId } = sessionOf(request)
        const at = now()
        // The symbol decides which price and market hours apply; the row is read again under its lock.
        const symbol = await symbolOfOwnOrder(db, userId, request.body.id)
        await market.prepare(at)
        const view = marketView(trading, symbol, at)
        return commit(async (trx) => toOrderDto(await closeByUser(trx, config, userId, request.body.id, view, at), trading, at))
      }),
  )

  const ListBody = Type.Object({
    status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('pending'), Type.Literal('ended'), Type.Literal('all')])),
    kind: Type.Optional(Type.Union([Type.Literal('stock'), Type.Literal('forex'), Type.Literal('crypto')])),
    dayTrading: Type.Optional(Type.Boolean()),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, description: '1-based' })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: config.orderPageMax, description: `default ${config.orderPageSize}` })),
  })

  app.post(
    '/order/list',
    {
      schema: {
        tags: ['order'],
        summary: "The user's orders and positions, newest first. open = locked + holding + preparing_to_close; ended = closed + cancelled",
        body: ListBody,
        response: replies(Type.Object({ data: Type.Array(Order), total: Type.Integer() })),
      },
    },
    async (request) => {
      const { userId } = sessionOf(request)
      const body = request.body
      const filter: OrderFilter = { statuses: LIST_STATUSES[body.status ?? 'all'] }
      if (body.kind !== undefined) filter.kind = body.kind
      if (body.dayTrading !== undefined) filter.dayTrading = body.dayTrading
      const { rows, total } = await listOrdersOfUser(db, userId, filter, pageOffset(body.page ?? 1, body.size ?? config.orderPageSize))
      const at = now()
      return ok({ data: rows.map((row) => toOrderDto(row, trading, at)), total })
    },
  )
}
