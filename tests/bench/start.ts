/**
 * The server's start: process start to the first healthy /api/health, its CPU time, and its RSS
 * once idle, on one data folder that is already prepared (a restart), compiled
 * (dist-server/main.js, what `npm start` runs) against the same sources through tsx (what
 * `npm start` ran before, issue 14). The two alternate; each figure is given per run.
 */
import { spawn } from 'node:child_process'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { REPO_ROOT } from '../../server/main'
import { makeDataTemplate } from '../e2e/support/data-template'
import { freePort } from '../e2e/support/server'
import { processCpuMs, processRssMiB } from './cpu'
import { buildServer, serverBuildIsStale } from '../../scripts/build-server.mjs'

type Run = { wallMs: number; cpuMs: number; rssMiB: number }
const RUNS = 3
const IDLE_MS = 5000

async function startOnce(args: string[], template: string): Promise<Run> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tijori-bench-start-'))
  await cp(template, dataDir, { recursive: true })
  const port = await freePort()
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: resolve(REPO_ROOT, 'dist'), LOG_LEVEL: 'warn' }
  delete env.NODE_ENV
  const started = performance.now()
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env, stdio: 'ignore' })
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`)
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false)
      if (ok) break
      await new Promise((r) => setTimeout(r, 20))
    }
    const wallMs = performance.now() - started
    const cpuMs = await processCpuMs(child.pid!)
    await new Promise((r) => setTimeout(r, IDLE_MS))
    return { wallMs, cpuMs, rssMiB: await processRssMiB(child.pid!) }
  } finally {
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await exited
    await rm(dataDir, { recursive: true, force: true })
  }
}

export async function startBench(): Promise<void> {
  if (await serverBuildIsStale()) await buildServer()
  const template = await makeDataTemplate()
  const variants = { 'compiled (dist-server/main.js)': ['dist-server/main.js'], 'through tsx (server/main.ts)': ['--import', 'tsx', 'server/main.ts'] }
  const runs = new Map<string, Run[]>(Object.keys(variants).map((name) => [name, []]))
  try {
    for (let i = 0; i < RUNS; i++) for (const [name, args] of Object.entries(variants)) runs.get(name)?.push(await startOnce(args, template))
  } finally {
    await rm(template, { recursive: true, force: true })
  }
  console.log(`\nserver start on a prepared PGlite folder (${RUNS} alternating runs; RSS after ${IDLE_MS / 1000} s idle)`)
  const list = (xs: number[], unit: string) => xs.map((x) => `${x.toFixed(0)}`).join(' / ') + ` ${unit}`
  for (const [name, rs] of runs) {
    console.log(`  ${name}: health after ${list(rs.map((r) => r.wallMs), 'ms')}, CPU ${list(rs.map((r) => r.cpuMs), 'ms')}, RSS ${list(rs.map((r) => r.rssMiB), 'MiB')}`)
  }
}
