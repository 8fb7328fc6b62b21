/**
 * VIP levels, the user's side (issue 12): /vip/info, the stored level with the measure it rests
 * on, the way to the next level, when a downgrade would happen, the published levels and the
 * recent changes. Thin: the reply is server/vip/service.ts, the SQL server/vip/repository.ts.
 */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { sessionOf } from '../plugins/auth'
import { ok } from '../plugins/envelope'
import { type RouteDeps } from '../http/deps'
import { replies } from '../http/schemas'
import { VipInfo } from '../../src/contract/replies'
import { vipInfo } from './service'

export const vipRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  app.post(
    '/vip/info',
    {
      schema: {
        tags: ['vip'],
        summary:
          "The user's VIP level as the 'vip' job last set it, its handling-fee discount, the measure now (traded value of the last vip_window_days: positions opened and closed, each side counted), the next level, when a downgrade would happen, the published levels (vip_levels) and the last 20 level changes",
        body: Type.Object({}),
        response: replies(VipInfo),
      },
    },
    async (request) => ok(await vipInfo(deps, sessionOf(request).userId, deps.now())),
  )
}
