import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LightMyRequestResponse } from 'fastify'
import { builtDist, createTestApp, type TestApp } from '../helpers'

// The policy, spelled out here on purpose so a change to it must change this test too: nothing from
// another origin, no inline script or style (no 'unsafe-inline', nonce or hash), no eval, never framed.
const POLICY =
  "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self';img-src 'self' data: blob:;font-src 'self';" +
  "connect-src 'self';worker-src 'self';manifest-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'"

let t: TestApp
let dist: Awaited<ReturnType<typeof builtDist>>
beforeAll(async () => {
  dist = await builtDist({
    'index.html': '<!doctype html><title>Tijori</title>',
    'admin.html': '<!doctype html><title>Tijori back office</title>',
    'sw.js': 'self.skipWaiting()',
    'assets/main-abc123.js': 'console.log(1)',
  })
  t = await createTestApp({ staticDir: dist.dir })
})
afterAll(async () => {
  await t.close()
  await dist.remove()
})

function expectSafeHeaders(res: LightMyRequestResponse, what: string): void {
  expect(res.headers['content-security-policy'], what).toBe(POLICY)
  expect(res.headers['x-frame-options'], what).toBe('DENY')
  expect(res.headers['x-content-type-options'], what).toBe('nosniff')
  expect(res.headers['referrer-policy'], what).toBe('no-referrer')
  expect(res.headers['strict-transport-security'], what).toBe('max-age=31536000; includeSubDomains')
  expect(res.headers['cross-origin-opener-policy'], what).toBe('same-origin')
  expect(res.headers['cross-origin-resource-policy'], what).toBe('same-origin')
  expect(res.headers['cross-origin-embedder-policy'], what).toBeUndefined()
}

describe('security headers', () => {
  it('are on both pages, the SPA fallback, assets and the service worker', async () => {
    for (const url of ['/', '/admin.html', '/login/start', '/assets/main-abc123.js', '/sw.js']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      expectSafeHeaders(res, url)
    }
  })

  it('are on API replies: success, refusal, 400, 401, 404 and a URL that does not decode', async () => {
    const replies: [string, LightMyRequestResponse, number][] = [
      ['config', await t.app.inject({ method: 'POST', url: '/api/vue/common/config', payload: { type: 'all' } }), 200],
      ['health', await t.app.inject({ method: 'GET', url: '/api/health' }), 200],
      ['bad body', await t.app.inject({ method: 'POST', url: '/api/vue/user/login', payload: { account: 1 } }), 400],
      ['bad json', await t.app.inject({ method: 'POST', url: '/api/vue/user/login', headers: { 'content-type': 'application/json' }, payload: '{' }), 400],
      ['no session', await t.app.inject({ method: 'POST', url: '/api/vue/user/info', payload: {} }), 401],
      ['no route', await t.app.inject({ method: 'POST', url: '/api/vue/nothing', payload: {} }), 404],
      ['missing asset', await t.app.inject({ method: 'GET', url: '/assets/gone-123.js' }), 404],
      ['bad url', await t.app.inject({ method: 'POST', url: '/api/vue/user/%ZZ', payload: {} }), 400],
    ]
    for (const [what, res, status] of replies) {
      expect(res.statusCode, what).toBe(status)
      expect(res.headers['content-type'], what).toMatch(/^application\/json/)
      expectSafeHeaders(res, what)
    }
  })
})
