/**
 * The one registry of background work (DESIGN.md section 1, jobs): market catch-up, matching,
 * the demo reviewer, cleanup, and the draws, listings, interest and strategy runs to come. Each
 * job is a name, an interval from config (0: not started, tests sweep by hand with a moved clock)
 * and `sweep(now)`, which applies what is due at `now` idempotently (STYLE.md, areas to come).
 *
 * Rules the registry keeps for every job, so no job has to:
 * - a sweep never overlaps itself in this process: a tick or a call while one runs is skipped;
 * - a 'database' job (the default) changes shared rows, so when several processes share one
 *   database each sweep runs on one of them at a time (lock.ts); the others skip that tick;
 * - a 'process' job fills this process's own memory (the market feed's days), so every process
 *   runs it, and correctness never depends on it running elsewhere;
 * - a failed timed sweep is handed to onError with the job's name and the timer goes on;
 *   a sweep called by hand throws to its caller;
 * - stop() clears every timer and waits for sweeps under way, before the database closes.
 */
import { repeater, type Repeater } from '../plugins/repeat'
import { type Claimed, type ExclusiveRunner } from './lock'

export type JobScope = 'database' | 'process'

export type Job<R = unknown> = {
  name: string
  /** Milliseconds between sweeps; 0 (or less) leaves the job to be swept by hand. */
  intervalMs: number
  /** 'database' unless said: runs on one process at a time. */
  scope?: JobScope
  sweep(now: number): Promise<R>
}

/** A sweep's outcome: its result, or skipped because it was already running here or elsewhere. */
export type JobRun<R> = Claimed<R>

export type JobStatus = {
  name: string
  intervalMs: number
  scope: JobScope
  /** On its timer now. */
  started: boolean
  /** A sweep is under way in this process. */
  running: boolean
  runs: number
  skips: number
  failures: number
}

export type JobRegistry = {
  /** Declares a job; the returned function sweeps it by hand with its result typed. */
  add<R>(job: Job<R>): (now: number) => Promise<JobRun<R>>
  /** One sweep of the named job at `now`, under the same rules as a timed one. */
  sweep(name: string, now: number): Promise<JobRun<unknown>>
  status(): JobStatus[]
  /** Puts every job with an interval on its timer, reading the time from `now` at each tick. */
  start(now: () => number): void
  stop(): Promise<void>
}

/** One sweep's outcome as the metrics see it: at the `now` it was given, and how long it took. */
export type JobReport = { name: string; outcome: 'ran' | 'skipped' | 'failed'; now: number; ms: number }

type Entry = { job: Job; status: JobStatus; repeat: Repeater; running: Promise<unknown> | null }

export function createJobRegistry(deps: {
  exclusive: ExclusiveRunner
  onError: (name: string, error: unknown) => void
  /** Told of every sweep, timed or by hand, skipped ones included (server/metrics). */
  observe?: (report: JobReport) => void
}): JobRegistry {
  const entries = new Map<string, Entry>()
  let clock: (() => number) | null = null

  function run(entry: Entry, now: number): Promise<JobRun<unknown>> {
    const { job, status } = entry
    const started = performance.now()
    const report = (outcome: JobReport['outcome']) => deps.observe?.({ name: job.name, outcome, now, ms: performance.now() - started })
    if (entry.running) {
      status.skips++
      report('skipped')
      return Promise.resolve({ ran: false })
    }
    // A sweep that throws before returning its promise still ends as this run's failure.
    const work = () => Promise.resolve().then(() => job.sweep(now))
    // Claimed before the first await, so a second call in the same tick sees it.
    const claimed = (job.scope ?? 'database') === 'database' ? deps.exclusive(job.name, work) : work().then((result) => ({ ran: true as const, result }))
    const counted = claimed.then(
      (outcome) => {
        if (outcome.ran) status.runs++
        else status.skips++
        report(outcome.ran ? 'ran' : 'skipped')
        return outcome
      },
      (error: unknown) => {
        status.failures++
        report('failed')
        throw error
      },
    )
    entry.running = counted
    status.running = true
    const done = () => {
      entry.running = null
      status.running = false
    }
    counted.then(done, done)
    return counted
  }

  function startOne(entry: Entry): void {
    if (entry.job.intervalMs <= 0) return
    entry.repeat.start(entry.job.intervalMs, (error) => deps.onError(entry.job.name, error))
    entry.status.started = true
  }

  return {
    add<R>(job: Job<R>) {
      if (entries.has(job.name)) throw new Error(`job "${job.name}" is declared twice`)
      const status: JobStatus = { name: job.name, intervalMs: job.intervalMs, scope: job.scope ?? 'database', started: false, running: false, runs: 0, skips: 0, failures: 0 }
      const entry: Entry = { job, status, running: null, repeat: repeater(() => run(entry, (clock ?? Date.now)())) }
      entries.set(job.name, entry)
      if (clock) startOne(entry)
      return (now) => run(entry, now) as Promise<JobRun<R>>
    },
    sweep(name, now) {
      const entry = entries.get(name)
      if (!entry) return Promise.reject(new Error(`no job named "${name}"`))
      return run(entry, now)
    },
    status: () => [...entries.values()].map((entry) => ({ ...entry.status })),
    start(now) {
      if (clock) return
      clock = now
      for (const entry of entries.values()) startOne(entry)
    },
    async stop() {
      clock = null
      await Promise.all(
        [...entries.values()].map(async (entry) => {
          await entry.repeat.stop()
          entry.status.started = false
          // A sweep called by hand is not the timer's: wait for it too, ignoring its outcome (its caller has it).
          await entry.running?.catch(() => undefined)
        }),
      )
    },
  }
}

/**
 * A by-hand sweep's result (app.trading.sweep, app.reviews.sweep), or a throw when the job was
 * running already, here or on another process: the caller asked for this sweep's result.
 */
export function ranOrThrow<R>(name: string, run: JobRun<R>): R {
  if (!run.ran) throw new Error(`job "${name}" is already running; this sweep was skipped`)
  return run.result
}
