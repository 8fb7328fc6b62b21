import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, DEMO_ACCOUNT, type TestApp } from '../helpers'

let t: TestApp
let session: Record<string, string>

beforeAll(async () => {
  t = await createTestApp()
  t.app.post('/api/vue/test/bug', async () => {
    throw new TypeError('a bug')
  })
  session = await t.login(DEMO_ACCOUNT.account, DEMO_ACCOUNT.password)
})
afterAll(() => t.close())

/** Every /api/vue route with a valid body, so each field can be broken in turn. */
const ROUTES: { path: string; valid: Record<string, unknown>; auth?: boolean; idempotent?: boolean; numberAllowed?: string[] }[] = [
  // The original app may send its type as a number (DESIGN.md section 2).
  { path: '/common/config', valid: { type: 'all' }, numberAllowed: ['type'] },
  {
    path: '/user/register',
    valid: { account: '9800000001', password: 'secret123', confirmPassword: 'secret123', inviteCode: 'TIJORI', agree: true },
    idempotent: true,
  },
  { path: '/user/login', valid: { account: '9800000001', password: 'secret123' } },
  { path: '/user/logout', valid: {}, auth: true },
  { path: '/user/info', valid: {}, auth: true },
  { path: '/user/loginPass', valid: { oldPassword: 'demo1234', password: 'demo12345', confirmPassword: 'demo12345' }, auth: true, idempotent: true },
  { path: '/user/signIn', valid: {}, auth: true, idempotent: true },
  { path: '/news/list', valid: { page: 1, size: 10 } },
  { path: '/news/detail', valid: { id: 1 } },
]

type Bad = { name: string; payload?: string; contentType?: string }

const JSON_TYPE = 'application/json'
const GENERIC: Bad[] = [
  { name: 'no body at all' },
  { name: 'empty JSON body', payload: '', contentType: JSON_TYPE },
  { name: 'broken JSON', payload: '{"account": ', contentType: JSON_TYPE },
  { name: 'not JSON', payload: 'hello', contentType: JSON_TYPE },
  { name: 'an array', payload: '[]', contentType: JSON_TYPE },
  { name: 'an array of objects', payload: '[{}]', contentType: JSON_TYPE },
  { name: 'null', payload: 'null', contentType: JSON_TYPE },
  { name: 'a string', payload: '"text"', contentType: JSON_TYPE },
  { name: 'a number', payload: '42', contentType: JSON_TYPE },
  { name: 'a prototype-polluting key', payload: '{"__proto__": {"admin": true}}', contentType: JSON_TYPE },
  { name: 'plain text', payload: 'account=1', contentType: 'text/plain' },
  { name: 'a form', payload: 'account=1', contentType: 'application/x-www-form-urlencoded' },
  { name: 'an unknown content type', payload: '<a/>', contentType: 'application/xml' },
  { name: 'more than a megabyte', payload: JSON.stringify({ type: 'x'.repeat(1_100_000) }), contentType: JSON_TYPE },
]

/** Each field replaced by values of the wrong type, dropped, and stretched past any limit. */
function fieldCases(valid: Record<string, unknown>, numberAllowed: string[] = []): Bad[] {
  const cases: Bad[] = []
  for (const [field, value] of Object.entries(valid)) {
    const wrong: unknown[] = [null, [], {}, typeof value === 'boolean' ? 1 : true]
    if (!numberAllowed.includes(field)) wrong.push(typeof value === 'string' ? 12345 : 'text')
    if (typeof value === 'number') wrong.push(0, -1, 1.5, 1e20)
    if (typeof value === 'string') wrong.push('x'.repeat(100_000), 'nul\u0000char')
    for (const w of wrong) cases.push({ name: `${field}=${JSON.stringify(w).slice(0, 20)}`, payload: JSON.stringify({ ...valid, [field]: w }), contentType: JSON_TYPE })
    const { [field]: _dropped, ...rest } = valid
    // Optional fields may be dropped; the required ones are exactly those the contract lists.
    if (!['type', 'page', 'size'].includes(field)) cases.push({ name: `without ${field}`, payload: JSON.stringify(rest), contentType: JSON_TYPE })
  }
  return cases
}

describe('bad input on every route', () => {
  for (const route of ROUTES) {
    it(`answers 400 bad_request, never 500, on ${route.path}`, async () => {
      const headers: Record<string, string> = {}
      if (route.auth) Object.assign(headers, session)
      if (route.idempotent) headers['idempotency-key'] = `bad-${route.path}`
      const cases = [...GENERIC, ...fieldCases(route.valid, route.numberAllowed)]
      for (const bad of cases) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/vue${route.path}`,
          headers: bad.contentType ? { ...headers, 'content-type': bad.contentType } : headers,
          ...(bad.payload === undefined ? {} : { payload: bad.payload }),
        })
        expect.soft(res.statusCode, `${route.path} with ${bad.name}: ${res.body}`).toBe(400)
        expect.soft(res.json(), `${route.path} with ${bad.name}`).toMatchObject({ status: 0, code: 'bad_request', msg: expect.any(String) })
      }
    })
  }

  it('names the field at fault', async () => {
    const res = await t.call('/user/login', { account: DEMO_ACCOUNT.account })
    expect(res.body).toMatchObject({ code: 'bad_request', params: { field: 'password' } })
    const wrongType = await t.call('/news/detail', { id: 'one' })
    expect(wrongType.body).toMatchObject({ code: 'bad_request', params: { field: 'id' } })
  })

  it('did nothing for any of them: the demo password and sign-ins are unchanged', async () => {
    expect((await t.call('/user/login', { account: DEMO_ACCOUNT.account, password: DEMO_ACCOUNT.password })).body.status).toBe(1)
    const rows = await t.database.db.selectFrom('sign_ins').selectAll().execute()
    expect(rows).toEqual([])
  })
})

describe('other envelopes', () => {
  it('answers 404 not_found for an unknown call or method', async () => {
    for (const [method, url] of [
      ['POST', '/api/vue/user/nothing'],
      ['GET', '/api/vue/user/login'],
      ['GET', '/api/nothing'],
    ] as const) {
      const res = await t.app.inject({ method, url })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ status: 0, code: 'not_found' })
    }
  })

  it('answers 400 bad_request in the envelope for a path that does not decode (Fastify frameworkErrors)', async () => {
    for (const url of ['/api/vue/user/%ZZ', '/api/admin/%E0%A4%A', '/api/vue/%']) {
      const res = await t.app.inject({ method: 'POST', url, payload: {} })
      expect(res.statusCode, url).toBe(400)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(res.json(), url).toEqual({ status: 0, code: 'bad_request', msg: 'Invalid request.', params: {} })
    }
  })

  it("answers what Node's parser refuses before Fastify (headers over its limit: 431, a broken request: 400) in the envelope", async () => {
    const address = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }))
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(address.port), address.hostname, () => socket.write(request))
        let text = ''
        socket.on('data', (chunk: Buffer) => (text += chunk.toString()))
        socket.on('close', () => resolve(text))
        socket.on('error', reject)
      })
    const oversized = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)
    expect(oversized).toMatch(/^HTTP\/1\.1 431 /)
    expect(oversized).toMatch(/content-type: application\/json/i)
    expect(JSON.parse(oversized.slice(oversized.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 0, code: 'bad_request' })
    const broken = await raw('NOT HTTP AT ALL\r\n\r\n')
    expect(broken).toMatch(/^HTTP\/1\.1 400 /)
    expect(JSON.parse(broken.slice(broken.indexOf('\r\n\r\n') + 4))).toEqual({ status: 0, code: 'bad_request', msg: 'Invalid request.', params: {} })
  })

  it('answers 500 internal_error for a bug, without its details', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/vue/test/bug', headers: session, payload: {} })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({ status: 0, code: 'internal_error', msg: expect.any(String), params: {} })
    expect(res.body).not.toContain('a bug')
  })
})
