/**
 * Serves the built PWA (dist/) and the back office (admin.html). Cache rules: sw.js and the two
 * pages must be revalidated every time so a new release reaches installed apps and operators;
 * hashed /assets/* never change, so they are immutable. The build writes a .br and a .gz beside
 * every text file (scripts/precompress.ts): the one the client accepts is sent, under the plain
 * file's name, type and cache rule, with Vary: Accept-Encoding.
 */
import { basename, extname } from 'node:path'
import fastifyStatic from '@fastify/static'
import { type FastifyInstance, type FastifyReply } from 'fastify'
import { type NotFoundFallback } from './envelope'

const NO_CACHE = new Set(['index.html', 'admin.html', 'sw.js', 'manifest.webmanifest'])

/** The file a precompressed variant stands for: index.html.br -> index.html. */
const PRECOMPRESSED = /\.(br|gz)$/

function setCacheHeaders(reply: FastifyReply, filePath: string): void {
  const name = basename(filePath).replace(PRECOMPRESSED, '')
  if (NO_CACHE.has(name)) reply.header('cache-control', 'no-cache')
  else if (filePath.includes('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable')
  else reply.header('cache-control', 'public, max-age=3600')
}

/** Registers the files and returns the SPA fallback for the not-found handler. */
export async function installStaticFiles(app: FastifyInstance, staticDir: string): Promise<NotFoundFallback> {
  await app.register(fastifyStatic, {
    root: staticDir,
    prefix: '/',
    cacheControl: false,
    preCompressed: true,
    setHeaders: setCacheHeaders,
  })
  return (request, reply) => {
    const path = request.url.split('?')[0] ?? ''
    if (request.method !== 'GET' && request.method !== 'HEAD') return false
    if (path === '/api' || path.startsWith('/api/')) return false
    // A missing file (an old hashed asset, a typo) is a 404, not the HTML page under a .js name.
    if (extname(path) !== '') return false
    void reply.header('cache-control', 'no-cache').sendFile('index.html')
    return true
  }
}
