/**
 * The metrics on a real app and database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set):
 * requests by route pattern, refusals by code, job sweeps and lag, the database, open streams —
 * each read from the Prometheus text before and after, moved by exactly what the test did. The
 * listener (server.ts) refuses a scrape without the token, and two apps never share a series.
 */
import { type ClientRequest, get as httpGet } from 'node:http'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { metricsSettings, serveMetrics } from '../../../server/metrics/server'
import { createTestApp, type TestApp } from '../helpers'

type Labels = Record<string, string>

/** One sample's value from Prometheus text: the series named `name` whose labels include `labels`; 0 when absent. */
function sample(text: string, name: string, labels: Labels = {}): number {
  let total: number | null = null
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || !line.startsWith(name)) continue
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match || match[1] !== name) continue
    const have: Labels = {}
    for (const [, key, value] of (match[2] ?? '').matchAll(/([a-zA-Z_]+)="((?:[^"\\]|\\.)*)"/g)) have[key!] = value!
    if (Object.entries(labels).every(([key, value]) => have[key] === value)) total = (total ?? 0) + Number(match[3])
  }
  return total ?? 0
}

/** Whether any series of `name` is in the text. */
const has = (text: string, name: string) => text.split('\n').some((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`))

const DETAIL = { method: 'POST', route: '/api/vue/stock/detail', status: '200' }

describe('the metrics of one app', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('counts requests under their route pattern and refusals under their code, by exactly what was sent', async () => {
    const before = await t.app.metrics.text()
    for (const symbol of ['RELIANCE', 'TCS', 'INFY']) expect((await t.call('/stock/detail', { symbol })).body.status).toBe(1)
    const unknown = await t.call('/stock/detail', { symbol: 'NOPE' })
    expect(unknown.body.code).toBe('symbol_unknown')
    const bad = await t.call('/stock/detail', { symbol: 42 })
    expect(bad.statusCode).toBe(400)
    const missing = await t.call('/no/such/route/123', {})
    expect(missing.statusCode).toBe(404)
    const after = await t.app.metrics.text()

    const moved = (name: string, labels: Labels) => sample(after, name, labels) - sample(before, name, labels)
    const count = 'tijori_http_request_duration_seconds_count'
    // Three answered and one refused in a 200 envelope, one 400: all under the one pattern.
    expect(moved(count, DETAIL)).toBe(4)
    expect(moved(count, { ...DETAIL, status: '400' })).toBe(1)
    // A URL that matched nothing is one series, never its own path.
    expect(moved(count, { route: '(unmatched)', status: '404' })).toBe(1)
    expect(after).not.toContain('/no/such/route/123')
    expect(moved('tijori_http_request_duration_seconds_bucket', { ...DETAIL, le: '+Inf' })).toBe(4)

    expect(moved('tijori_refusals_total', { code: 'symbol_unknown', status: '200' })).toBe(1)
    expect(moved('tijori_refusals_total', { code: 'bad_request', status: '400' })).toBe(1)
    expect(moved('tijori_refusals_total', { code: 'not_found', status: '404' })).toBe(1)
    expect(moved('tijori_refusals_total', {})).toBe(3)
  })

  it('counts a replayed refusal again: the client was refused twice', async () => {
    await t.register('9830001000')
    const headers = await t.login('9830001000', 'secret123')
    const before = await t.app.metrics.text()
    // A withdrawal with no fund password set is refused; the same key replays the stored refusal.
    const body = { amount: 10_000, cardId: 1, fundPassword: '123456' }
    const first = await t.call('/user/withdraw', body, { headers, key: '5b0d7c43-4e62-4c47-9f0e-0d3c8a6f1a01' })
    const again = await t.call('/user/withdraw', body, { headers, key: '5b0d7c43-4e62-4c47-9f0e-0d3c8a6f1a01' })
    expect(first.body.status).toBe(0)
    expect(again.raw).toBe(first.raw)
    const after = await t.app.metrics.text()
    const code = first.body.code!
    expect(sample(after, 'tijori_refusals_total', { code }) - sample(before, 'tijori_refusals_total', { code })).toBe(2)
  })

  it('counts each job sweep by its outcome and reports the lag since the last that ran, by the app clock', async () => {
    const before = await t.app.metrics.text()
    expect(before).not.toMatch(/tijori_job_lag_seconds\{job="vip"\}/)
    expect(sample(before, 'tijori_job_interval_seconds', { job: 'vip' })).toBe(0) // swept by hand in tests

    const sweptAt = t.clock.now()
    expect((await t.app.jobs.sweep('vip', sweptAt)).ran).toBe(true)
    // Two at once: the second finds the first under way and is skipped.
    const [one, two] = await Promise.all([t.app.jobs.sweep('cleanup', sweptAt), t.app.jobs.sweep('cleanup', sweptAt)])
    expect([one.ran, two.ran]).toEqual([true, false])
    t.clock.advance(90_000)
    const after = await t.app.metrics.text()

    const moved = (labels: Labels) => sample(after, 'tijori_job_runs_total', labels) - sample(before, 'tijori_job_runs_total', labels)
    expect(moved({ job: 'vip', outcome: 'ran' })).toBe(1)
    expect(moved({ job: 'cleanup', outcome: 'ran' })).toBe(1)
    expect(moved({ job: 'cleanup', outcome: 'skipped' })).toBe(1)
    expect(moved({})).toBe(3)
    expect(sample(after, 'tijori_job_duration_seconds_count', { job: 'vip' }) - sample(before, 'tijori_job_duration_seconds_count', { job: 'vip' })).toBe(1)
    expect(sample(after, 'tijori_job_lag_seconds', { job: 'vip' })).toBe(90)
    expect(sample(after, 'tijori_job_lag_seconds', { job: 'cleanup' })).toBe(90)
    // A job that never ran has no lag to report.
    expect(after).not.toMatch(/tijori_job_lag_seconds\{job="dividends"\}/)
  })

  it('counts a failed sweep as failed', async () => {
    // A job declared on the app's own registry whose sweep throws: the registry hands the error back.
    const sweep = t.app.jobs.add({ name: 'failing', intervalMs: 0, sweep: () => Promise.reject(new Error('the sweep broke')) })
    await expect(sweep(t.clock.now())).rejects.toThrow('the sweep broke')
    const text = await t.app.metrics.text()
    expect(sample(text, 'tijori_job_runs_total', { job: 'failing', outcome: 'failed' })).toBe(1)
    expect(sample(text, 'tijori_job_runs_total', { job: 'failing', outcome: 'ran' })).toBe(0)
    expect(text).not.toMatch(/tijori_job_lag_seconds\{job="failing"\}/)
  })

  it('reports the database: the pool on PostgreSQL, the kind alone on PGlite', async () => {
    const text = await t.app.metrics.text()
    expect(sample(text, 'tijori_db_info', { kind: t.database.kind })).toBe(1)
    if (t.database.kind === 'postgres') {
      expect(sample(text, 'tijori_db_pool_max')).toBe(10)
      const total = sample(text, 'tijori_db_pool_connections', { state: 'total' })
      expect(total).toBeGreaterThanOrEqual(1)
      expect(sample(text, 'tijori_db_pool_connections', { state: 'idle' })).toBeLessThanOrEqual(total)
      expect(has(text, 'tijori_db_pool_connections')).toBe(true)
    } else {
      expect(has(text, 'tijori_db_pool_connections')).toBe(false)
    }
  })

  it('keeps each app to its own registry: requests to one never show in another', async () => {
    const other = await createTestApp()
    try {
      // The requests' series only: the pool's gauges move by themselves on PostgreSQL.
      const requests = async (app: TestApp) => (await app.app.metrics.text()).split('\n').filter((line) => /^tijori_(http|refusals)/.test(line))
      const before = await requests(t)
      await other.call('/stock/detail', { symbol: 'TCS' })
      await other.call('/stock/detail', { symbol: 'NOPE' })
      expect(sample(await other.app.metrics.text(), 'tijori_http_request_duration_seconds_count', DETAIL)).toBe(2)
      expect(await requests(t)).toEqual(before)
      expect(before.length).toBeGreaterThan(0)
    } finally {
      await other.close()
    }
  })
})

describe('open quote streams', () => {
  it('counts each open stream while it is open and not after its client leaves', async () => {
    const s = await createTestApp({ config: { streamIntervalMs: 40 } })
    const open = async () => sample(await s.app.metrics.text(), 'tijori_stream_clients')
    // node:http without keep-alive, so closing a request ends its connection.
    const stream = (url: string) =>
      new Promise<{ request: ClientRequest; firstChunk: Promise<string> }>((resolve, reject) => {
        const request = httpGet(url, { agent: false }, (res) => resolve({ request, firstChunk: new Promise((done) => res.once('data', (chunk: Buffer) => done(chunk.toString()))) }))
        request.on('error', reject)
      })
    try {
      const address = await s.app.listen({ port: 0, host: '127.0.0.1' })
      expect(await open()).toBe(0)
      const a = await stream(`${address}/api/vue/stock/stream?symbols=TCS`)
      const b = await stream(`${address}/api/vue/stock/stream?symbols=INFY,ITC`)
      expect(await a.firstChunk).toContain('retry: 3000')
      expect(await b.firstChunk).toContain('retry: 3000')
      expect(await open()).toBe(2)
      a.request.destroy()
      await vi.waitFor(async () => expect(await open()).toBe(1), { timeout: 5_000, interval: 20 })
      b.request.destroy()
      await vi.waitFor(async () => expect(await open()).toBe(0), { timeout: 5_000, interval: 20 })
    } finally {
      await s.close()
    }
  })
})

describe('the metrics listener', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('serves the text to a scrape with the token and refuses one without it or with another', async () => {
    const listener = await serveMetrics(t.app.metrics, { port: 0, host: '127.0.0.1', token: 'scrape-secret-1' })
    try {
      expect(listener.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/)
      const none = await fetch(listener.url)
      expect(none.status).toBe(401)
      expect(await none.text()).not.toContain('tijori_')
      expect((await fetch(listener.url, { headers: { authorization: 'Bearer scrape-secret-2' } })).status).toBe(401)
      expect((await fetch(listener.url, { headers: { authorization: 'scrape-secret-1' } })).status).toBe(401)
      const ok = await fetch(listener.url, { headers: { authorization: 'Bearer scrape-secret-1' } })
      expect(ok.status).toBe(200)
      expect(ok.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
      const text = await ok.text()
      expect(text).toContain('# TYPE tijori_http_request_duration_seconds histogram')
      // Served, the process's own figures come too.
      expect(has(text, 'tijori_process_resident_memory_bytes')).toBe(true)
      expect((await fetch(listener.url.replace('/metrics', '/other'), { headers: { authorization: 'Bearer scrape-secret-1' } })).status).toBe(404)
    } finally {
      await listener.close()
    }
  })

  it('is off unless METRICS_PORT is set, on loopback by default, and refuses another address without a token', () => {
    expect(metricsSettings({})).toBeNull()
    expect(metricsSettings({ METRICS_PORT: '9464' })).toEqual({ port: 9464, host: '127.0.0.1', token: null })
    expect(metricsSettings({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: 'x' })).toEqual({ port: 9464, host: '0.0.0.0', token: 'x' })
    expect(() => metricsSettings({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toThrow(/METRICS_TOKEN/)
    expect(() => metricsSettings({ METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT/)
  })
})
