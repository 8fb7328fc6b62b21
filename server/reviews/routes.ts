/**
 * The review queues in the back office (under /api/admin, an operator's session: access.ts): how
 * many wait in each, one queue with its evidence, and a decision. The decision and its audit row
 * are one step of the service (service.ts), the same one the demo's automatic reviewer takes.
 */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { LIST_LIMIT, Reason, needReason, notFound, operatorOf } from '../admin/operator-session'
import { ReviewItem, ReviewQueueSummary } from '../../src/contract/admin-replies'
import { type RouteDeps } from '../http/deps'
import { DomainRefusal } from '../http/refusal'
import { EmptyObject, Id, ShortText, replies } from '../http/schemas'
import { ok } from '../plugins/envelope'
import { REVIEW_KINDS, REVIEW_QUEUES, countPending, decideAndAudit, isReviewKind } from './service'

export const reviewRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { db, now } = deps

  app.post(
    '/reviews/kinds',
    {
      schema: {
        tags: ['back office'],
        summary: 'The review queues and how many requests wait in each',
        body: EmptyObject,
        response: replies(Type.Object({ data: Type.Array(ReviewQueueSummary) })),
      },
    },
    async () => {
      const data = await Promise.all(
        REVIEW_KINDS.map(async (kind) => ({
          kind,
          title: REVIEW_QUEUES[kind].title,
          pending: await countPending(db, kind),
        })),
      )
      return ok({ data })
    },
  )

  app.post(
    '/reviews/list',
    {
      schema: {
        tags: ['back office'],
        summary: "One queue's requests with their facts and evidence: pending oldest first, decided newest first",
        body: Type.Object({ kind: ShortText(), status: Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]) }),
        response: replies(Type.Object({ data: Type.Array(ReviewItem) })),
      },
    },
    async (request) => {
      const { kind, status } = request.body
      if (!isReviewKind(kind)) throw notFound('review queue')
      return ok({ data: await REVIEW_QUEUES[kind].list(db, { status, limit: LIST_LIMIT }) })
    },
  )

  app.post(
    '/reviews/decide',
    {
      schema: {
        tags: ['back office'],
        summary: 'Approve or reject one request; a rejection needs the reason the user will see',
        description: 'Refusals: reason_required, review_already_decided; HTTP 404 not_found',
        body: Type.Object({ kind: ShortText(), id: Id, approve: Type.Boolean(), reason: Type.Optional(Reason) }),
        response: replies(EmptyObject),
      },
    },
    async (request) => {
      const operator = operatorOf(request)
      const { kind, id, approve } = request.body
      if (!isReviewKind(kind)) throw notFound('review queue')
      const reason = approve ? request.body.reason?.trim() || null : needReason(request.body.reason)
      const done = await decideAndAudit(db, kind, { id, approve, reason, operator: operator.username, now: now() })
      if (done === undefined) throw notFound('request')
      if (!done) throw new DomainRefusal('review_already_decided', {}, 'Someone has already decided this request.')
      return ok({})
    },
  )
}
