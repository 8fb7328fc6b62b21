/**
 * /fund/records: the user's ledger entries as fund records, newest first, by tab (DESIGN.md
 * section 4); /fund/export: all of them as CSV (section 5).
 */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { indiaDay } from '../../src/lib/dates'
import { type OrderLine, ledgerCsv, ordersCsv } from './record-export'
import { reasonsOfKind } from './record-kinds'
import { pageOffset } from '../news/rules'
import { sessionOf } from '../plugins/auth'
import { ok } from '../plugins/envelope'
import { allFundRecordsOf, fundRecordsOf } from './record-repository'
import { listOrdersOfUser } from '../trade/repository'
import { toOrderDto } from '../trade/service'
import { FundRecord } from '../../src/contract/replies'
import { type RouteDeps } from '../http/deps'
import { EmptyObject, replies } from '../http/schemas'

/** `trade` is the name issue 3 gave the trades tab; kept so an app of that version still gets it. */
// Spelled out (FUND_KINDS in src/lib/fundKinds.ts; a test holds them equal): a union mapped from
// the list loses its literal types.
const Kind = Type.Union([Type.Literal('all'), Type.Literal('trades'), Type.Literal('recharge'), Type.Literal('withdrawal'), Type.Literal('trade')], {
  description: 'all (default); trades: orders and positions; recharge: deposits; withdrawal: withdrawals and their reviews',
})

/** The CSV's 200 is text, not the envelope; a refusal (401) still is the envelope. */
const { 200: _envelope, ...refusals } = replies(EmptyObject)

export const fundRecordRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { db, config, market, now } = deps
  const RecordsBody = Type.Object({
    kind: Type.Optional(Kind),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, description: '1-based' })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: config.orderPageMax, description: `default ${config.orderPageSize}` })),
  })

  app.post(
    '/fund/records',
    {
      schema: {
        tags: ['fund'],
        summary: "Every ledger entry that changed the user's balances, newest first",
        body: RecordsBody,
        response: replies(Type.Object({ data: Type.Array(FundRecord), total: Type.Integer() })),
      },
    },
    async (request) => {
      const { userId } = sessionOf(request)
      const body = request.body
      const kind = body.kind === 'trade' ? 'trades' : (body.kind ?? 'all')
      const reasons = reasonsOfKind(kind)
      const page = pageOffset(body.page ?? 1, body.size ?? config.orderPageSize)
      return ok(await fundRecordsOf(db, userId, reasons, page))
    },
  )

  const ExportBody = Type.Object({
    kind: Type.Optional(Type.Union([Type.Literal('ledger'), Type.Literal('orders')], { description: 'ledger (default) or orders' })),
  })

  /** Every order of the user, oldest first, as the export shows it (status as /order/list shows it). */
  async function orderLines(userId: number): Promise<OrderLine[]> {
    const at = now()
    const { rows } = await listOrdersOfUser(db, userId, {}, { limit: Number.MAX_SAFE_INTEGER, offset: 0 })
    return rows.reverse().map((row) => {
      const dto = toOrderDto(row, { config, market }, at)
      return { ...dto, priceScale: market.instrument(row.symbol)?.priceScale ?? 100 }
    })
  }

  app.post(
    '/fund/export',
    {
      schema: {
        tags: ['fund'],
        summary: "The user's whole ledger (or orders) as CSV (text/csv), oldest first",
        description:
          'ledger columns: time (ISO 8601, India time), reason, reference, currency, available_change, frozen_change, available_balance, ' +
          'frozen_balance (the pockets after the entry); amounts are exact decimals of the currency (rupees with 2 decimals). ' +
          'orders columns: order_no, time, symbol, name, kind, type, direction, lots, quantity, leverage, day_trading, limit_price, ' +
          'entry_price, exit_price, margin, fee, stamp_duty, close_fee, close_stamp_duty, pnl, cash_returned, status, opened_at, closed_at, close_reason.',
        body: ExportBody,
        response: { 200: Type.String({ description: 'text/csv; charset=utf-8' }), ...refusals },
      },
    },
    async (request, reply) => {
      const { userId } = sessionOf(request)
      const kind = request.body.kind ?? 'ledger'
      const csv = kind === 'orders' ? ordersCsv(await orderLines(userId)) : ledgerCsv(await allFundRecordsOf(db, userId))
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="tijori-${kind}-${indiaDay(now())}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv)
    },
  )
}
