/**
 * The schema rules every route shares (server/http/schemas.ts), checked over the live route
 * table so a route added later is held to them too: every id is one positive safe integer, every
 * integer is bounded inside what PostgreSQL and JSON hold exactly, and unknown body fields are
 * stripped before anything reads them while the headers stay whole.
 */
import { Type } from 'typebox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ok } from '../../../server/plugins/envelope'
import { type RouteEntry } from '../../../server/plugins/route-table'
import { Id, IdempotencyHeaders } from '../../../server/http/schemas'
import { createTestApp, DEMO_ACCOUNT, firstOperatorHeaders, type TestApp } from '../helpers'
import { nonNull, plausibleBody, type Schema } from '../route-bodies'

let t: TestApp
let user: Record<string, string>
let operator: Record<string, string>

beforeAll(async () => {
  t = await createTestApp()
  // A route of the test's own, added like any other: what reaches a handler after validation.
  t.app.post(
    '/api/vue/test/echo',
    // Private without saying so: every /api/vue route is (server/plugins/access.ts).
    { schema: { headers: IdempotencyHeaders, body: Type.Object({ a: Type.String() }) } },
    async (request) => ok({ body: request.body, headers: Object.keys(request.headers).sort() }),
  )
  user = await t.login(DEMO_ACCOUNT.account, DEMO_ACCOUNT.password)
  operator = await firstOperatorHeaders(t)
})
afterAll(() => t.close())

const fieldsOf = (route: RouteEntry) => Object.entries((route.schema.body as Schema | undefined)?.properties ?? {})
const isIdField = (name: string, schema: Schema) => /id$/i.test(name) && nonNull(schema).some((s) => s.type === 'integer' || s.type === 'number')
const bodyRoutes = () => t.app.routeTable.filter((r) => r.method === 'POST')
const headersFor = (route: RouteEntry, key: string) => ({
  ...(route.access === 'operator' ? operator : route.access === 'user' ? user : {}),
  ...(route.idempotent ? { 'idempotency-key': key } : {}),
})

describe('ids', () => {
  it('uses the one shared id schema, a positive safe integer, for every id field of every route', () => {
    const idFields = bodyRoutes().flatMap((route) => fieldsOf(route).filter(([name, schema]) => isIdField(name, schema)).map(([name, schema]) => ({ route: route.url, name, schema })))
    // Every area that names a row by id: orders, news, uploads, identity, deposits, USDT, withdrawals, reviews, users, audit.
    expect(idFields.length).toBeGreaterThanOrEqual(14)
    for (const { route, name, schema } of idFields) expect(nonNull(schema), `${route} ${name}`).toEqual([Id])
    expect(Id).toMatchObject({ type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER })
  })

  it('answers 400 bad_request naming the field for an id past 2^53 or 2^63, or not a positive integer, on every id field', async () => {
    let checked = 0
    for (const route of bodyRoutes()) {
      const plausible = plausibleBody(route.schema.body as Schema | undefined)
      for (const [name] of fieldsOf(route).filter(([n, s]) => isIdField(n, s))) {
        for (const bad of [1e20, 2 ** 53, 9223372036854775808, 1e308, 0, -1, 1.5]) {
          // Every other field plausible: the id is what the route answers about.
          const res = await t.app.inject({ method: 'POST', url: route.url, headers: headersFor(route, `id-${route.url}-${name}-${bad}`), payload: { ...plausible, [name]: bad } })
          expect(res.statusCode, `${route.url} ${name}=${bad}: ${res.body}`).toBe(400)
          expect(res.json(), `${route.url} ${name}=${bad}`).toMatchObject({ status: 0, code: 'bad_request', params: { field: name } })
          checked++
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(14 * 7)
  })
})

describe('numbers', () => {
  it('bounds every integer a body carries inside the safe integers, so PostgreSQL never sees one out of range', () => {
    for (const route of bodyRoutes()) {
      for (const [name, schema] of fieldsOf(route)) {
        for (const variant of nonNull(schema).filter((s) => s.type === 'integer')) {
          expect(variant.minimum, `${route.url} ${name}`).toBeGreaterThanOrEqual(-Number.MAX_SAFE_INTEGER)
          expect(variant.maximum, `${route.url} ${name}`).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER)
        }
      }
    }
  })
})

describe('unknown body fields', () => {
  const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`

  it('strips them before the handler, and keeps every header: session, Idempotency-Key and the rest', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vue/test/echo',
      headers: { ...user, 'idempotency-key': 'echo-1', lang: 'kr', 'x-anything': '1', 'content-type': 'application/json' },
      payload: `{"a":"x","b":1,"x":${deep(10_000)}}`,
    })
    expect(res.statusCode, res.body).toBe(200)
    const data = (res.json() as { data: { body: unknown; headers: string[] } }).data
    expect(data.body).toEqual({ a: 'x' })
    expect(data.headers).toEqual(expect.arrayContaining(['token', 'account', 'idempotency-key', 'lang', 'x-anything']))
  })

  it('registers with an unknown field nested 10,000 deep, and replays the same key whatever unknown fields come with it', async () => {
    const body = (extra: string) =>
      `{"account":"6123456789","password":"secret123","confirmPassword":"secret123","inviteCode":"${t.config.demoInviteCode}","agree":true,${extra}}`
    const send = (extra: string) =>
      t.app.inject({ method: 'POST', url: '/api/vue/user/register', headers: { 'idempotency-key': 'deep-register', 'content-type': 'application/json' }, payload: body(extra) })
    const first = await send(`"x":${deep(10_000)}`)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({ status: 1, data: { account: '6123456789' } })
    // The unknown fields were never part of the request: the same key with others is the same request.
    const again = await send(`"y":{"z":${deep(10_000)}}`)
    expect(again.statusCode).toBe(200)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.body).toBe(first.body)
  })

  it('takes a key on every idempotent route with an unknown field nested 10,000 deep, without a 500', async () => {
    const idempotent = t.app.routeTable.filter((r) => r.idempotent)
    expect(idempotent.length).toBeGreaterThanOrEqual(17)
    for (const route of idempotent) {
      const plausible = JSON.stringify(plausibleBody(route.schema.body as Schema | undefined))
      const res = await t.app.inject({
        method: 'POST',
        url: route.url,
        headers: { ...headersFor(route, `deep-${route.url}`), 'content-type': 'application/json' },
        payload: `${plausible.slice(0, -1)}${plausible === '{}' ? '' : ','}"x":${deep(10_000)}}`,
      })
      // What the plausible body gets (often a refusal: no such id, a wrong password), never a 500.
      expect(res.statusCode, `${route.url}: ${res.body}`).toBeLessThan(500)
      expect(res.json(), route.url).toMatchObject({ status: expect.any(Number), msg: expect.any(String) })
    }
  })
})
