/**
 * The live route table: every route the app serves, recorded as it is added (an onRoute hook),
 * with who may call it and the request schemas it declared. Sweeps over the API (the bad-input
 * test, the 401 test) read it instead of a hand-kept list, so a route added later is covered
 * without anyone editing them. Install it before any route is registered.
 */
import { type FastifyInstance, type HTTPMethods } from 'fastify'
import { type Access, accessOf } from './access'

/** A JSON Schema as a route declared it (TypeBox output); read-only, for sweeps and documents. */
export type DeclaredSchema = Readonly<Record<string, unknown>>

export type RouteEntry = {
  /** One method per entry: a route answering several methods (GET and its automatic HEAD) has one entry each. */
  readonly method: HTTPMethods
  /** The full path, prefix included, e.g. /api/vue/user/login. */
  readonly url: string
  /** Who may call it, from its path (access.ts), as the auth hook and the OpenAPI document see it. */
  readonly access: Access
  /** A mutation that needs an Idempotency-Key header. */
  readonly idempotent: boolean
  /** Left out of the OpenAPI document (schema.hide). */
  readonly hidden: boolean
  /** The largest body it reads, in bytes: its own limit, else the app's. */
  readonly bodyLimit: number
  readonly schema: {
    readonly body?: DeclaredSchema
    readonly querystring?: DeclaredSchema
    readonly params?: DeclaredSchema
    readonly headers?: DeclaredSchema
    /** By status code ('200', '4xx'...), as declared. */
    readonly response?: Readonly<Record<string, DeclaredSchema>>
  }
}

declare module 'fastify' {
  // Declaration merging needs an interface here.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Every route served, in the order they were added; complete once the app is ready. */
    readonly routeTable: readonly RouteEntry[]
  }
}

/** Fastify's own default, 1 MiB. */
const DEFAULT_BODY_LIMIT = 1024 * 1024

export function installRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = []
  app.decorate('routeTable', table)
  app.addHook('onRoute', (route) => {
    const config = route.config ?? {}
    const schema = route.schema ?? {}
    // Throws for an /api route that fits no rule, so such a route is never registered at all.
    const access = accessOf(route.url)
    const methods = (Array.isArray(route.method) ? route.method : [route.method]) as HTTPMethods[]
    for (const method of methods) {
      table.push({
        method,
        url: route.url,
        access,
        idempotent: config.idempotent === true,
        hidden: schema.hide === true,
        bodyLimit: route.bodyLimit ?? app.initialConfig.bodyLimit ?? DEFAULT_BODY_LIMIT,
        schema: {
          body: schema.body as DeclaredSchema | undefined,
          querystring: schema.querystring as DeclaredSchema | undefined,
          params: schema.params as DeclaredSchema | undefined,
          headers: schema.headers as DeclaredSchema | undefined,
          response: schema.response as Readonly<Record<string, DeclaredSchema>> | undefined,
        },
      })
    }
  })
}
