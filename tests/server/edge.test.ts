/**
 * Bad input on every route of the live route table (issue 8): each route, as the running app
 * lists it (app.routeTable), gets malformed JSON, empty and non-object bodies, every field with a
 * value of every JSON type, 1 MB strings, 10,000-deep nesting, huge and fractional numbers, NUL
 * and lone surrogates in values and keys, `__proto__` and `constructor` keys, bad URL escapes and
 * other methods — with and without a session of its kind (a user's for /api/vue, an operator's
 * for /api/admin), with an Idempotency-Key where it takes one. No reply may be a 5xx, every reply
 * that is not a route's declared non-JSON success is the envelope, and /api/health answers after
 * each route. The bodies come from each route's own schema, so a route added later is covered
 * without touching this file. GET routes (the quote stream stays open) go through a listening
 * server and are cut off once their headers arrive. Every input is fixed: a run is repeatable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedFirstOperator } from '../../server/db/seed'
import { type RouteEntry } from '../../server/plugins/route-table'
import { createTestApp, DEMO_ACCOUNT, type TestApp } from './helpers'
import { plausibleValue, type Schema } from './route-bodies'

/** One request's body and headers; `payload` is sent as is. */
type Variant = { name: string; payload?: string | Buffer; contentType?: string; headers?: Record<string, string>; method?: string; urlSuffix?: string }
type Mode = 'anonymous' | 'signed-in'
type Reply = { statusCode: number; contentType: string; body: string }

const JSON_TYPE = 'application/json'
const DEPTH = 10_000
const MEGABYTE_STRING = 'x'.repeat(1_000_000)
const OPERATOR = { username: 'edge-root', password: 'edge-root-password' }

// Built while the file is collected: the tests are made from its live route table.
const t: TestApp = await createTestApp()
// The first operator changes the password it was given before any other back-office route answers.
await seedFirstOperator(t.database.db, { username: OPERATOR.username, password: 'edge-root-given' }, t.clock.now())
{
  const login = await t.app.inject({ method: 'POST', url: '/api/admin/operator/login', payload: { username: OPERATOR.username, password: 'edge-root-given' } })
  const headers = { 'operator-token': (login.json() as { data: { token: string } }).data.token }
  const changed = await t.app.inject({ method: 'POST', url: '/api/admin/operator/password', headers, payload: { oldPassword: 'edge-root-given', password: OPERATOR.password } })
  if (changed.json<{ status: number }>().status !== 1) throw new Error(`operator password change: ${changed.body}`)
}
let baseUrl = ''
let userHeaders: Record<string, string> = {}
let operatorHeaders: Record<string, string> = {}
let sent = 0

beforeAll(async () => {
  // GET routes go over a real socket: an event stream never ends, and fetch can stop reading it.
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  console.info(`edge sweep: ${sent} requests over ${t.app.routeTable.length} routes`)
  await t.close()
})

// ---- sessions: fuzzed bodies that happen to be valid have real effects (signing out, a guess
// limit ending sessions), so each route's sweep first makes sure its session is still alive.

async function post(url: string, body: unknown, headers: Record<string, string>) {
  return t.app.inject({ method: 'POST', url, headers, payload: body as object })
}

async function liveUserHeaders(): Promise<Record<string, string>> {
  if (userHeaders.token && (await post('/api/vue/user/info', {}, userHeaders)).statusCode === 200) return userHeaders
  userHeaders = await t.login(DEMO_ACCOUNT.account, DEMO_ACCOUNT.password)
  return userHeaders
}

async function liveOperatorHeaders(): Promise<Record<string, string>> {
  if (operatorHeaders['operator-token'] && (await post('/api/admin/operator/me', {}, operatorHeaders)).statusCode === 200) return operatorHeaders
  const res = await post('/api/admin/operator/login', OPERATOR, {})
  const token = (res.json() as { data?: { token?: string } }).data?.token
  if (!token) throw new Error(`operator login failed: ${res.body}`)
  operatorHeaders = { 'operator-token': token }
  return operatorHeaders
}

/** The headers of a live session of the route's kind; a public route gets a user's, which it must ignore. */
async function sessionFor(route: RouteEntry, mode: Mode): Promise<Record<string, string>> {
  if (mode === 'anonymous') return {}
  return route.access === 'operator' ? liveOperatorHeaders() : liveUserHeaders()
}

// ---- bodies from a route's schema

const deepArray = () => `${'['.repeat(DEPTH)}0${']'.repeat(DEPTH)}`
const deepObject = () => `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`

/** JSON text of an object from [key text, value text] pairs: keys and values may be raw (1e400, bad escapes). */
const objectText = (entries: [string, string][]) => `{${entries.map(([k, v]) => `${k}:${v}`).join(',')}}`

/** Values that are wrong for some field, as JSON text (or raw bytes where JSON cannot say it). */
const FIELD_VALUES: { name: string; text: string | Buffer }[] = [
  // a value of every JSON type
  { name: 'a string', text: '"x"' },
  { name: 'an integer', text: '7' },
  { name: 'a fraction', text: '1.5' },
  { name: 'true', text: 'true' },
  { name: 'null', text: 'null' },
  { name: 'an array', text: '[1,"x"]' },
  { name: 'an object', text: '{"a":1}' },
  // strings past every limit, and characters PostgreSQL or UTF-8 cannot hold
  { name: 'a 1 MB string', text: JSON.stringify(MEGABYTE_STRING) },
  { name: 'an empty string', text: '""' },
  { name: 'a NUL', text: '"a\\u0000b"' },
  { name: 'a lone high surrogate', text: '"\\ud800"' },
  { name: 'a lone low surrogate', text: '"x\\udc00"' },
  { name: 'invalid UTF-8 bytes', text: Buffer.from([0x22, 0xed, 0xa0, 0x80, 0xff, 0x22]) },
  // numbers past every column: bigint, double, safe integers, and fractions
  { name: '1e20', text: '1e20' },
  { name: '-1e20', text: '-1e20' },
  { name: '1e308', text: '1e308' },
  { name: '1e400 (Infinity)', text: '1e400' },
  { name: '2^53 + 1', text: '9007199254740993' },
  { name: '2^63', text: '9223372036854775808' },
  { name: '0.5', text: '0.5' },
  { name: '-1', text: '-1' },
  { name: '0', text: '0' },
  { name: '-0', text: '-0' },
  { name: '1e-320', text: '1e-320' },
  // structure
  { name: '10,000-deep arrays', text: deepArray() },
  { name: '10,000-deep objects', text: deepObject() },
  { name: 'an object with __proto__', text: '{"__proto__":{"polluted":true}}' },
  { name: 'an object with constructor.prototype', text: '{"constructor":{"prototype":{"polluted":true}}}' },
]

const concat = (...parts: (string | Buffer)[]) => (parts.some((p) => typeof p !== 'string') ? Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p))) : parts.join(''))

function bodyVariants(schema: Schema | undefined, bodyLimit: number, eachField: boolean): Variant[] {
  const properties = Object.entries(schema?.properties ?? {})
  const base: [string, string][] = properties.map(([name, prop]) => [JSON.stringify(name), JSON.stringify(plausibleValue(name, prop))])
  const json = (name: string, payload: string | Buffer): Variant => ({ name, payload, contentType: JSON_TYPE })
  const plus = (key: string, value: string | Buffer) => concat(objectText(base).slice(0, -1), base.length > 0 ? ',' : '', key, ':', value, '}')

  const variants: Variant[] = [
    // not a usable body at all
    { name: 'no body' },
    json('an empty body', ''),
    json('broken JSON', '{"a": '),
    json('a lone brace', '{'),
    json('single quotes', "{'a':1}"),
    json('a trailing comma', `${objectText(base).slice(0, -1)},}`),
    json('two documents', '{}{}'),
    json('an array', '[]'),
    json('null', 'null'),
    json('a string', '"text"'),
    json('a number', '42'),
    json('10,000-deep arrays as the body', deepArray()),
    { name: 'plain text', payload: 'a=1', contentType: 'text/plain' },
    { name: 'a form', payload: 'a=1', contentType: 'application/x-www-form-urlencoded' },
    { name: 'an unknown content type', payload: '<a/>', contentType: 'application/xml' },
    { name: 'a broken content type', payload: '{}', contentType: 'application/json; charset=nonsense' },
    json('more than the body limit', JSON.stringify({ x: 'y'.repeat(bodyLimit) })),
    // the plausible body, then unknown fields of every kind beside it
    json('the plausible body', objectText(base)),
    json('an unknown field 10,000 arrays deep', plus('"x"', deepArray())),
    json('an unknown field 10,000 objects deep', plus('"x"', deepObject())),
    json('an unknown 1 MB string', plus('"x"', JSON.stringify(MEGABYTE_STRING))),
    json('a NUL key', plus('"\\u0000"', '1')),
    json('a lone surrogate key', plus('"\\ud800"', '1')),
    json('a __proto__ key', plus('"__proto__"', '{"polluted":true}')),
    json('a constructor key', plus('"constructor"', '{"prototype":{"polluted":true}}')),
    json('a toString key', plus('"toString"', '1')),
    json('a hasOwnProperty key', plus('"hasOwnProperty"', '"x"')),
  ]
  // each field in turn with every wrong value, the rest plausible
  for (const [i, [name]] of eachField ? properties.entries() : []) {
    for (const value of FIELD_VALUES) {
      const entries = base.map(([k, v], j): [string, string] => [k, j === i ? '\u0001' : v])
      const [before, after] = objectText(entries).split('\u0001') as [string, string]
      variants.push(json(`${name} = ${value.name}`, concat(before, value.text, after)))
    }
    // and without it
    variants.push(json(`without ${name}`, objectText(base.filter((_, j) => j !== i))))
  }
  return variants
}

/** What every route gets besides its body: another method, a URL that does not decode, odd headers. */
function routeVariants(route: RouteEntry, body: string): Variant[] {
  const json = (name: string, extra: Partial<Variant>): Variant => ({ name, payload: body, contentType: JSON_TYPE, ...extra })
  const variants: Variant[] = [
    json('a bad percent escape in the path', { urlSuffix: '%ZZ' }),
    json('a bad escape in the query', { urlSuffix: '?a=%ZZ&b=%00&__proto__=1' }),
    json('another method', { method: route.method === 'DELETE' ? 'PATCH' : 'DELETE' }),
    json('OPTIONS', { method: 'OPTIONS' }),
    json('an overlong lang header', { headers: { lang: 'x'.repeat(10_000) } }),
  ]
  if (route.idempotent) {
    variants.push(
      json('no Idempotency-Key', { headers: { 'idempotency-key': '' } }),
      json('a bad Idempotency-Key', { headers: { 'idempotency-key': 'has space' } }),
      json('an overlong Idempotency-Key', { headers: { 'idempotency-key': 'k'.repeat(10_000) } }),
      json('a bad Idempotency-Withdraw', { headers: { 'idempotency-withdraw': 'yes' } }),
    )
  }
  return variants
}

// ---- what every reply must be

/** The route declares its 200 as the envelope (the CSV export and the OpenAPI document do not). */
function declaresEnvelope(route: RouteEntry): boolean {
  const ok = route.schema.response?.['200'] as Schema | undefined
  return ok?.properties?.status !== undefined
}

function problemWith(route: RouteEntry, reply: Reply, method: string): string | null {
  if (reply.statusCode >= 500) return `HTTP ${reply.statusCode}: ${reply.body.slice(0, 200)}`
  if (method === 'HEAD') return null
  if (reply.statusCode === 200 && !declaresEnvelope(route)) return null
  if (!reply.contentType.startsWith('application/json')) return `content-type ${reply.contentType} (HTTP ${reply.statusCode}): ${reply.body.slice(0, 120)}`
  let body: unknown
  try {
    body = JSON.parse(reply.body)
  } catch {
    return `not JSON (HTTP ${reply.statusCode}): ${reply.body.slice(0, 120)}`
  }
  const e = body as { status?: unknown; msg?: unknown; code?: unknown; params?: unknown }
  const envelope =
    typeof e === 'object' &&
    e !== null &&
    (e.status === 0 || e.status === 1) &&
    typeof e.msg === 'string' &&
    (e.code === undefined || typeof e.code === 'string') &&
    (e.params === undefined || (typeof e.params === 'object' && e.params !== null))
  if (!envelope) return `not the envelope (HTTP ${reply.statusCode}): ${reply.body.slice(0, 120)}`
  if (reply.statusCode >= 400 && (e.status !== 0 || typeof e.code !== 'string')) return `an error without a code (HTTP ${reply.statusCode}): ${reply.body.slice(0, 120)}`
  if (e.status === 1 && reply.statusCode !== 200) return `success at HTTP ${reply.statusCode}`
  return null
}

function note(problems: string[], route: RouteEntry, mode: Mode, variant: Variant, problem: string | null): void {
  if (problem) problems.push(`${variant.method ?? route.method} ${route.url} (${mode}) with ${variant.name}: ${problem}`)
}

// ---- the sweeps

/** A distinct address per route, so a guess limit one sweep trips never locks out the session's own sign-in. */
const addressOf = (index: number, mode: Mode) => `10.${mode === 'anonymous' ? 1 : 2}.${Math.floor(index / 250)}.${index % 250}`

async function sweepBodies(route: RouteEntry, index: number, mode: Mode, problems: string[]): Promise<void> {
  const session = await sessionFor(route, mode)
  // Field by field only where the route reads the body: a private route refuses a request
  // without a session before reading it, and a public one ignores a session it is sent.
  const eachField = (route.access === 'public') === (mode === 'anonymous')
  const variants = bodyVariants(route.schema.body as Schema | undefined, route.bodyLimit, eachField)
  const plausible = variants.find((v) => v.name === 'the plausible body')!.payload as string
  variants.push(...routeVariants(route, plausible))
  for (const [i, variant] of variants.entries()) {
    const headers: Record<string, string> = { ...session }
    if (route.idempotent) headers['idempotency-key'] = `edge-${mode}-${index}-${i}`
    if (variant.contentType) headers['content-type'] = variant.contentType
    Object.assign(headers, variant.headers)
    if (headers['idempotency-key'] === '') delete headers['idempotency-key']
    const method = (variant.method ?? route.method) as 'POST'
    const res = await t.app.inject({
      method,
      url: `${route.url}${variant.urlSuffix ?? ''}`,
      headers,
      remoteAddress: addressOf(index, mode),
      ...(variant.payload === undefined ? {} : { payload: variant.payload }),
    })
    sent++
    note(problems, route, mode, variant, problemWith(route, { statusCode: res.statusCode, contentType: String(res.headers['content-type'] ?? ''), body: res.body }, method))
  }
}

/** Query strings for a GET route: its declared fields broken in turn, and bad escapes. */
function queryVariants(schema: Schema | undefined): Variant[] {
  const names = Object.keys(schema?.properties ?? {})
  const variants: Variant[] = [
    { name: 'no query', urlSuffix: '' },
    { name: 'an empty query', urlSuffix: '?' },
    { name: 'a bad escape in the query', urlSuffix: '?x=%ZZ' },
    { name: 'a bad percent escape in the path', urlSuffix: '%ZZ' },
    { name: 'a __proto__ parameter', urlSuffix: '?__proto__=1&constructor=2' },
  ]
  for (const name of names) {
    for (const [label, value] of [
      ['empty', ''],
      ['a NUL', '%00'],
      ['a lone surrogate', '%ED%A0%80'],
      ['invalid UTF-8', '%FF%FE'],
      ['a bad escape', '%ZZ'],
      ['punctuation', '%3Cscript%3E%22%27'],
      ['1e20', '1e20'],
      ['-1e308', '-1e308'],
      ['a fraction', '0.5'],
      ['a plausible value', 'RELIANCE,NIFTY50'],
      ['an unknown value', 'NOPE,,,'],
      ['10,000 items', Array.from({ length: 10_000 }, () => 'A').join(',')],
      ['past its length', 'A'.repeat(20_001)],
    ] as const) {
      variants.push({ name: `${name} ${label}`, urlSuffix: `?${name}=${value}` })
    }
    variants.push({ name: `${name} twice`, urlSuffix: `?${name}=A&${name}=B` })
    variants.push({ name: `${name} as a __proto__ field`, urlSuffix: `?${name}[__proto__]=1` })
  }
  return variants
}

async function sweepGet(route: RouteEntry, mode: Mode, problems: string[]): Promise<void> {
  const session = await sessionFor(route, mode)
  for (const variant of queryVariants(route.schema.querystring as Schema | undefined)) {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), 5_000)
    try {
      const res = await fetch(`${baseUrl}${route.url}${variant.urlSuffix ?? ''}`, { method: route.method, headers: session, signal: controller.signal })
      const contentType = res.headers.get('content-type') ?? ''
      sent++
      if (contentType.startsWith('text/event-stream')) {
        // A stream that opened: a success, which never ends by itself.
        note(problems, route, mode, variant, res.status === 200 ? null : `an event stream at HTTP ${res.status}`)
        controller.abort()
        continue
      }
      note(problems, route, mode, variant, problemWith(route, { statusCode: res.status, contentType, body: route.method === 'HEAD' ? '' : await res.text() }, route.method))
    } catch (error) {
      note(problems, route, mode, variant, controller.signal.aborted ? 'no answer within 5 s' : `no HTTP answer: ${String(error)}`)
    } finally {
      clearTimeout(timer)
    }
  }
}

describe('bad input on every route of the live route table', () => {
  it('is the live table: every area, both prefixes, GET and HEAD, idempotent and operator routes', () => {
    const routes = t.app.routeTable
    expect(routes.length).toBeGreaterThan(50)
    for (const access of ['public', 'user', 'operator'] as const) expect(routes.some((r) => r.access === access)).toBe(true)
    expect(routes.some((r) => r.idempotent)).toBe(true)
    expect(routes.some((r) => r.method === 'GET' && r.url === '/api/vue/stock/stream')).toBe(true)
    expect(routes.some((r) => r.method === 'HEAD' && r.url === '/api/health')).toBe(true)
  })

  for (const [index, route] of t.app.routeTable.entries()) {
    it(`${route.method} ${route.url}: never a 5xx, always the envelope, and the server answers afterwards`, async () => {
      const problems: string[] = []
      for (const mode of ['signed-in', 'anonymous'] as const) {
        // GET and HEAD carry no body: their query string is what can be broken.
        if (route.method === 'GET' || route.method === 'HEAD') await sweepGet(route, mode, problems)
        else await sweepBodies(route, index, mode, problems)
      }
      expect(problems).toEqual([])
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
    })
  }

  it('left no object prototype polluted by the __proto__ and constructor keys', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('polluted')
  })
})
