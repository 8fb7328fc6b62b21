/**
 * The OpenAPI document, generated from the route schemas and served at GET /api/docs/json. Each
 * operation's `security` comes from the route's access (access.ts), never from its schema, so
 * the document says what the auth hook does.
 */
import swagger from '@fastify/swagger'
import { type FastifyInstance } from 'fastify'
import { accessOf, securityOf } from './access'

export async function installSwagger(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tijori API',
        version: '0.1.0',
        description:
          'Every reply is {status, msg, code?, params?, data?}. status 1 is success; status 0 is a refusal with a stable code. ' +
          'Mutations need an Idempotency-Key header; private calls need the token and account headers.',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'token' },
          account: { type: 'apiKey', in: 'header', name: 'account' },
          operatorToken: { type: 'apiKey', in: 'header', name: 'operator-token' },
        },
      },
    },
    transform: ({ schema, url }) => {
      // A security a schema declared by hand is dropped: the path alone decides.
      const { security: _declared, ...rest } = schema ?? {}
      const security = securityOf(accessOf(url))
      return { schema: security ? { ...rest, security } : rest, url }
    },
  })
  app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger())
}
