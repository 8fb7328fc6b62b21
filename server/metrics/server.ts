/**
 * The metrics listener: GET /metrics on its own port, never the public one, so the load balancer
 * never forwards a scrape and each process is scraped by itself (METRICS_PORT). It binds to
 * 127.0.0.1 unless METRICS_HOST says otherwise; METRICS_TOKEN, when set, is a bearer token every
 * scrape must carry, and a listener on any address but loopback refuses to start without one.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http'
import { type AddressInfo } from 'node:net'
import { type Metrics } from './metrics'

export type MetricsListener = { url: string; close: () => Promise<void> }

export type MetricsSettings = { port: number; host: string; token: string | null }

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost'])

/** METRICS_PORT, METRICS_HOST, METRICS_TOKEN; null when METRICS_PORT is unset (no listener). */
export function metricsSettings(env: NodeJS.ProcessEnv): MetricsSettings | null {
  const value = env.METRICS_PORT
  if (value === undefined || value === '') return null
  const port = Number(value)
  if (!Number.isSafeInteger(port) || port < 0 || port > 65_535) throw new Error(`METRICS_PORT is a port number, got "${value}"`)
  const host = env.METRICS_HOST || '127.0.0.1'
  const token = env.METRICS_TOKEN || null
  if (!LOOPBACK.has(host) && token === null) throw new Error(`METRICS_HOST ${host} is reachable from other machines: set METRICS_TOKEN too`)
  return { port, host, token }
}

/** Compared as hashes, so neither the length nor the bytes of the token leak through timing. */
function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest()
  return timingSafeEqual(digest(given), digest(expected))
}

function authorised(request: IncomingMessage, token: string | null): boolean {
  if (token === null) return true
  const header = request.headers.authorization ?? ''
  return header.startsWith('Bearer ') && sameToken(header.slice('Bearer '.length), token)
}

export async function serveMetrics(metrics: Metrics, settings: MetricsSettings): Promise<MetricsListener> {
  metrics.collectProcessMetrics()
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '').split('?')[0]
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: GET /metrics\n')
      return
    }
    if (!authorised(request, settings.token)) {
      response.writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer realm="metrics"' }).end('Unauthorised\n')
      return
    }
    metrics.text().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(request.method === 'HEAD' ? undefined : text),
      (error: unknown) => {
        console.error('metrics failed', error)
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics failed\n')
      },
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(settings.port, settings.host, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        // A scraper's keep-alive connection would hold close() open.
        server.closeIdleConnections()
      }),
  }
}
