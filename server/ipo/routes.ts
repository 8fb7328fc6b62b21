/**
 * New shares, the user's side (issue 10): the issues, applying, the user's applications, paying
 * for or waiving an allotment, and the public draw anyone may re-run. Thin: the operations are
 * server/ipo/service.ts, the SQL server/ipo/repository.ts.
 */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { sessionOf } from '../plugins/auth'
import { ok } from '../plugins/envelope'
import { type RouteDeps } from '../http/deps'
import { Id, IdempotencyHeaders, replies } from '../http/schemas'
import { IpoApplication, IpoApplicationStatus, IpoDraw, IpoIssue, IpoKind } from '../../src/contract/replies'
import { drawOf, issueDetail, listIssues, pay, recordsOf, subscribe, waive } from './service'

const PAGE_SIZE = 20
const PAGE_MAX = 100

const Paging = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, description: '1-based' })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_MAX, description: `default ${PAGE_SIZE}` })),
}

const ListTab = Type.Union([Type.Literal('upcoming'), Type.Literal('open'), Type.Literal('closed'), Type.Literal('listed')], {
  description: 'upcoming, open, closed (closed, drawn or cancelled), listed; all when absent',
})

export const ipoRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { runIdempotent } = deps

  app.post(
    '/newStock/list',
    {
      schema: {
        tags: ['new shares'],
        summary: 'New-share issues (IPOs, or placements with kind placement), newest window first, with their rules, timeline and subscription so far',
        body: Type.Object({ status: Type.Optional(ListTab), kind: Type.Optional(Type.Union(IpoKind.anyOf, { description: 'ipo (default) or placement' })), ...Paging }),
        response: replies(Type.Object({ data: Type.Array(IpoIssue), total: Type.Integer() })),
      },
    },
    async (request) =>
      ok(await listIssues(deps, { tab: request.body.status ?? null, kind: request.body.kind ?? 'ipo', page: request.body.page ?? 1, size: request.body.size ?? PAGE_SIZE })),
  )

  app.post(
    '/newStock/detail',
    {
      schema: { tags: ['new shares'], summary: 'One issue', description: 'Refusals: ipo_not_found {id}', body: Type.Object({ id: Id }), response: replies(IpoIssue) },
    },
    async (request) => ok(await issueDetail(deps, request.body.id)),
  )

  app.post(
    '/newStock/subscribe',
    {
      config: { idempotent: true },
      schema: {
        tags: ['new shares'],
        summary: 'Apply for whole lots of an open issue under your verified PAN; a blocked issue freezes the whole amount until the refund step',
        description:
          'Refusals: ipo_not_found {id}, trading_disabled, ipo_not_open {opens,closes}, ipo_lots_invalid {min,max}, real_name_required {status}, ' +
          'ipo_limit_reached {limit}, ipo_pan_used, insufficient_balance {available,required}',
        headers: IdempotencyHeaders,
        body: Type.Object({ id: Id, lots: Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'whole lots' }) }),
        response: replies(IpoApplication),
      },
    },
    async (request, reply) =>
      runIdempotent(request, reply, async (commit) => commit(await subscribe(deps, { ...request.body, userId: sessionOf(request).userId }))),
  )

  app.post(
    '/newStock/records',
    {
      schema: {
        tags: ['new shares'],
        summary: "The user's applications, newest first, with their draw rank, allotment and what is owed",
        body: Type.Object({ status: Type.Optional(IpoApplicationStatus), ...Paging }),
        response: replies(Type.Object({ data: Type.Array(IpoApplication), total: Type.Integer() })),
      },
    },
    async (request) =>
      ok(
        await recordsOf(deps, {
          userId: sessionOf(request).userId,
          status: request.body.status ?? null,
          page: request.body.page ?? 1,
          size: request.body.size ?? PAGE_SIZE,
        }),
      ),
  )

  app.post(
    '/newStock/pay',
    {
      config: { idempotent: true },
      schema: {
        tags: ['new shares'],
        summary: 'Pay what a pay-after-win allotment owes (allotted lots not yet paid, at the issue price) before its deadline',
        description: 'Refusals: ipo_application_not_found {id}, ipo_nothing_owed {status}, ipo_payment_closed {deadline}, insufficient_balance {available,required}',
        headers: IdempotencyHeaders,
        body: Type.Object({ id: Id }),
        response: replies(IpoApplication),
      },
    },
    async (request, reply) => runIdempotent(request, reply, async (commit) => commit(await pay(deps, { id: request.body.id, userId: sessionOf(request).userId }))),
  )

  app.post(
    '/newStock/waive',
    {
      config: { idempotent: true },
      schema: {
        tags: ['new shares'],
        summary: "Give up an allotment's unpaid lots: they go at once to the next applications in draw order",
        description: 'Refusals: ipo_application_not_found {id}, ipo_nothing_owed {status}, ipo_payment_closed {deadline}',
        headers: IdempotencyHeaders,
        body: Type.Object({ id: Id }),
        response: replies(IpoApplication),
      },
    },
    async (request, reply) => runIdempotent(request, reply, async (commit) => commit(await waive(deps, { id: request.body.id, userId: sessionOf(request).userId }))),
  )

  app.post(
    '/newStock/draw',
    {
      schema: {
        tags: ['new shares'],
        summary: "Everything needed to re-run an issue's draw (src/contract/draw.ts): the commitment; the frozen list after the close; the seed and result after the draw",
        description: 'Public. Refusals: ipo_not_found {id}',
        body: Type.Object({ id: Id }),
        response: replies(IpoDraw),
      },
    },
    async (request) => ok(await drawOf(deps, request.body.id)),
  )
}
