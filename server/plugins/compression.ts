/**
 * Compressed replies: brotli or gzip as the client's Accept-Encoding allows, for every /api route
 * registered after this (JSON replies, the OpenAPI document). Built files are not compressed
 * here: the build writes their .br and .gz once at the highest levels and @fastify/static picks
 * one (static-files.ts).
 *
 * - Threshold 1 KiB: below it the saving is a few hundred bytes at most, less than the work.
 * - Brotli quality 4 (the plugin's default, Cloudflare's measured sweet spot) and gzip level 6
 *   (zlib's default): a one-year 1-minute chart, megabytes of JSON, compresses in tens of
 *   milliseconds instead of seconds at the maximum levels.
 * - br and gzip only, in that order of preference, the same pair the build writes.
 * - The event stream (/stock/stream) is never compressed: it writes to the socket itself and a
 *   compressor would hold its ticks back until a block fills. text/event-stream is also outside
 *   the plugin's compressible types, should the route ever stop writing for itself.
 * - Request bodies are not decompressed: no client of ours sends them compressed, and accepting
 *   a Content-Encoding would only widen what a request can make the server inflate.
 */
import { constants } from 'node:zlib'
import compress from '@fastify/compress'
import { type FastifyInstance } from 'fastify'

export const COMPRESSION_THRESHOLD_BYTES = 1024

export async function installCompression(app: FastifyInstance): Promise<void> {
  // Built files are sent as the build compressed them or not at all: a file without a .br/.gz
  // is an image or too small to shrink. Added before the plugin's own onRoute hook, so it sees this.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) route.compress ??= false
  })
  await app.register(compress, {
    globalCompression: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  })
}
