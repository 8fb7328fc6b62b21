/**
 * Route schemas compiled on first use instead of when the app becomes ready. Fastify compiles a
 * validator (Ajv) for every request part and a serializer (fast-json-stringify) for every reply
 * schema of all 170-odd routes at `ready`: a third of the server's start-up CPU, paid again by
 * every server test file's app, most of whose routes it never calls (issue 14). Each function is
 * still made once, by the same compilers with the same options; only when changes.
 * tests/server/http/lazy-schemas.test.ts compiles every route's schemas, so a schema that does
 * not compile still fails a test rather than a first request.
 */
import { type FastifyServerOptions } from 'fastify'
import SerializerSelector from '@fastify/fast-json-stringify-compiler'

/** The Ajv instance Fastify's validator compiler makes (its `ajv.onCreate` hook receives it). */
type Ajv = Parameters<NonNullable<NonNullable<FastifyServerOptions['ajv']>['onCreate']>>[0]
type Validate = ReturnType<Ajv['compile']>

/** Fastify's `ajv.onCreate`: the instance's compile returns a validator that compiles on its first call. */
export function compileValidatorsOnFirstUse(ajv: Ajv): void {
  const compile = ajv.compile.bind(ajv)
  const deferred = (schema: Parameters<Ajv['compile']>[0], meta?: boolean): Validate => {
    // Ajv refuses a second schema with one $id: those compile now, as Fastify reuses them by id.
    if (typeof schema === 'object' && '$id' in schema) return compile(schema, meta)
    let compiled: Validate | null = null
    const validator = () => (compiled ??= compile(schema, meta))
    const lazy = function (this: unknown, ...args: Parameters<Validate>) {
      const fn = validator()
      const result = fn.apply(this, args)
      lazy.errors = fn.errors // Fastify reads the errors off the function it called
      return result
    } as Validate
    // Fastify passes the parent object (so Ajv may change the root value) when this is set.
    Object.defineProperty(lazy, 'schemaEnv', { get: () => validator().schemaEnv })
    return lazy
  }
  ajv.compile = deferred as Ajv['compile']
}

type SerializerFactory = NonNullable<NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildSerializer']>

/** Fastify's default reply serializers (fast-json-stringify), each built on the first reply it writes. */
export function serializersOnFirstUse(): SerializerFactory {
  const buildDefault = SerializerSelector()
  return (externalSchemas, options) => {
    const compile = buildDefault(externalSchemas, options)
    return (route) => {
      let serialize: ((data: unknown) => string) | null = null
      return (data: unknown) => (serialize ??= compile(route))(data)
    }
  }
}
