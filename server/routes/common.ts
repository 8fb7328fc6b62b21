/** /common/*: what the server publishes about itself. */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { publishedConfig } from '../config'
import { ok } from '../plugins/envelope'
import { type RouteDeps } from './deps'
import { replies, ShortText } from './schemas'

const ConfigBody = Type.Object({ type: Type.Optional(ShortText()) })
const ConfigItems = Type.Array(Type.Object({ name: Type.String(), value: Type.String() }))

export const commonRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  app.post(
    '/common/config',
    {
      schema: {
        tags: ['common'],
        summary: 'Published rules and site settings; every value is a string',
        body: ConfigBody,
        response: replies(ConfigItems),
      },
    },
    async () => ok(publishedConfig(deps.config)),
  )
}
