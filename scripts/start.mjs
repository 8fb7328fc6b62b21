// @ts-check
/**
 * `npm start`: build what is missing or older than its sources — the PWA into dist/ (Vite), the
 * server into dist-server/ (scripts/build-server.mjs) — then run the compiled server serving the
 * PWA (demo profile unless TIJORI_PROFILE says otherwise).
 *
 * Plain JavaScript so that nothing is compiled at start when both builds are current; Vite and
 * esbuild are loaded only when there is something to build.
 */
import { existsSync } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { REPO_ROOT, SERVER_ENTRY, buildServer, serverBuildIsStale } from './build-server.mjs'

const DIST = resolve(REPO_ROOT, 'dist')
const BUILD_INPUTS = ['src', 'sw', 'public', 'locales', 'index.html', 'admin.html', 'vite.config.ts', 'lingui.config.ts']

/**
 * The newest modification time under `path` (0 when it does not exist).
 * @param {string} path
 * @returns {Promise<number>}
 */
async function newestChange(path) {
  const info = await stat(path).catch(() => null)
  if (!info) return 0
  if (!info.isDirectory()) return info.mtimeMs
  let newest = info.mtimeMs // a deleted file shows only as a newer folder
  for (const entry of await readdir(path)) newest = Math.max(newest, await newestChange(join(path, entry)))
  return newest
}

/** @returns {Promise<string | null>} */
async function pwaBuildIsStale() {
  const index = resolve(DIST, 'index.html')
  if (!existsSync(index)) return 'dist/index.html is missing'
  const built = (await stat(index)).mtimeMs
  for (const input of BUILD_INPUTS) {
    if ((await newestChange(resolve(REPO_ROOT, input))) > built) return `${input} changed since the last build`
  }
  return null
}

const pwaReason = await pwaBuildIsStale()
if (pwaReason) {
  console.log(`Building the PWA: ${pwaReason}`)
  const { build } = await import('vite')
  await build({ root: REPO_ROOT, configFile: resolve(REPO_ROOT, 'vite.config.ts') })
} else {
  console.log('The PWA in dist/ is up to date')
}

const serverReason = await serverBuildIsStale()
if (serverReason) {
  console.log(`Building the server: ${serverReason}`)
  const { ms } = await buildServer()
  console.log(`Built dist-server/ in ${(ms / 1000).toFixed(1)} s`)
} else {
  console.log('The server in dist-server/ is up to date')
}

/** @type {typeof import('../server/main')} */
const server = await import(pathToFileURL(SERVER_ENTRY).href)
// STATIC_DIR serves another copy of the build (the update test changes its sw.js); dist/ otherwise.
await server.start(process.env.STATIC_DIR === undefined ? { staticDir: DIST } : {})
