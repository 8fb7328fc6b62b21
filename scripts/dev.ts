/**
 * `npm run dev`: the API server on API_PORT (8081) and Vite's dev server on PORT (8080), which
 * proxies /api to the API (vite.config.ts reads API_PORT when the dev server loads it).
 */
import { resolve } from 'node:path'
import { createServer } from 'vite'
import { REPO_ROOT, start } from '../server/main'

process.env.API_PORT ??= '8081'
const apiPort = Number(process.env.API_PORT)
const webPort = Number(process.env.PORT ?? 8080)

const api = await start({ port: apiPort, staticDir: null, handleSignals: false })
const vite = await createServer({
  root: REPO_ROOT,
  configFile: resolve(REPO_ROOT, 'vite.config.ts'),
  server: { port: webPort, strictPort: true },
})
await vite.listen()
vite.printUrls()
console.log(`  API: ${api.url} (proxied at /api)`)

let stopping = false
const stop = async (signal: NodeJS.Signals) => {
  if (stopping) return
  stopping = true
  console.log(`${signal}: shutting down`)
  await vite.close()
  await api.close()
  process.exit(0)
}
process.once('SIGINT', (s) => void stop(s))
process.once('SIGTERM', (s) => void stop(s))
