/**
 * `npm start`: build the PWA if dist/ is missing or older than its sources, then run the server
 * serving it (demo profile unless TIJORI_PROFILE says otherwise).
 */
import { existsSync } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { build } from 'vite'
import { REPO_ROOT, start } from '../server/main'

const DIST = resolve(REPO_ROOT, 'dist')
const BUILD_INPUTS = ['src', 'sw', 'public', 'locales', 'index.html', 'admin.html', 'vite.config.ts', 'lingui.config.ts']

/** The newest modification time under `path` (0 when it does not exist). */
async function newestChange(path: string): Promise<number> {
  const info = await stat(path).catch(() => null)
  if (!info) return 0
  if (!info.isDirectory()) return info.mtimeMs
  let newest = info.mtimeMs // a deleted file shows only as a newer folder
  for (const entry of await readdir(path)) newest = Math.max(newest, await newestChange(join(path, entry)))
  return newest
}

async function buildIsStale(): Promise<string | null> {
  const index = resolve(DIST, 'index.html')
  if (!existsSync(index)) return 'dist/index.html is missing'
  const built = (await stat(index)).mtimeMs
  for (const input of BUILD_INPUTS) {
    if ((await newestChange(resolve(REPO_ROOT, input))) > built) return `${input} changed since the last build`
  }
  return null
}

const reason = await buildIsStale()
if (reason) {
  console.log(`Building the PWA: ${reason}`)
  await build({ root: REPO_ROOT, configFile: resolve(REPO_ROOT, 'vite.config.ts') })
} else {
  console.log('The PWA in dist/ is up to date')
}
await start({ staticDir: DIST })
