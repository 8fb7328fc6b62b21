/**
 * Private by default (issue 9): who may call a route follows from its path alone
 * (server/plugins/access.ts). Walked over the live route table, so a route added later is held
 * to it without touching this file: every /api/vue and /api/admin route not on the public list
 * answers 401 without a session of its kind, and the route table and the OpenAPI document say
 * what the server actually enforces, measured by calling each route.
 */
import { type Readable } from 'node:stream'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_PREFIX, API_PREFIX, PUBLIC_ROUTES, accessOf } from '../../../server/plugins/access'
import { ok } from '../../../server/plugins/envelope'
import { installRouteTable, type RouteEntry } from '../../../server/plugins/route-table'
import { createTestApp, DEMO_ACCOUNT, firstOperatorHeaders, type TestApp } from '../helpers'

type Access = RouteEntry['access']
type Probe = { statusCode: number; body: string }
type Operation = { security?: Record<string, string[]>[] }
type OpenApi = { paths: Record<string, Record<string, Operation>>; components: { securitySchemes: Record<string, { in: string; name: string }> } }

// Routes of the test's own, registered like any other and saying nothing about who may call them.
const FORGOTTEN_USER_ROUTE = `${API_PREFIX}/test/forgotten`
const FORGOTTEN_ADMIN_ROUTE = `${ADMIN_PREFIX}/test/forgotten`

let t: TestApp
let user: Record<string, string>
let operator: Record<string, string>

beforeAll(async () => {
  t = await createTestApp()
  for (const url of [FORGOTTEN_USER_ROUTE, FORGOTTEN_ADMIN_ROUTE]) t.app.post(url, async () => ok({ opened: true }))
  user = await t.login(DEMO_ACCOUNT.account, DEMO_ACCOUNT.password)
  operator = await firstOperatorHeaders(t)
})
afterAll(() => t.close())

const isPublic = (url: string) => PUBLIC_ROUTES.includes(url)
const under = (url: string, prefix: string) => url.startsWith(`${prefix}/`)

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks).toString()
}

/**
 * One call with `headers`. A POST gets a body no route accepts (an array), so a route that lets
 * the call through answers 400 before its handler runs: probing signs no one out and changes
 * nothing. The reply is read as a stream so an event stream that opens cannot hold the test.
 */
async function probe(route: RouteEntry, headers: Record<string, string>): Promise<Probe> {
  const res = await t.app.inject({
    method: route.method,
    url: route.url,
    headers: route.method === 'POST' ? { ...headers, 'content-type': 'application/json' } : headers,
    ...(route.method === 'POST' ? { payload: '[]' } : {}),
    payloadAsStream: true,
  })
  const stream = res.stream()
  if (String(res.headers['content-type']).startsWith('text/event-stream')) {
    stream.destroy()
    return { statusCode: res.statusCode, body: '' }
  }
  return { statusCode: res.statusCode, body: await text(stream) }
}

/** Which kind of session the server lets through, found by calling: none, a user's, an operator's. */
async function measuredAccess(route: RouteEntry): Promise<Access | 'nobody'> {
  if ((await probe(route, {})).statusCode !== 401) return 'public'
  if ((await probe(route, user)).statusCode !== 401) return 'user'
  if ((await probe(route, operator)).statusCode !== 401) return 'operator'
  return 'nobody'
}

function expectUnauthorized(route: RouteEntry, reply: Probe, as: string): void {
  expect(reply.statusCode, `${route.method} ${route.url} ${as}: ${reply.body}`).toBe(401)
  // HEAD replies carry no body.
  if (route.method !== 'HEAD') expect(JSON.parse(reply.body), `${route.method} ${route.url} ${as}`).toEqual({ status: 0, code: 'unauthorized', msg: 'Please sign in again.', params: {} })
}

const guarded = () => t.app.routeTable.filter((r) => (under(r.url, API_PREFIX) || under(r.url, ADMIN_PREFIX)) && !isPublic(r.url))

describe('private by default', () => {
  it('answers 401 in the envelope without a session on every /api/vue and /api/admin route not on the public list', async () => {
    const routes = guarded()
    for (const route of routes) expectUnauthorized(route, await probe(route, {}), 'without a session')
    expect(routes.map((r) => r.url)).toEqual(expect.arrayContaining([FORGOTTEN_USER_ROUTE, FORGOTTEN_ADMIN_ROUTE, `${API_PREFIX}/user/info`, `${ADMIN_PREFIX}/reviews/decide`]))
    expect(routes.length).toBeGreaterThanOrEqual(40)
  })

  it("answers 401 on every /api/admin route to a user's session, and on every /api/vue route to an operator's or half a session", async () => {
    let checked = 0
    for (const route of guarded()) {
      if (under(route.url, ADMIN_PREFIX)) {
        expectUnauthorized(route, await probe(route, user), "with a user's session")
        // A user's token where the operator's belongs.
        expectUnauthorized(route, await probe(route, { 'operator-token': user.token! }), "with a user's token as operator-token")
      } else {
        expectUnauthorized(route, await probe(route, operator), "with an operator's session")
        expectUnauthorized(route, await probe(route, { token: user.token! }), 'with a token and no account')
        expectUnauthorized(route, await probe(route, { token: user.token!, account: '9000000002' }), "with a token and another account")
      }
      checked++
    }
    expect(checked).toBeGreaterThanOrEqual(40)
  })

  it('lets a live session of its own kind through on every private route', async () => {
    let opened = 0
    for (const route of guarded().filter((r) => r.method === 'POST')) {
      const reply = await probe(route, under(route.url, ADMIN_PREFIX) ? operator : user)
      expect(reply.statusCode, `${route.url}: ${reply.body}`).not.toBe(401)
      opened++
    }
    expect(opened).toBeGreaterThanOrEqual(40)
  })

  it('answers every route on the public list without a session', async () => {
    const routes = t.app.routeTable.filter((r) => isPublic(r.url))
    for (const route of routes) {
      const reply = await probe(route, {})
      expect(reply.statusCode, `${route.method} ${route.url}: ${reply.body}`).not.toBe(401)
      expect(reply.statusCode, `${route.method} ${route.url}: ${reply.body}`).toBeLessThan(500)
    }
    expect(routes.length).toBeGreaterThanOrEqual(PUBLIC_ROUTES.length)
  })

  it('keeps the public list to routes the app serves', () => {
    const served = new Set(t.app.routeTable.map((r) => r.url))
    for (const url of PUBLIC_ROUTES) expect(served.has(url), `${url} is on the public list but not served`).toBe(true)
    expect(new Set(PUBLIC_ROUTES).size).toBe(PUBLIC_ROUTES.length)
  })
})

describe('one fact, three readers', () => {
  it('records in the route table the access the server enforces, for every route', async () => {
    for (const route of t.app.routeTable) expect(await measuredAccess(route), `${route.method} ${route.url}`).toBe(route.access)
    expect(t.app.routeTable.find((r) => r.url === FORGOTTEN_USER_ROUTE)?.access).toBe('user')
    expect(t.app.routeTable.find((r) => r.url === FORGOTTEN_ADMIN_ROUTE)?.access).toBe('operator')
  })

  it('documents for every route the headers that open it, as the server enforces them', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi
    // The headers a security requirement names, through the document's own schemes.
    const headersOf = (operation: Operation) =>
      (operation.security ?? []).flatMap((requirement) => Object.keys(requirement).map((scheme) => doc.components.securitySchemes[scheme]?.name)).sort()
    const expected = { public: [], user: ['account', 'token'], operator: ['operator-token'], nobody: ['(nobody)'] }
    let documented = 0
    for (const route of t.app.routeTable.filter((r) => !r.hidden && r.method !== 'HEAD')) {
      const operation = doc.paths[route.url]?.[route.method.toLowerCase()]
      expect(operation, `${route.method} ${route.url} is not in the document`).toBeDefined()
      expect(headersOf(operation!), `${route.method} ${route.url}`).toEqual(expected[await measuredAccess(route)])
      documented++
    }
    expect(documented).toBeGreaterThanOrEqual(55)
    expect(headersOf(doc.paths[FORGOTTEN_USER_ROUTE]!.post!)).toEqual(['account', 'token'])
  })
})

describe('the rule', () => {
  it('makes /api/vue routes user routes and /api/admin routes operator routes unless listed; the PWA files are public', () => {
    expect(accessOf(`${API_PREFIX}/user/info`)).toBe('user')
    expect(accessOf(`${API_PREFIX}/anything/new`)).toBe('user')
    expect(accessOf(`${API_PREFIX}/user/login`)).toBe('public')
    expect(accessOf(`${ADMIN_PREFIX}/anything/new`)).toBe('operator')
    expect(accessOf(`${ADMIN_PREFIX}/operator/login`)).toBe('public')
    expect(accessOf('/api/health')).toBe('public')
    expect(accessOf('/*')).toBe('public')
  })

  it('refuses to register an /api route outside both prefixes that is not on the public list', () => {
    const app = Fastify()
    installRouteTable(app)
    expect(() => app.post('/api/other/thing', async () => ({}))).toThrow(/PUBLIC_ROUTES/)
    expect(() => app.post('/api/vuex/thing', async () => ({}))).toThrow(/PUBLIC_ROUTES/)
    expect(() => app.post(`${API_PREFIX}/thing`, async () => ({}))).not.toThrow()
    void app.close()
  })
})
