/** The back office's view of identity (under /api/admin, an operator's session: access.ts): the evidence behind a review. */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { notFound, operatorOf } from '../admin/operator-session'
import { Evidence } from '../../src/contract/admin-replies'
import { type RouteDeps } from '../http/deps'
import { Id, replies } from '../http/schemas'
import { ok } from '../plugins/envelope'
import { viewEvidence } from './admin-service'

export const identityAdminRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { db, now } = deps

  app.post(
    '/uploads/view',
    {
      schema: {
        tags: ['back office'],
        summary: 'One piece of evidence (an ID photo, a receipt); the viewing is audited',
        body: Type.Object({ id: Id }),
        response: replies(Evidence),
      },
    },
    async (request) => {
      const upload = await viewEvidence(db, { id: request.body.id, operator: operatorOf(request).username, now: now() })
      if (!upload) throw notFound('upload')
      return ok({ id: upload.id, userId: upload.userId, kind: upload.kind, contentType: upload.contentType, base64: Buffer.from(upload.bytes).toString('base64') })
    },
  )
}
