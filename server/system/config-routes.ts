/** /common/*: what the server publishes about itself. */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { publishedConfig } from '../config'
import { ok } from '../plugins/envelope'
import { type RouteDeps } from '../http/deps'
import { replies, ShortText } from '../http/schemas'

// The original app sends {type} with a value that is not known, as a string or a number; every
// config is published whatever it is (DESIGN.md section 2: known calls keep their shape).
const ConfigBody = Type.Object({ type: Type.Optional(Type.Union([ShortText(), Type.Number()])) })
// Names as a plain string in the document: an app must ignore a name it does not know yet.
const ConfigItems = Type.Array(Type.Object({ name: Type.String({ description: 'one of src/contract/config.ts CONFIG_NAMES' }), value: Type.String() }))

export const configRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
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
