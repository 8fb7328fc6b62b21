/**
 * One bench file run by itself (`npx tsx tests/bench/<file>.ts`) instead of through `npm run bench`:
 * on a server started from a fresh prepared data folder, as each browser test file starts its own.
 */
import { type RunningServer } from '../e2e/support/server'

export async function runAlone(bench: (server: RunningServer) => Promise<void>): Promise<void> {
  const { rm } = await import('node:fs/promises')
  const { makeDataTemplate } = await import('../e2e/support/data-template')
  const { DATA_TEMPLATE_ENV, startServer } = await import('../e2e/support/server')
  const template = await makeDataTemplate()
  process.env[DATA_TEMPLATE_ENV] = template
  const server = await startServer()
  try {
    await bench(server)
  } finally {
    await server.stop()
    await rm(template, { recursive: true, force: true })
  }
}
