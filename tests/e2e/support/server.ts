/**
 * Starts the app exactly as `npm start` does (scripts/start.mjs: the compiled server) on a free
 * port with a fresh data directory, and stops it again. Used by the browser tests and the
 * benchmarks. Under the browser tests the directory is a copy of the run's data template
 * (support/data-template.ts) rather than empty.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Names a prepared data folder each server starts from a copy of (set by support/data-template-setup.ts). */
export const DATA_TEMPLATE_ENV = 'TIJORI_E2E_DATA_TEMPLATE'

export type RunningServer = {
  url: string
  port: number
  dataDir: string
  /** The server's process (the benches read its CPU). */
  pid: number
  stop: () => Promise<void>
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      const port = typeof address === 'object' && address ? address.port : 0
      srv.close(() => resolve(port))
    })
  })
}

async function waitForHealth(url: string, child: ChildProcess, deadlineMs: number): Promise<void> {
  const until = Date.now() + deadlineMs
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      const res = await fetch(`${url}/api/health`)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error('server did not become healthy in time')
}

/** `npm start` of the tree at `root` (this one by default) on a free port and a data folder of its own. */
export async function startServer(env: Record<string, string> = {}, root = process.cwd()): Promise<RunningServer> {
  const port = await freePort()
  const dataDir = await mkdtemp(join(tmpdir(), 'tijori-e2e-'))
  const template = process.env[DATA_TEMPLATE_ENV]
  if (template) await cp(template, dataDir, { recursive: true })
  // Not vitest's NODE_ENV=test: when a source changed after the build, scripts/start.mjs builds
  // again, and under NODE_ENV=test Vite makes a development build (React's development copy,
  // some 60 KiB more on the first route) that `npm start` never serves.
  const inherited = { ...process.env }
  delete inherited.NODE_ENV
  delete inherited[DATA_TEMPLATE_ENV]
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...inherited, PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  // The output's tail, for the error should it not start: bounded, as a bench's server runs long.
  let log = ''
  const keep = (d: Buffer) => (log = (log + d.toString()).slice(-64 * 1024))
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const url = `http://127.0.0.1:${port}`
  try {
    await waitForHealth(url, child, 120_000)
  } catch (err) {
    child.kill('SIGKILL')
    throw new Error(`${(err as Error).message}\n${log}`, { cause: err })
  }
  return {
    url,
    port,
    dataDir,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))])
        if (child.exitCode === null) child.kill('SIGKILL')
      }
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** One back-office call (`/api/admin<path>`) as an operator's tool makes it; throws unless it succeeded. */
export async function adminCall<T>(serverUrl: string, path: string, body: object, token?: string): Promise<T> {
  const res = await fetch(`${serverUrl}/api/admin${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'operator-token': token } : {}) },
    body: JSON.stringify(body),
  })
  const reply = (await res.json()) as { status: number; data: T; msg: string }
  if (reply.status !== 1) throw new Error(`${path}: ${JSON.stringify(reply)}`)
  return reply.data
}
