/**
 * New shares in the back office (issue 10; under /api/admin, an operator's session: access.ts):
 * list issues, create one for future windows, cancel one before its draw with a reason. Nothing
 * here edits an issue or an application, chooses winners or draws: see admin-service.ts.
 */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { LIST_LIMIT, Reason, needReason, operatorOf } from '../admin/operator-session'
import { IpoAdminIssue } from '../../src/contract/admin-replies'
import { IpoKind, IpoPaymentMode } from '../../src/contract/replies'
import { type RouteDeps } from '../http/deps'
import { EmptyObject, Id, ShortText, replies } from '../http/schemas'
import { SECTORS } from '../market/instruments'
import { ok } from '../plugins/envelope'
import { cancelIssue, createIssue, listIssuesForAdmin } from './admin-service'

const Time = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: 'epoch ms' })
const Count = (maximum: number) => Type.Integer({ minimum: 1, maximum })

const NewIssueBody = Type.Object({
  kind: Type.Optional(IpoKind),
  symbol: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9]{1,19}$' }),
  name: ShortText(120),
  sector: Type.Union(Object.values(SECTORS).map((s) => Type.Literal(s))),
  industry: ShortText(120),
  sharesOutstanding: Count(1e15),
  freeFloatBp: Count(10_000),
  price: Type.Integer({ minimum: 1, maximum: 1e12, description: 'issue price per share, paise' }),
  lotSize: Count(1_000_000),
  minLots: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, description: "an IPO's minimum application; not for a placement" })),
  minAmount: Type.Optional(Type.Integer({ minimum: 1, maximum: 1e15, description: "a placement tier's minimum amount, paise (min lots = it in whole lots, rounded up); not for an IPO" })),
  retailShares: Type.Integer({ minimum: 1, maximum: 1e15, description: "an IPO's retail portion, or the block a placement offers, in shares" }),
  paymentMode: IpoPaymentMode,
  opensAt: Time,
  closesAt: Time,
  drawAt: Time,
  refundAt: Time,
  listingAt: Time,
})

export const ipoAdminRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { db, config, now } = deps

  app.post(
    '/ipo/list',
    {
      schema: {
        tags: ['back office'],
        summary: 'New-share issues, newest window first, with their applications by status',
        body: EmptyObject,
        response: replies(Type.Object({ data: Type.Array(IpoAdminIssue) })),
      },
    },
    async () => ok({ data: await listIssuesForAdmin({ db, config }, { now: now(), limit: LIST_LIMIT }) }),
  )

  app.post(
    '/ipo/create',
    {
      schema: {
        tags: ['back office'],
        summary: 'A new issue (IPO) or placement: every step in the future and after the one before it; the draw seed is generated and committed here',
        description:
          'Refusals: ipo_schedule_invalid {field}, ipo_symbol_taken {symbol}. 400 {field}: minLots missing for an IPO or given for a placement, minAmount missing for a placement or given for an IPO, retailShares below one minimum application. Audited.',
        body: NewIssueBody,
        response: replies(IpoAdminIssue),
      },
    },
    async (request) => ok(await createIssue({ db, config }, { issue: request.body, operator: operatorOf(request).username, now: now() })),
  )

  app.post(
    '/ipo/cancel',
    {
      schema: {
        tags: ['back office'],
        summary: 'Cancel an issue before its draw: blocked money released, applications cancelled; the reason is shown with the issue',
        description: 'Refusals: reason_required, ipo_already_drawn, ipo_not_found. Audited.',
        body: Type.Object({ id: Id, reason: Type.Optional(Reason) }),
        response: replies(IpoAdminIssue),
      },
    },
    async (request) => {
      const reason = needReason(request.body.reason)
      return ok(await cancelIssue({ db, config }, { id: request.body.id, reason, operator: operatorOf(request).username, now: now() }))
    },
  )
}
