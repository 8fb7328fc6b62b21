/**
 * The server process: read the environment, open the database, migrate, seed an empty database
 * once, listen. Run directly (`tsx server/main.ts`) or through start()/scripts.
 *
 * Environment: PORT (8080), HOST (0.0.0.0), DATA_DIR (./data, for PGlite), DATABASE_URL (use
 * PostgreSQL instead), TIJORI_PROFILE (demo | production), STATIC_DIR (defaults to dist/ when
 * built; 'none' serves the API only), TRUST_PROXY (1 behind a load balancer), LOG_LEVEL (warn: only
 * warnings and errors, as JSON lines; info adds one JSON line per request, as pino writes them),
 * TRADING_LOCK (`5m` | `T+1`: overrides the profile's position lock), MARKET_BACKFILL_DAYS (days of
 * simulated history made on an empty market store; 365), TIJORI_QUIZ_STUDY_SECONDS (a quiz item's
 * study time; 40), METRICS_PORT (serve Prometheus metrics at /metrics on this port, its own
 * listener; unset: none), METRICS_HOST (127.0.0.1; any other address needs METRICS_TOKEN),
 * METRICS_TOKEN (a bearer token every scrape must send).
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { type FastifyInstance } from 'fastify'
import { buildApp } from './app'
import { type ServerConfig, loadConfig, parseLockRule, parseProfile, withLock } from './config'
import { type DatabaseHandle, openDatabase } from './db/index'
import { migrateToLatest } from './db/migrate'
import { DEMO_ACCOUNT, DEMO_OPERATOR, seedFirstOperator, seedIfEmpty } from './db/seed'
import { parseOperatorSetting } from './admin/operator-rules'
import { type RechargeChannel, parseRechargeChannels } from './funds/recharge-rules'
import { countOperators } from './admin/operator-repository'
import { createMarketFeed } from './market/live-feed'
import { metricsSettings, serveMetrics } from './metrics/server'

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url))

export type StartOptions = {
  env?: NodeJS.ProcessEnv
  /** Overrides PORT. */
  port?: number
  /** The built PWA to serve; undefined means STATIC_DIR or dist/ when it holds index.html. */
  staticDir?: string | null
  /** Close on SIGINT/SIGTERM (false when a wrapper such as scripts/dev.ts handles signals). */
  handleSignals?: boolean
  /** Where the log lines go; standard output unless given (the start-up test reads them). */
  logStream?: { write: (line: string) => void }
}

export type Running = {
  app: FastifyInstance
  database: DatabaseHandle
  url: string
  /** Where Prometheus scrapes this process (METRICS_PORT); null when unset. */
  metricsUrl: string | null
  close: () => Promise<void>
}

function defaultStaticDir(env: NodeJS.ProcessEnv): string | null {
  if (env.STATIC_DIR !== undefined) return env.STATIC_DIR === '' || env.STATIC_DIR === 'none' ? null : resolve(env.STATIC_DIR)
  const dist = resolve(REPO_ROOT, 'dist')
  return existsSync(resolve(dist, 'index.html')) ? dist : null
}

/** "postgres://user:secret@host/db" -> "postgres://user:***@host/db": never print a password. */
function redact(url: string): string {
  try {
    const u = new URL(url)
    if (u.password) u.password = '***'
    return u.toString()
  } catch {
    return 'PostgreSQL'
  }
}

function backfillOverride(env: NodeJS.ProcessEnv): { marketBackfillDays?: number } {
  if (env.MARKET_BACKFILL_DAYS === undefined) return {}
  const days = Number(env.MARKET_BACKFILL_DAYS)
  if (!Number.isSafeInteger(days) || days < 0) throw new Error(`MARKET_BACKFILL_DAYS is a whole number of days, got "${env.MARKET_BACKFILL_DAYS}"`)
  return { marketBackfillDays: days }
}

/** TIJORI_RECHARGE_CHANNELS: the deployment's real deposit channels (JSON), replacing the profile's. */
function rechargeChannelsOverride(env: NodeJS.ProcessEnv): { rechargeChannels?: RechargeChannel[] } {
  return env.TIJORI_RECHARGE_CHANNELS ? { rechargeChannels: parseRechargeChannels(env.TIJORI_RECHARGE_CHANNELS) } : {}
}

/** TIJORI_AUTO_REVIEW: `off`, or the seconds after which the demo's reviewer approves. */
function autoReviewOverride(env: NodeJS.ProcessEnv): { autoReviewSeconds?: number | null } {
  const value = env.TIJORI_AUTO_REVIEW
  if (value === undefined || value === '') return {}
  if (value === 'off') return { autoReviewSeconds: null }
  const seconds = Number(value)
  if (!Number.isSafeInteger(seconds) || seconds < 0) throw new Error(`TIJORI_AUTO_REVIEW is "off" or a whole number of seconds, got "${value}"`)
  return { autoReviewSeconds: seconds }
}

/** TIJORI_QUIZ_STUDY_SECONDS: how long a quiz item stays open before it counts as studied (the browser test's short study). */
export function quizStudyOverride(env: NodeJS.ProcessEnv, config: ServerConfig): ServerConfig {
  const value = env.TIJORI_QUIZ_STUDY_SECONDS
  if (value === undefined || value === '') return config
  const seconds = Number(value)
  if (!Number.isSafeInteger(seconds) || seconds < 0) throw new Error(`TIJORI_QUIZ_STUDY_SECONDS is a whole number of seconds, got "${value}"`)
  return { ...config, quiz: { ...config.quiz, minStudySeconds: seconds } }
}

/**
 * TIJORI_IPO_SWEEP_MS, TIJORI_BLOCK_SWEEP_MS, TIJORI_FOLLOW_SWEEP_MS, TIJORI_VIP_SWEEP_MS,
 * TIJORI_LOAN_SWEEP_MS: how often new-share issues, block offerings, copy-trading strategies, VIP
 * levels and loans' interest are moved along (the browser tests run short ones).
 */
const SWEEP_OVERRIDES = {
  TIJORI_IPO_SWEEP_MS: 'ipo',
  TIJORI_BLOCK_SWEEP_MS: 'block',
  TIJORI_FOLLOW_SWEEP_MS: 'follow',
  TIJORI_VIP_SWEEP_MS: 'vip',
  TIJORI_LOAN_SWEEP_MS: 'loans',
} as const

function sweepOverrides(env: NodeJS.ProcessEnv, config: ServerConfig): ServerConfig {
  let out = config
  for (const [name, area] of Object.entries(SWEEP_OVERRIDES)) {
    const value = env[name]
    if (value === undefined || value === '') continue
    const ms = Number(value)
    if (!Number.isSafeInteger(ms) || ms < 0) throw new Error(`${name} is a whole number of milliseconds, got "${value}"`)
    out = { ...out, [area]: { ...out[area], sweepIntervalMs: ms } }
  }
  return out
}

export async function start(options: StartOptions = {}): Promise<Running> {
  const env = options.env ?? process.env
  const port = options.port ?? Number(env.PORT ?? 8080)
  const host = env.HOST ?? '0.0.0.0'
  const config = quizStudyOverride(
    env,
    sweepOverrides(
      env,
      withLock(loadConfig(parseProfile(env.TIJORI_PROFILE), { ...backfillOverride(env), ...autoReviewOverride(env), ...rechargeChannelsOverride(env) }), parseLockRule(env.TRADING_LOCK)),
    ),
  )
  // Read before anything opens, so a bad setting fails the start at once.
  const metricsAt = metricsSettings(env)
  const dataDir = resolve(env.DATA_DIR ?? 'data')
  const databaseUrl = env.DATABASE_URL
  const staticDir = options.staticDir === undefined ? defaultStaticDir(env) : options.staticDir

  const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: resolve(dataDir, 'pglite') })
  const applied = await migrateToLatest(database)
  const seed = await seedIfEmpty(database.db, config, Date.now())
  // The first back-office operator, only while there is none (README.md, Back office).
  const firstOperator = env.TIJORI_OPERATOR ? parseOperatorSetting(env.TIJORI_OPERATOR) : config.profile === 'demo' ? DEMO_OPERATOR : null
  const operatorMade = firstOperator ? await seedFirstOperator(database.db, firstOperator, Date.now()) : false
  const operatorNote =
    operatorMade && firstOperator
      ? ` (first operator "${firstOperator.username}" made${env.TIJORI_OPERATOR ? ' from TIJORI_OPERATOR' : `, password ${firstOperator.password}`})`
      : (await countOperators(database.db)) === 0
        ? ' (no operator yet: set TIJORI_OPERATOR=name:password and restart)'
        : ''
  // The exchange catches up before the server answers: a year of history on first start.
  const market = createMarketFeed({ db: database.db, config })
  await market.prepare(Date.now())
  const made = market.lastPrepare()

  // The server's log. Quiet by default: a newcomer's terminal shows the start lines, then only
  // warnings and errors. LOG_LEVEL=info (or debug) adds pino's structured JSON line per request for
  // a log collector; the level check is all a request pays when it is off.
  const logLevel = env.LOG_LEVEL || 'warn'
  const app = await buildApp({
    database,
    config,
    market,
    staticDir,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    logger: { level: logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
  })
  await app.listen({ port, host })
  const metricsListener = metricsAt ? await serveMetrics(app.metrics, metricsAt) : null

  // The bound port, which differs from `port` when 0 asked the system for a free one.
  const address = app.server.address()
  const url = `http://localhost:${typeof address === 'object' && address ? address.port : port}`
  const where = databaseUrl ? redact(databaseUrl) : `PGlite in ${resolve(dataDir, 'pglite')}`
  const lines = [
    `Tijori (${config.profile} profile) listening on ${url}`,
    `  database: ${where}${applied.length ? ` (applied ${applied.join(', ')})` : ''}`,
    `  PWA: ${staticDir ? `serving ${staticDir}` : 'not served (API only)'}`,
    `  API docs: ${url}/api/docs/json`,
    `  metrics: ${metricsListener ? `${metricsListener.url}${metricsAt?.token ? ' (bearer token METRICS_TOKEN)' : ''}` : 'not served (set METRICS_PORT)'}`,
    `  back office: ${url}/admin.html${operatorNote}`,
    `  market: simulated, ${made.rows > 0 ? `made ${made.rows} instrument days in ${(made.ms / 1000).toFixed(1)} s` : 'up to date'}`,
    `  log: ${logLevel}${logLevel === 'warn' ? ' (warnings and errors only; LOG_LEVEL=info logs every request as JSON)' : ''}`,
  ]
  if (config.profile === 'demo') {
    lines.push(
      `  demo invite code: ${config.demoInviteCode}`,
      `  demo account: ${DEMO_ACCOUNT.account} / password ${DEMO_ACCOUNT.password} / fund password ${DEMO_ACCOUNT.fundPassword}`,
    )
  }
  if (seed.seeded) lines.push(`  seeded an empty database (${seed.news} news articles${seed.demoAccount ? ', demo account' : ''})`)
  console.log(lines.join('\n'))

  let closing: Promise<void> | null = null
  const close = () => {
    closing ??= (async () => {
      await metricsListener?.close()
      await app.close()
      await market.close()
      await database.close()
    })()
    return closing
  }
  if (options.handleSignals ?? true) {
    const onSignal = (signal: NodeJS.Signals) => {
      console.log(`${signal}: shutting down`)
      close().then(
        () => process.exit(0),
        (err: unknown) => {
          console.error(err)
          process.exit(1)
        },
      )
    }
    process.once('SIGINT', onSignal)
    process.once('SIGTERM', onSignal)
  }
  return { app, database, url, metricsUrl: metricsListener?.url ?? null, close }
}

const runDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href
if (runDirectly) {
  start().catch((err: unknown) => {
    console.error(err)
    process.exit(1)
  })
}
