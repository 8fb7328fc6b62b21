import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { get as httpGet, type IncomingMessage } from 'node:http'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LightMyRequestResponse } from 'fastify'
import { precompressDir } from '../../../scripts/precompress'
import { type Commit, idempotencyRunner } from '../../../server/plugins/idempotency'
import { builtDist, createTestApp, DEMO_ACCOUNT, type TestApp } from '../helpers'

/** The reply's body as the client reads it once it has undone the Content-Encoding. */
function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding']
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString()
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString()
  expect(encoding).toBeUndefined()
  return res.body
}

const varies = (res: LightMyRequestResponse) => String(res.headers.vary ?? '').toLowerCase().split(/\s*,\s*/).includes('accept-encoding')

// Repetitive like real bundles, so compression shrinks it; and an asset too small to shrink.
const BUNDLE = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},name:"row ${i}"}`).join(',')}]\n`
const PAGE = `<!doctype html><html><head><title>Tijori</title>${'<link rel="modulepreload" href="/assets/x.js">'.repeat(20)}</head></html>`

let t: TestApp
let session: Record<string, string>
let dist: string
let removeDist: () => Promise<void>
beforeAll(async () => {
  ;({ dir: dist, remove: removeDist } = await builtDist({
    'index.html': PAGE,
    'admin.html': PAGE.replace('Tijori', 'Tijori back office'),
    'sw.js': BUNDLE,
    'assets/main-abc123.js': BUNDLE,
    'assets/main-abc123.css': `.a{color:red}\n`.repeat(200),
    'assets/tiny-abc123.js': 'x',
    'icons/icon.png': Buffer.alloc(2000, 7),
  }))
  await precompressDir(dist)
  t = await createTestApp({ staticDir: dist })
  // A test-only mutation with a reply well over the threshold.
  const run = idempotencyRunner(t.database.db)
  t.app.post('/api/vue/test/big', { config: { idempotent: true } }, async (request, reply) =>
    run(request, reply, (commit: Commit) => commit(async () => ({ rows: Array.from({ length: 300 }, (_, i) => ({ id: i, at: t.clock.now(), key: randomUUID() })) }))),
  )
  // Every /api/vue route is private unless listed public (server/plugins/access.ts), the test's own too.
  session = await t.login(DEMO_ACCOUNT.account, DEMO_ACCOUNT.password)
})
afterAll(async () => {
  await t.close()
  await removeDist()
})

describe('compressed API replies', () => {
  const kline = { symbol: 'ITC', period: '1min', range: '1w', adjust: 'none' }
  const post = (url: string, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload, headers })

  it('sends JSON brotli- or gzip-compressed as the client accepts, identical once decoded', async () => {
    const plain = await post('/api/vue/stock/kline', kline)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.json()).toMatchObject({ status: 1 })
    for (const [accept, encoding] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
    ] as const) {
      const res = await post('/api/vue/stock/kline', kline, { 'accept-encoding': accept })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-encoding'], accept).toBe(encoding)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(varies(res)).toBe(true)
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3)
      expect(decoded(res)).toBe(plain.body)
    }
  })

  it('leaves a reply under 1 KiB as it is', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } })
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.json()).toMatchObject({ status: 1 })
  })

  it('replays an idempotent reply byte for byte once decoded, whatever encoding each request accepts', async () => {
    const key = randomUUID()
    const first = await post('/api/vue/test/big', {}, { ...session, 'idempotency-key': key, 'accept-encoding': 'br' })
    expect(first.headers['content-encoding']).toBe('br')
    const body = decoded(first)
    expect(JSON.parse(body)).toMatchObject({ status: 1, data: { rows: expect.any(Array) } })
    const gzipped = await post('/api/vue/test/big', {}, { ...session, 'idempotency-key': key, 'accept-encoding': 'gzip' })
    expect(gzipped.headers['idempotent-replayed']).toBe('true')
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    expect(decoded(gzipped)).toBe(body)
    const identity = await post('/api/vue/test/big', {}, { ...session, 'idempotency-key': key })
    expect(identity.headers['idempotent-replayed']).toBe('true')
    expect(identity.headers['content-encoding']).toBeUndefined()
    expect(identity.body).toBe(body)
  })
})

describe('precompressed built files', () => {
  const getFile = (url: string, accept?: string) => t.app.inject({ method: 'GET', url, headers: accept ? { 'accept-encoding': accept } : {} })

  it('sends the .br or .gz the build wrote, under the plain file type and cache rule', async () => {
    const source = await readFile(join(dist, 'assets', 'main-abc123.js'))
    const br = await getFile('/assets/main-abc123.js', 'gzip, deflate, br')
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.rawPayload.equals(await readFile(join(dist, 'assets', 'main-abc123.js.br')))).toBe(true)
    expect(brotliDecompressSync(br.rawPayload).equals(source)).toBe(true)
    const gz = await getFile('/assets/main-abc123.js', 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).equals(source)).toBe(true)
    const plain = await getFile('/assets/main-abc123.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.rawPayload.equals(source)).toBe(true)
    for (const res of [br, gz, plain]) {
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/)
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(varies(res)).toBe(true)
    }
    const css = await getFile('/assets/main-abc123.css', 'br')
    expect(css.headers['content-encoding']).toBe('br')
    expect(css.headers['content-type']).toMatch(/^text\/css/)
  })

  it('sends the pages and the service worker compressed and still revalidated every time', async () => {
    for (const url of ['/', '/index.html', '/admin.html', '/sw.js', '/login/start']) {
      const res = await getFile(url, 'br')
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-encoding'], url).toBe('br')
      expect(res.headers['cache-control'], url).toBe('no-cache')
      expect(res.headers['content-type'], url).toMatch(url === '/sw.js' ? /javascript/ : /^text\/html/)
      expect(decoded(res), url).toContain(url === '/sw.js' ? 'export const rows' : '<title>Tijori')
    }
  })

  it('writes no copy of an image or of a file compression would not shrink', async () => {
    const written = await precompressDir(dist)
    expect(written.map((f) => f.path)).not.toContain(join('icons', 'icon.png'))
    expect(written.find((f) => f.path === join('assets', 'tiny-abc123.js'))).toMatchObject({ br: null, gzip: null })
    const tiny = await getFile('/assets/tiny-abc123.js', 'br, gzip')
    expect(tiny.body).toBe('x')
    const icon = await getFile('/icons/icon.png', 'br, gzip')
    expect(icon.headers['content-encoding']).toBeUndefined()
    expect(icon.headers['content-type']).toBe('image/png')
  })
})

describe('the event stream', () => {
  it('is never compressed: each event arrives as text as soon as it is written', async () => {
    const s = await createTestApp({ config: { streamIntervalMs: 40 } })
    try {
      const address = await s.app.listen({ port: 0, host: '127.0.0.1' })
      const res = await new Promise<IncomingMessage>((resolve, reject) =>
        httpGet(`${address}/api/vue/stock/stream?symbols=ITC`, { headers: { 'accept-encoding': 'br, gzip' }, agent: false }, resolve).on('error', reject),
      )
      expect(res.headers['content-type']).toMatch(/^text\/event-stream/)
      expect(res.headers['content-encoding']).toBeUndefined()
      expect(res.headers['content-security-policy']).toMatch(/^default-src 'self'/)
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      let text = ''
      const until = (pattern: RegExp) =>
        new Promise<void>((resolve) => {
          const check = () => {
            if (!pattern.test(text)) return
            res.off('data', onData)
            resolve()
          }
          const onData = (chunk: Buffer) => {
            text += chunk.toString()
            check()
          }
          res.on('data', onData)
          check()
        })
      await until(/event: snapshot\nid: \d+\ndata: \{.*"ITC".*\}\n\n/)
      // The next minute's prices: a ticks event follows without anything else being sent first.
      s.clock.advance(60_000)
      await until(/event: ticks\nid: \d+\ndata: \{.*"ITC".*\}\n\n/)
      res.destroy()
    } finally {
      await s.close()
    }
  })
})
