/**
 * What one app instance measures, in Prometheus text format (prom-client). Each app has its own
 * Registry, never prom-client's global one: tests build many apps in one process, and a second
 * process behind the load balancer is scraped on its own listener (server.ts).
 *
 * - tijori_http_request_duration_seconds{method,route,status}: a histogram per route pattern
 *   (/api/vue/stock/detail, never the raw URL, so the series stay few); its _count is the rate.
 *   A request that matched no route is route="(unmatched)".
 * - tijori_refusals_total{code,status}: every envelope with status 0, whoever wrote it (the error
 *   handler, a replayed idempotent reply, the 404 handler), by refusal code and HTTP status.
 * - tijori_job_runs_total{job,outcome}: sweeps that ran, were skipped (already running here or on
 *   another process) or failed; tijori_job_duration_seconds{job}; tijori_job_lag_seconds{job}: by
 *   the app's clock, the time since the last sweep that ran (compare with tijori_job_interval_seconds).
 * - tijori_db_pool_connections{state} and tijori_db_pool_max: PostgreSQL's pool; on PGlite, which
 *   has one session that Kysely serialises, only tijori_db_info{kind="pglite"} is meaningful.
 * - tijori_stream_clients: open quote streams (/stock/stream) on this process.
 */
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import { type DatabaseHandle } from '../db/index'
import { type JobRegistry, type JobReport } from '../jobs/registry'

export type Metrics = {
  registry: Registry
  /** The registry's text, as a scrape gets it. */
  text(): Promise<string>
  /** For the jobs registry's `observe`. */
  observeJob(report: JobReport): void
  /** Hooks that measure every request; install before the routes. */
  install(app: FastifyInstance): void
  /** Reads the jobs' intervals at each scrape (the registry is made after the metrics). */
  watchJobs(jobs: JobRegistry): void
  /** Node's own process figures (CPU, memory, event loop): only where they are scraped, see server.ts. */
  collectProcessMetrics(): void
}

/** A request that matched no route: one series for all of them, whatever the URL. */
const UNMATCHED = '(unmatched)'

/** Seconds: from a cached read (sub-millisecond) to a slow order under load. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/** The one refusal envelope's opening, as refusalBody and the response schema both write it. */
const REFUSAL_PREFIX = '{"status":0,'

export function createMetrics(deps: { database: DatabaseHandle; now: () => number; streamRoute: string }): Metrics {
  const registry = new Registry()
  const registers = [registry]

  const latency = new Histogram({
    name: 'tijori_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status: latency in seconds (its _count is the request count)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  })
  const refusals = new Counter({
    name: 'tijori_refusals_total',
    help: 'Replies with a refusal envelope (status 0), by refusal code and HTTP status',
    labelNames: ['code', 'status'] as const,
    registers,
  })
  const jobRuns = new Counter({
    name: 'tijori_job_runs_total',
    help: 'Job sweeps, timed or by hand, by outcome: ran, skipped (already running here or elsewhere), failed',
    labelNames: ['job', 'outcome'] as const,
    registers,
  })
  const jobDuration = new Histogram({
    name: 'tijori_job_duration_seconds',
    help: 'How long each job sweep that ran took, in seconds',
    labelNames: ['job'] as const,
    buckets: [0.001, 0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120],
    registers,
  })
  const lastRan = new Map<string, number>()
  let jobs: JobRegistry | null = null
  new Gauge({
    name: 'tijori_job_lag_seconds',
    help: "Seconds since the job's last sweep that ran, by the app's clock (absent until it first runs)",
    labelNames: ['job'] as const,
    registers,
    collect() {
      this.reset()
      const at = deps.now()
      for (const [job, ranAt] of lastRan) this.set({ job }, Math.max(0, at - ranAt) / 1000)
    },
  })
  new Gauge({
    name: 'tijori_job_interval_seconds',
    help: "Each job's interval in seconds; 0: swept by hand only",
    labelNames: ['job'] as const,
    registers,
    collect() {
      this.reset()
      for (const status of jobs?.status() ?? []) this.set({ job: status.name }, Math.max(0, status.intervalMs) / 1000)
    },
  })
  new Gauge({
    name: 'tijori_db_info',
    help: 'The database this process uses: pglite (embedded, one session) or postgres (a pool)',
    labelNames: ['kind'] as const,
    registers,
    collect() {
      this.reset()
      this.set({ kind: deps.database.kind }, 1)
    },
  })
  const poolUse = deps.database.poolUse
  if (poolUse) {
    new Gauge({
      name: 'tijori_db_pool_connections',
      help: "PostgreSQL pool: connections open (total), idle, and queries waiting for one",
      labelNames: ['state'] as const,
      registers,
      collect() {
        const use = poolUse()
        this.set({ state: 'total' }, use.total)
        this.set({ state: 'idle' }, use.idle)
        this.set({ state: 'waiting' }, use.waiting)
      },
    })
    new Gauge({
      name: 'tijori_db_pool_max',
      help: 'PostgreSQL pool: the most connections it opens',
      registers,
      collect() {
        this.set(poolUse().max)
      },
    })
  }
  const streams = new Gauge({ name: 'tijori_stream_clients', help: 'Open quote streams (server-sent events) on this process', registers })

  let processMetrics = false

  return {
    registry,
    text: () => registry.metrics(),
    observeJob(report) {
      jobRuns.inc({ job: report.name, outcome: report.outcome })
      if (report.outcome !== 'ran') return
      jobDuration.observe({ job: report.name }, report.ms / 1000)
      lastRan.set(report.name, report.now)
    },
    install(app) {
      app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
        if (request.routeOptions.url !== deps.streamRoute || request.method !== 'GET') return
        // Counted from the request to the connection's end, whatever the handler does with it
        // (a hijacked stream, a 400 for too many symbols): the gauge returns to where it was.
        streams.inc()
        reply.raw.once('close', () => streams.dec())
      })
      app.addHook('onSend', async (_request, reply, payload) => {
        // Only a refusal is parsed: a string opening like every envelope of status 0.
        if (typeof payload === 'string' && payload.startsWith(REFUSAL_PREFIX)) {
          const code = (JSON.parse(payload) as { code?: unknown }).code
          refusals.inc({ code: typeof code === 'string' ? code : 'unknown', status: String(reply.statusCode) })
        }
        return payload
      })
      app.addHook('onResponse', async (request, reply) => {
        latency.observe({ method: request.method, route: request.routeOptions.url ?? UNMATCHED, status: String(reply.statusCode) }, reply.elapsedTime / 1000)
      })
    },
    watchJobs(registered) {
      jobs = registered
    },
    collectProcessMetrics() {
      // Once: each call would start another event-loop monitor.
      if (processMetrics) return
      processMetrics = true
      collectDefaultMetrics({ register: registry, prefix: 'tijori_' })
    },
  }
}
