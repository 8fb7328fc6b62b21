/**
 * `npm run cluster`: N API processes (default 3, `--processes N`) on one PostgreSQL (DATABASE_URL,
 * required) behind HAProxy (Debian's /usr/sbin/haproxy), all on one port (PORT, 8080). Ctrl-C
 * stops every process and the balancer.
 *
 * - Each process runs the compiled server (dist-server/, built first when stale), as `npm start` does.
 * - The first process starts alone and migrates, seeds and backfills the market store; the others
 *   start once it answers, so start-up work never races (the migrator holds a lock anyway).
 * - Each process gets its own application_name (tijori-api-<n>) on its PostgreSQL connections, so
 *   pg_stat_activity and pg_locks say which process holds a job's lock.
 * - TRUST_PROXY=1: HAProxy adds X-Forwarded-For, so rate limits see the client's address.
 * - HAProxy polls /api/health every second and takes a process out after two failures; a request
 *   whose connection is refused (a process just died) is sent to another one. Timeouts are an hour
 *   so the quote stream (SSE) is never cut by the balancer.
 *
 * startCluster() is also what the three-process kill test and tests/bench/cluster.ts use.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { SERVER_ENTRY, buildServer, serverBuildIsStale } from './build-server.mjs'

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url))
export const HAPROXY = process.env.HAPROXY ?? '/usr/sbin/haproxy'

export type ClusterProcess = {
  /** tijori-api-<n>, also its PostgreSQL application_name. */
  name: string
  port: number
  child: ChildProcess
  output: () => string
  /** Ends when the process has exited. */
  exited: Promise<void>
}

export type Cluster = {
  /** The balancer's address. */
  url: string
  processes: ClusterProcess[]
  /** The generated haproxy.cfg. */
  config: string
  output: () => string
  stop: () => Promise<void>
}

export type ClusterOptions = {
  processes: number
  databaseUrl: string
  /** The balancer's port; 0 picks a free one. */
  port: number
  /** 127.0.0.1 (tests) or 0.0.0.0. */
  host?: string
  /** More environment for the API processes (a short job interval in tests, LOG_LEVEL). */
  env?: Record<string, string>
  /** Lines of the processes' and the balancer's output as they come (npm run cluster prints them). */
  onOutput?: (line: string) => void
  /** How long the first process may take to migrate, seed and backfill. */
  startTimeoutMs?: number
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      const port = typeof address === 'object' && address ? address.port : 0
      srv.close(() => resolvePort(port))
    })
  })
}

/** The HAProxy configuration for `servers` behind `host:port`. */
export function haproxyConfig(host: string, port: number, servers: readonly { name: string; port: number }[]): string {
  return [
    'global',
    '  maxconn 4000',
    'defaults',
    '  mode http',
    '  option forwardfor',
    // A dead process's refused connection goes to another server, up to three tries.
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure',
    '  timeout connect 2s',
    // The quote stream stays open for as long as the screen does: long client and server timeouts.
    '  timeout client 1h',
    '  timeout server 1h',
    '  timeout http-request 30s',
    '  timeout http-keep-alive 30s',
    'frontend tijori',
    `  bind ${host}:${port}`,
    '  default_backend api',
    'backend api',
    '  balance roundrobin',
    '  option httpchk GET /api/health',
    '  http-check expect status 200',
    '  default-server inter 1s fastinter 250ms downinter 1s fall 2 rise 1',
    ...servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`),
    '',
  ].join('\n')
}

/** `url` with application_name set: pg reads it from the connection string. */
function withApplicationName(url: string, name: string): string {
  const u = new URL(url)
  u.searchParams.set('application_name', name)
  return u.toString()
}

async function healthy(url: string, child: ChildProcess, deadlineMs: number, log: () => string): Promise<void> {
  const until = Date.now() + deadlineMs
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`process exited (${child.exitCode ?? child.signalCode}) before answering:\n${log()}`)
    try {
      const res = await fetch(`${url}/api/health`)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`${url} did not answer /api/health in ${deadlineMs} ms:\n${log()}`)
}

function spawnLogged(command: string, args: string[], env: NodeJS.ProcessEnv, label: string, onOutput?: (line: string) => void) {
  const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let log = ''
  const take = (d: Buffer) => {
    const text = d.toString()
    // Kept bounded: a long load would otherwise hold every log line in memory.
    log = (log + text).slice(-200_000)
    if (onOutput) for (const line of text.split('\n')) if (line.trim()) onOutput(`[${label}] ${line}`)
  }
  child.stdout?.on('data', take)
  child.stderr?.on('data', take)
  const exited = new Promise<void>((r) => {
    if (child.exitCode !== null) r()
    else child.once('exit', () => r())
  })
  return { child, output: () => log, exited }
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  const timer = new Promise<'late'>((r) => setTimeout(() => r('late'), 10_000).unref())
  if ((await Promise.race([exited.then(() => 'done' as const), timer])) === 'late') child.kill('SIGKILL')
  await exited
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!existsSync(HAPROXY)) throw new Error(`HAProxy is not at ${HAPROXY}: apt-get install -y haproxy (or set HAPROXY)`)
  const host = options.host ?? '127.0.0.1'
  const port = options.port === 0 ? await freePort() : options.port
  const dir = await mkdtemp(join(tmpdir(), 'tijori-cluster-'))
  const processes: ClusterProcess[] = []
  let haproxy: ReturnType<typeof spawnLogged> | null = null

  const launch = async (n: number): Promise<ClusterProcess> => {
    const name = `tijori-api-${n}`
    const own = await freePort()
    const inherited = { ...process.env }
    delete inherited.NODE_ENV
    const env = {
      ...inherited,
      ...options.env,
      PORT: String(own),
      HOST: '127.0.0.1',
      DATABASE_URL: withApplicationName(options.databaseUrl, name),
      TRUST_PROXY: '1',
    }
    const started = spawnLogged(process.execPath, [SERVER_ENTRY], env, name, options.onOutput)
    const proc: ClusterProcess = { name, port: own, ...started }
    processes.push(proc)
    await healthy(`http://127.0.0.1:${own}`, started.child, options.startTimeoutMs ?? 180_000, started.output)
    return proc
  }

  const stop = async () => {
    if (haproxy) await stopChild(haproxy.child, haproxy.exited)
    await Promise.all(processes.map((p) => stopChild(p.child, p.exited)))
    await rm(dir, { recursive: true, force: true })
  }

  try {
    // The compiled server, as `npm start` runs it: built here once when a source changed, never by
    // the processes at once. Through tsx each process ran the TypeScript sources (issue 14).
    if (await serverBuildIsStale()) await buildServer()
    await launch(1)
    await Promise.all(Array.from({ length: options.processes - 1 }, (_, i) => launch(i + 2)))
    const config = haproxyConfig(host, port, processes)
    const file = join(dir, 'haproxy.cfg')
    await writeFile(file, config)
    // -db: stay in the foreground, so stopping the child stops the balancer.
    haproxy = spawnLogged(HAPROXY, ['-db', '-f', file], process.env, 'haproxy', options.onOutput)
    const url = `http://127.0.0.1:${port}`
    await healthy(url, haproxy.child, 10_000, haproxy.output)
    const balancer = haproxy
    return {
      url,
      processes,
      config,
      output: () => [balancer.output(), ...processes.map((p) => `--- ${p.name}\n${p.output()}`)].join('\n'),
      stop,
    }
  } catch (err) {
    await stop()
    throw err
  }
}

function parseProcesses(argv: readonly string[]): number {
  const at = argv.indexOf('--processes')
  const value = at >= 0 ? argv[at + 1] : argv.find((a) => a.startsWith('--processes='))?.slice('--processes='.length)
  if (value === undefined) return 3
  const n = Number(value)
  if (!Number.isSafeInteger(n) || n < 1 || n > 64) throw new Error(`--processes is a whole number from 1 to 64, got "${value}"`)
  return n
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL
  if (!databaseUrl) throw new Error('npm run cluster needs DATABASE_URL: the processes share one PostgreSQL database')
  const processes = parseProcesses(process.argv.slice(2))
  const port = Number(process.env.PORT ?? 8080)
  const cluster = await startCluster({ processes, databaseUrl, port, host: process.env.HOST ?? '0.0.0.0', onOutput: (line) => console.log(line) })
  console.log(`Tijori cluster: ${processes} processes behind HAProxy on http://localhost:${port}`)
  for (const p of cluster.processes) console.log(`  ${p.name}: pid ${p.child.pid}, http://127.0.0.1:${p.port}`)
  let stopping = false
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    console.log(`${signal}: stopping the cluster`)
    cluster.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  // A process that dies on its own is reported; the balancer routes around it.
  for (const p of cluster.processes) void p.exited.then(() => !stopping && console.log(`${p.name} exited (${p.child.exitCode ?? p.child.signalCode})`))
}

const runDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href
if (runDirectly) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err)
    process.exit(1)
  })
}
