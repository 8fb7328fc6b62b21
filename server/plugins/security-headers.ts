/**
 * Security headers on every reply (pages, assets, API, errors, the event stream), as
 * @fastify/helmet writes them with our own directives rather than its defaults, so the policy is
 * exactly this:
 *
 * - Everything from our own origin only: the app has no third-party script, style, font, image or
 *   API. Images also from data: and blob: (the back office shows uploaded evidence as data URLs,
 *   the app previews a picked photo from a blob, qr-code-styling may draw through either).
 * - No inline script or style at all: no 'unsafe-inline', no nonces. The boot splash's CSS is a
 *   file, and sonner's toast CSS is built into our stylesheet instead of injected at run time
 *   (vite.config.ts). React's style props go through the CSSOM, which a CSP does not govern.
 * - Never framed (frame-ancestors 'none' and, for older browsers, X-Frame-Options: DENY), no
 *   referrer sent, no MIME sniffing, no plugins, <base> and form targets pinned to our origin.
 * - No upgrade-insecure-requests (helmet's default): the demo is served over plain http on a LAN
 *   address too, where it would rewrite every asset to an https URL that does not exist.
 * - HSTS is sent (helmet's one year, includeSubDomains, no preload): browsers ignore it over http,
 *   so the demo is unaffected, and behind TLS a money app should never be reached over http.
 * - Cross-Origin-Opener-Policy and Cross-Origin-Resource-Policy same-origin (nothing of ours is
 *   meant to be embedded or opened by another site); no Cross-Origin-Embedder-Policy: isolation
 *   would buy nothing (no SharedArrayBuffer) and would block any cross-origin image later.
 */
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet'
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify'

export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const

const HELMET_OPTIONS = {
  global: true,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: Object.fromEntries(Object.entries(CSP_DIRECTIVES).map(([name, sources]) => [name, [...sources]])),
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true, preload: false },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  crossOriginResourcePolicy: { policy: 'same-origin' },
} satisfies FastifyHelmetOptions

/**
 * The headers helmet writes, read once from a reply of a throwaway instance. Every reply gets this
 * set: @fastify/helmet itself builds helmet's middleware anew on each request, CSP parsing
 * included (2-3% of the server's CPU in an orders run), for headers that never change. And a URL
 * that does not decode (frameworkErrors) is answered before any hook runs, so that reply gets them
 * through apply().
 */
let headerSet: Promise<Record<string, string>> | null = null

function securityHeaderSet(): Promise<Record<string, string>> {
  headerSet ??= (async () => {
    const probe = Fastify()
    await probe.register(helmet, HELMET_OPTIONS)
    probe.get('/', async () => '')
    const res = await probe.inject({ method: 'GET', url: '/' })
    await probe.close()
    // Everything but what Fastify itself writes on any reply is helmet's.
    const fastifyOwn = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive'])
    return Object.fromEntries(Object.entries(res.headers).flatMap(([name, value]) => (typeof value === 'string' && !fastifyOwn.has(name) ? [[name, value]] : [])))
  })()
  return headerSet
}

export type SecurityHeaders = {
  /** Sets the headers on a reply that no hook has seen (frameworkErrors). */
  apply: (reply: FastifyReply) => FastifyReply
}

export async function installSecurityHeaders(app: FastifyInstance): Promise<SecurityHeaders> {
  const headers = await securityHeaderSet()
  const entries = Object.entries(headers)
  // On the raw response, as helmet sets them: the event stream writes its head there itself.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of entries) reply.raw.setHeader(name, value)
    done()
  })
  return { apply: (reply) => reply.headers(headers) }
}
