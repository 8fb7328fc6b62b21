/**
 * buildApp(deps): the whole API as a Fastify instance, for main.ts and for tests (which use
 * inject). Order: envelope and hooks, then the routes, then the built PWA if there is one.
 */
import { type TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { type ServerConfig, loadConfig } from './config'
import { type DatabaseHandle } from './db/index'
import { installAuth } from './plugins/auth'
import { installCleanup } from './plugins/cleanup'
import { installEnvelope, type NotFoundFallback } from './plugins/envelope'
import { idempotencyRunner, installIdempotency } from './plugins/idempotency'
import { installStaticFiles } from './plugins/static-files'
import { installSwagger } from './plugins/swagger'
import { commonRoutes } from './routes/common'
import { type RouteDeps } from './routes/deps'
import { newsRoutes } from './routes/news'
import { systemRoutes } from './routes/system'
import { userRoutes } from './routes/user'

export type AppDeps = {
  database: DatabaseHandle
  /** Defaults to the demo profile's rules. */
  config?: ServerConfig
  /** The clock, in epoch ms; tests move it (next India day, token expiry, rate-limit window). */
  now?: () => number
  logger?: FastifyServerOptions['logger']
  /** The built PWA (dist/) to serve, with SPA fallback; null serves the API only. */
  staticDir?: string | null
  /** Set behind a load balancer so request.ip (the rate-limit address) is the client's. */
  trustProxy?: FastifyServerOptions['trustProxy']
  /** How often expired keys, failures and sessions are purged; 0 turns it off (tests). */
  cleanupIntervalMs?: number
}

export const API_PREFIX = '/api/vue'

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const config = deps.config ?? loadConfig('demo')
  const now = deps.now ?? Date.now
  const db = deps.database.db

  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: deps.trustProxy ?? false,
    // Strict types: a number where a string belongs is a 400, never silently coerced.
    ajv: { customOptions: { coerceTypes: false } },
    return503OnClosing: true,
  }).withTypeProvider<TypeBoxTypeProvider>()

  // First: route plugins registered below take the error handler in force when they load.
  let fallback: NotFoundFallback | null = null
  installEnvelope(app, (request, reply) => fallback?.(request, reply) ?? false)
  installAuth(app, { db, now })
  installIdempotency(app, { db, now, config })
  installCleanup(app, { db, now, config }, deps.cleanupIntervalMs ?? 10 * 60 * 1000)
  await installSwagger(app)

  const routeDeps: RouteDeps = { db, dbKind: deps.database.kind, config, now, runIdempotent: idempotencyRunner(db) }
  await app.register(systemRoutes, routeDeps)
  await app.register(commonRoutes, { ...routeDeps, prefix: API_PREFIX })
  await app.register(userRoutes, { ...routeDeps, prefix: API_PREFIX })
  await app.register(newsRoutes, { ...routeDeps, prefix: API_PREFIX })

  if (deps.staticDir) fallback = await installStaticFiles(app, deps.staticDir)
  return app
}
