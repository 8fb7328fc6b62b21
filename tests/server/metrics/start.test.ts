/**
 * The server as main.ts starts it with METRICS_PORT: the metrics on their own loopback listener,
 * behind the token, never on the public port, and closed with the server.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { start } from '../../../server/main'

const dirs: string[] = []
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

describe('the started server with METRICS_PORT', () => {
  it('serves /metrics on its own listener with the token, not on the public port, until it closes', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'tijori-metrics-'))
    dirs.push(dataDir)
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', MARKET_BACKFILL_DAYS: '2', METRICS_PORT: '0', METRICS_TOKEN: 'scrape-secret' }
    const running = await start({ env, port: 0, staticDir: null, handleSignals: false })
    let closed = false
    try {
      expect(running.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/)
      expect(log.mock.calls.map((c) => String(c[0])).join('\n')).toContain(`metrics: ${running.metricsUrl} (bearer token METRICS_TOKEN)`)
      expect((await fetch(`${running.url}/api/health`)).status).toBe(200)
      // The public port has no such route: the SPA's 404 envelope, no metrics.
      const publicScrape = await fetch(`${running.url}/metrics`)
      expect(publicScrape.status).toBe(404)
      expect(await publicScrape.text()).not.toContain('tijori_')
      expect((await fetch(running.metricsUrl!)).status).toBe(401)

      const scrape = await fetch(running.metricsUrl!, { headers: { authorization: 'Bearer scrape-secret' } })
      expect(scrape.status).toBe(200)
      const text = await scrape.text()
      expect(text).toMatch(/tijori_http_request_duration_seconds_count\{[^}]*route="\/api\/health"[^}]*\} 1/)
      expect(text).toMatch(/tijori_refusals_total\{code="not_found",status="404"\} 1/)
      expect(text).toContain('tijori_db_info{kind="pglite"} 1')

      await running.close()
      closed = true
      await expect(fetch(running.metricsUrl!, { headers: { authorization: 'Bearer scrape-secret' } })).rejects.toThrow()
    } finally {
      if (!closed) await running.close()
      log.mockRestore()
    }
  }, 180_000)
})
