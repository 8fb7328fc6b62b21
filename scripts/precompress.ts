/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of a built folder, at the
 * highest levels, once per build, so the server sends them without compressing anything per
 * request (server/plugins/static-files.ts). A copy that would not be smaller is not written,
 * and the server then sends the plain file. Used by the build (vite.config.ts) and the tests.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { extname, join, relative } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Text formats the build emits; images and icons are compressed formats already. */
export const PRECOMPRESSED_EXTENSIONS = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.webmanifest', '.txt', '.xml'])

export type PrecompressedFile = { path: string; raw: number; br: number | null; gzip: number | null }

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))
}

async function writeIfSmaller(path: string, raw: Buffer, compressed: Buffer): Promise<number | null> {
  if (compressed.length >= raw.length) return null
  await writeFile(path, compressed)
  return compressed.length
}

export async function precompressDir(dir: string): Promise<PrecompressedFile[]> {
  const files = (await filesUnder(dir)).filter((f) => PRECOMPRESSED_EXTENSIONS.has(extname(f)))
  return Promise.all(
    files.map(async (file) => {
      const raw = await readFile(file)
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION }),
      ])
      return {
        path: relative(dir, file),
        raw: raw.length,
        br: await writeIfSmaller(`${file}.br`, raw, br),
        gzip: await writeIfSmaller(`${file}.gz`, raw, gz),
      }
    }),
  )
}
