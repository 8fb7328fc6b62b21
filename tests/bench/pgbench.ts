/**
 * PostgreSQL's own yardstick for a small money transaction: pgbench's tpcb-like script (three
 * balance updates, a select and a history insert per transaction) with 8 clients for `seconds`,
 * on a scratch database made for it (`pgbench -i`) next to the one Tijori uses. The orders bench
 * runs it alternately with its own load and gives the ratio.
 *
 * As a script: `tsx tests/bench/pgbench.ts <postgres url of any database on the server> [seconds=10]`.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { promisify } from 'node:util'
import { adminQuery, databaseUrl, dropDatabase } from '../server/helpers'

const run = promisify(execFile)

/** pgbench from PATH, else Debian's PostgreSQL 15 (or newer) install. */
export function pgbenchPath(): string {
  for (const version of ['17', '16', '15']) {
    const path = `/usr/lib/postgresql/${version}/bin/pgbench`
    if (existsSync(path)) return path
  }
  return 'pgbench'
}

export type Pgbench = {
  /** TPS of one run of `seconds` (connection set-up excluded, as pgbench reports it). */
  run: (seconds: number) => Promise<number>
  drop: () => Promise<void>
}

/** Creates the scratch database `name` (dropped first if there), initialises it, and runs on it. */
export async function preparePgbench(serverUrl: string, options: { name?: string; clients?: number; scale?: number } = {}): Promise<Pgbench> {
  const name = options.name ?? 'tijori_throughput_pgbench'
  const clients = options.clients ?? 8
  const scale = options.scale ?? 8
  await dropDatabase(serverUrl, name)
  await adminQuery(serverUrl, `create database ${name}`)
  const url = databaseUrl(serverUrl, name)
  const bin = pgbenchPath()
  // Scale 8: one branch row per client, so clients do not all queue on one branch.
  await run(bin, ['-i', '-q', '-s', String(scale), url])
  return {
    run: async (seconds) => {
      const { stdout } = await run(bin, ['-n', '-b', 'tpcb-like', '-c', String(clients), '-j', '2', '-T', String(seconds), url])
      const tps = /tps = ([\d.]+)/.exec(stdout)
      if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`)
      return Number(tps[1])
    },
    drop: () => dropDatabase(serverUrl, name),
  }
}

if (process.argv[1]?.endsWith('pgbench.ts')) {
  const [url, seconds = '10'] = process.argv.slice(2)
  if (!url) {
    console.error('usage: tsx tests/bench/pgbench.ts <postgres url> [seconds]')
    process.exit(2)
  }
  const bench = await preparePgbench(url)
  try {
    console.log(`pgbench tpcb-like, 8 clients, ${seconds} s: ${(await bench.run(Number(seconds))).toFixed(0)} TPS`)
  } finally {
    await bench.drop()
  }
}
