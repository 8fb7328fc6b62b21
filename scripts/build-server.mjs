// @ts-check
/**
 * The server's build: server/main.ts and everything it imports from server/ and src/ bundled by
 * esbuild into dist-server/main.js, so `npm start` runs plain JavaScript instead of compiling
 * TypeScript through tsx on every start (issue 14: 2.1 s of a 6.6 s start). Packages stay
 * external: Node loads them from node_modules as before, which keeps the native and wasm ones
 * (@electric-sql/pglite, sharp, @node-rs/argon2, pg) working unchanged.
 *
 * Plain JavaScript because `npm start` runs it before anything is compiled. The bundle keeps
 * server/main.ts's relative paths: dist-server/ sits one level under the repository like server/
 * (REPO_ROOT), and the migrations are copied beside the bundle (server/db/migrate.ts reads
 * `./migrations/` next to its module).
 *
 * `node scripts/build-server.mjs` builds; start.mjs calls serverBuildIsStale() and buildServer().
 */
import { existsSync } from 'node:fs'
import { copyFile, mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url))
export const SERVER_OUT = resolve(REPO_ROOT, 'dist-server')
export const SERVER_ENTRY = resolve(SERVER_OUT, 'main.js')
const META = resolve(SERVER_OUT, 'meta.json')
const MIGRATIONS = resolve(REPO_ROOT, 'server/db/migrations')
const THIS_FILE = fileURLToPath(import.meta.url)

/** @param {string} path */
async function mtime(path) {
  const info = await stat(path).catch(() => null)
  return info ? info.mtimeMs : null
}

/**
 * Why dist-server/ must be built again, or null when it is current: every source the last build
 * read (esbuild's metafile) is older than the bundle, and so are the migrations and this script.
 * A source deleted or added shows as a change in a file that imported it.
 * @returns {Promise<string | null>}
 */
export async function serverBuildIsStale() {
  const built = await mtime(SERVER_ENTRY)
  if (built === null || !existsSync(META)) return 'dist-server/main.js is missing'
  /** @type {{ inputs: Record<string, unknown> }} */
  const meta = JSON.parse(await readFile(META, 'utf8'))
  const inputs = [...Object.keys(meta.inputs).map((input) => resolve(REPO_ROOT, input)), THIS_FILE, MIGRATIONS]
  for (const input of inputs) {
    const changed = await mtime(input)
    if (changed === null) return `${input} is gone since the last build`
    if (changed > built) return `${input.slice(REPO_ROOT.length)} changed since the last build`
  }
  for (const file of await readdir(MIGRATIONS)) {
    if (((await mtime(join(MIGRATIONS, file))) ?? Infinity) > built) return `migration ${file} changed since the last build`
  }
  return null
}

/**
 * Builds dist-server/. Each file is written under a temporary name and renamed into place, and
 * the bundle last, so a process starting meanwhile (several at once: the cluster, the tests) sees
 * either the old build or the new one, never half of one.
 */
export async function buildServer() {
  const started = performance.now()
  const { build } = await import('esbuild')
  const result = await build({
    absWorkingDir: REPO_ROOT,
    entryPoints: { main: 'server/main.ts' },
    outdir: SERVER_OUT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    // Readable stack traces without a source-map flag: names kept, nothing minified.
    keepNames: true,
    sourcemap: 'linked',
    metafile: true,
    write: false,
    logLevel: 'warning',
  })
  await mkdir(resolve(SERVER_OUT, 'migrations'), { recursive: true })
  const suffix = `.tmp-${process.pid}`
  /** @type {(from: string, to: string) => Promise<void>} */
  const place = async (from, to) => {
    await rename(from, to).catch(async (err) => {
      await rm(from, { force: true })
      throw err
    })
  }
  const migrations = await readdir(MIGRATIONS)
  for (const file of await readdir(resolve(SERVER_OUT, 'migrations'))) {
    // A migration renamed or removed in server/ must not stay behind to be applied.
    if (!migrations.includes(file)) await rm(resolve(SERVER_OUT, 'migrations', file), { force: true })
  }
  for (const file of migrations) {
    const to = resolve(SERVER_OUT, 'migrations', file)
    await copyFile(join(MIGRATIONS, file), to + suffix)
    await place(to + suffix, to)
  }
  const outputs = [...result.outputFiles].sort((a, b) => Number(a.path === SERVER_ENTRY) - Number(b.path === SERVER_ENTRY))
  await writeFile(META + suffix, JSON.stringify(result.metafile))
  await place(META + suffix, META)
  for (const file of outputs) {
    await mkdir(dirname(file.path), { recursive: true })
    await writeFile(file.path + suffix, file.contents)
    await place(file.path + suffix, file.path)
  }
  return { ms: performance.now() - started, inputs: Object.keys(result.metafile.inputs).length }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const { ms, inputs } = await buildServer()
  console.log(`built dist-server/main.js from ${inputs} modules in ${(ms / 1000).toFixed(1)} s`)
}
