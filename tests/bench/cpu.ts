/**
 * Where a run's CPU went, from Linux's /proc: the server process, PostgreSQL's processes and this
 * load generator, in cores (CPU seconds per wall second), beside the machine's core count. Tells
 * a run that waits (cores to spare) from one that is CPU-bound, and which side spends it.
 */
import { readdir, readFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'

/** User + system time of a process in ms: /proc/<pid>/stat fields 14 and 15, in ticks of 10 ms. */
export async function processCpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ')
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10
}

/** A process's resident memory in MiB, from /proc/<pid>/status. */
export async function processRssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024
}

/** Every running PostgreSQL process's CPU in ms (the postmaster, its backends and workers), by pid. */
async function postgresCpuMs(): Promise<Map<number, number>> {
  const byPid = new Map<number, number>()
  for (const name of await readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(name)) continue
    const comm = await readFile(`/proc/${name}/comm`, 'utf8').catch(() => '')
    if (comm.trim() === 'postgres') byPid.set(Number(name), await processCpuMs(Number(name)))
  }
  return byPid
}

/**
 * PostgreSQL's CPU between two samples: each process's own growth. A backend that ended between
 * them (pgbench's, just before a round) would otherwise count as negative.
 */
function postgresDelta(from: Map<number, number>, to: Map<number, number>): number {
  let total = 0
  for (const [pid, ms] of to) total += ms - (from.get(pid) ?? 0)
  return total
}

export type CpuSample = { at: number; server: number; postgres: Map<number, number>; load: number }

export async function sampleCpu(serverPid: number): Promise<CpuSample> {
  const own = process.cpuUsage()
  return { at: performance.now(), server: await processCpuMs(serverPid), postgres: await postgresCpuMs(), load: (own.user + own.system) / 1000 }
}

/** "CPU: server 0.49 cores, PostgreSQL 0.49, load generator 0.35; 1.33 of 2". */
export function cpuLine(from: CpuSample, to: CpuSample, withPostgres: boolean): string {
  const wall = to.at - from.at
  const used = { server: to.server - from.server, postgres: postgresDelta(from.postgres, to.postgres), load: to.load - from.load }
  const cores = (key: keyof typeof used) => used[key] / wall
  const parts = [`server ${cores('server').toFixed(2)} cores`]
  if (withPostgres) parts.push(`PostgreSQL ${cores('postgres').toFixed(2)}`)
  parts.push(`load generator ${cores('load').toFixed(2)}`)
  const sum = cores('server') + (withPostgres ? cores('postgres') : 0) + cores('load')
  return `CPU: ${parts.join(', ')}; ${sum.toFixed(2)} of ${availableParallelism()}`
}
