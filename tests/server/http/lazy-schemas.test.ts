/**
 * Route schemas are compiled on first use (server/http/lazy-schemas.ts), so nothing compiles them
 * all at start any more: this sweep over the live route table does, with Fastify's own compilers
 * and the app's Ajv options, and checks that a lazily compiled validator answers and reports its
 * errors as Fastify expects.
 */
import ValidatorSelector from '@fastify/ajv-compiler'
import SerializerSelector from '@fastify/fast-json-stringify-compiler'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compileValidatorsOnFirstUse } from '../../../server/http/lazy-schemas'
import { createTestApp, DEMO_ACCOUNT, type TestApp } from '../helpers'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})

afterAll(() => t.close())

describe('route schemas compiled on first use', () => {
  it('every route request and reply schema compiles', () => {
    const validators = ValidatorSelector()({}, { customOptions: { coerceTypes: false, removeAdditional: true } })
    const serializers = SerializerSelector()({}, {})
    let compiled = 0
    for (const route of t.app.routeTable) {
      const { response, ...parts } = route.schema
      for (const [httpPart, schema] of Object.entries(parts)) {
        if (schema === undefined) continue
        expect(() => validators({ schema, method: route.method, url: route.url, httpPart }), `${route.method} ${route.url} ${httpPart}`).not.toThrow()
        compiled++
      }
      for (const [httpStatus, schema] of Object.entries(response ?? {})) {
        expect(() => serializers({ schema, method: route.method, url: route.url, httpStatus }), `${route.method} ${route.url} ${httpStatus}`).not.toThrow()
        compiled++
      }
    }
    expect(compiled).toBeGreaterThan(t.app.routeTable.length)
  })

  it('a deferred validator compiles once, then answers and reports errors like the compiled one', () => {
    let compiles = 0
    type Fn = ((data: unknown) => boolean) & { errors: unknown; schemaEnv: unknown }
    const ajv = {
      compile: (schema: object): Fn => {
        compiles++
        const fn: Fn = Object.assign(
          (data: unknown) => {
            fn.errors = typeof data === 'string' ? null : [{ message: 'must be string', schema }]
            return typeof data === 'string'
          },
          { errors: null, schemaEnv: { root: true } },
        )
        return fn
      },
    }
    compileValidatorsOnFirstUse(ajv as never)
    const validate = ajv.compile({ type: 'string' })
    expect(compiles).toBe(0)
    expect(validate(1)).toBe(false)
    expect(validate.errors).toEqual([{ message: 'must be string', schema: { type: 'string' } }])
    expect(validate('a')).toBe(true)
    expect(validate.errors).toBeNull()
    expect(validate.schemaEnv).toEqual({ root: true })
    expect(compiles).toBe(1)
  })

  it('still refuses a bad body with the 400 envelope and serves the reply through its schema', async () => {
    const bad = await t.call('/user/login', { account: 9000000001, password: 'demo1234' })
    expect([bad.statusCode, bad.body.status]).toEqual([400, 0])
    const good = await t.call('/user/login', { account: DEMO_ACCOUNT.account, password: DEMO_ACCOUNT.password })
    expect([good.statusCode, good.body.status]).toEqual([200, 1])
  })
})
