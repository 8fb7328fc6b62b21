/** Operational calls outside /api/vue: the health probe a load balancer polls. */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { sql } from 'kysely'
import { Type } from 'typebox'
import { ok } from '../plugins/envelope'
import { type RouteDeps } from '../http/deps'
import { replies } from '../http/schemas'

export const systemRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and the database in use',
        response: replies(Type.Object({ db: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]) })),
      },
    },
    async () => {
      await sql`select 1`.execute(deps.db) // a dead database makes this a 500, which is the point
      return ok({ db: deps.dbKind })
    },
  )
}
