/**
 * buildApp(deps): the whole API as a Fastify instance, for main.ts and for tests (which use
 * inject). Order: envelope and hooks, then the routes, then the built PWA if there is one.
 */
import { type TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { type ServerConfig, loadConfig } from './config'
import { type DatabaseHandle } from './db/index'
import { ADMIN_PREFIX, API_PREFIX } from './plugins/access'
import { installAuth } from './plugins/auth'
import { purgeExpired } from './plugins/cleanup'
import { installCompression } from './plugins/compression'
import { installEnvelope, type NotFoundFallback, replyToClientError, replyToFrameworkError } from './plugins/envelope'
import { idempotencyRunner, installIdempotency } from './plugins/idempotency'
import { installRouteTable } from './plugins/route-table'
import { installSecurityHeaders, type SecurityHeaders } from './plugins/security-headers'
import { installStaticFiles } from './plugins/static-files'
import { installSwagger } from './plugins/swagger'
import { configRoutes } from './system/config-routes'
import { type RouteDeps } from './http/deps'
import { newsRoutes } from './news/routes'
import { systemRoutes } from './system/routes'
import { accountRoutes } from './accounts/routes'
import { fundRecordRoutes } from './funds/record-routes'
import { identityRoutes } from './identity/routes'
import { withdrawalRoutes } from './funds/withdrawal-routes'
import { usdtRoutes } from './funds/usdt-routes'
import { exchangeRoutes } from './funds/exchange-routes'
import { adminRoutes } from './admin/routes'
import { reviewRoutes } from './reviews/routes'
import { identityAdminRoutes } from './identity/admin-routes'
import { accountAdminRoutes } from './accounts/admin-routes'
import { rechargeRoutes } from './funds/recharge-routes'
import { stripUnknownBodyFields } from './http/schemas'
import { compileValidatorsOnFirstUse, serializersOnFirstUse } from './http/lazy-schemas'
import { createAutoReviewer } from './reviews/auto-review'
import { tradeRoutes } from './trade/routes'
import { watchlistRoutes } from './watchlist/routes'
import { createTradingEngine } from './trade/engine'
import { exclusiveRunner } from './jobs/lock'
import { createJobRegistry, type JobRegistry, ranOrThrow } from './jobs/registry'
import { createMetrics, type Metrics } from './metrics/metrics'
import { type MarketFeed } from './market/feed'
import { createMarketFeed } from './market/live-feed'
import { marketRoutes } from './market/routes'
import { dividendRoutes } from './dividends/routes'
import { ipoRoutes } from './ipo/routes'
import { createDividendJob } from './dividends/service'
import { createIpoJob } from './ipo/lifecycle'
import { ipoAdminRoutes } from './ipo/admin-routes'
import { blockRoutes } from './block/routes'
import { blockAdminRoutes } from './block/admin-routes'
import { createBlockJob } from './block/lifecycle'
import { followRoutes } from './follow/routes'
import { createFollowJob } from './follow/job'
import { vipRoutes } from './vip/routes'
import { createVipJob } from './vip/service'
import { loanRoutes } from './loan/routes'
import { totpRoutes } from './totp/routes'
import { privacyRoutes } from './privacy/routes'
import { createLoanJob } from './loan/service'
import { quizRoutes } from './quiz/routes'
import { inboxRoutes } from './inbox/routes'
import { supportRoutes } from './support/routes'
import { supportAdminRoutes } from './support/admin-routes'
import { createUserEvents, type UserEvents } from './events/hub'
import { eventRoutes } from './events/routes'
import { followListings } from './events/listings'

export type AppDeps = {
  database: DatabaseHandle
  /** Defaults to the demo profile's rules. */
  config?: ServerConfig
  /** The clock, in epoch ms; tests move it (next India day, token expiry, rate-limit window). */
  now?: () => number
  logger?: FastifyServerOptions['logger']
  /** The built PWA (dist/) to serve, with SPA fallback; null serves the API only. */
  staticDir?: string | null
  /** Set behind a load balancer so request.ip (the rate-limit address) is the client's. */
  trustProxy?: FastifyServerOptions['trustProxy']
  /** The exchange; by default one over this database, caught up to now() before the app answers. */
  market?: MarketFeed
  /** The simulation seed for a new market store (tests); otherwise a secret random one. */
  marketSeed?: number
  /** Waits `ms` (the sign-in slow-down); tests pass one that records the wait and returns at once. */
  sleep?: (ms: number) => Promise<void>
}

export { API_PREFIX }

declare module 'fastify' {
  // Declaration merging needs an interface here.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The 'reviews' job (the demo's automatic reviewer) swept by hand, through the jobs registry. */
    reviews: { sweep(now: number): Promise<number> }
    /** Every background job (server/jobs/registry.ts); tests sweep one by name with a moved clock. */
    jobs: JobRegistry
    /** This instance's Prometheus registry (server/metrics); main.ts serves it on METRICS_PORT. */
    metrics: Metrics
    /** New inbox messages from any process, for this process's open streams (server/events/). */
    userEvents: UserEvents
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const config = deps.config ?? loadConfig('demo')
  const now = deps.now ?? Date.now
  const db = deps.database.db

  let security: SecurityHeaders | null = null
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: deps.trustProxy ?? false,
    // Strict types: a number where a string belongs is a 400, never silently coerced. Unknown
    // fields are removed where a schema closes its object (every body: stripUnknownBodyFields).
    ajv: { customOptions: { coerceTypes: false, removeAdditional: true }, onCreate: compileValidatorsOnFirstUse },
    // Validators and reply serializers are compiled on first use, not all at ready (lazy-schemas.ts).
    schemaController: { compilersFactory: { buildSerializer: serializersOnFirstUse() } },
    return503OnClosing: true,
    // Errors met before a route is chosen (a URL that does not decode) and before Fastify sees
    // the request at all (Node's parser) get the envelope too.
    // Answered before any hook runs, so the security headers are set here (security-headers.ts).
    frameworkErrors: (error, request, reply) => replyToFrameworkError(error, request, security?.apply(reply) ?? reply),
    clientErrorHandler: replyToClientError,
  }).withTypeProvider<TypeBoxTypeProvider>()

  // Before any route: each route's body drops unknown fields, then the route is recorded as declared.
  app.addHook('onRoute', stripUnknownBodyFields)
  installRouteTable(app)
  // Before every route: each request is timed under its route pattern, each refusal counted.
  const metrics = createMetrics({ database: deps.database, now, streamRoute: `${API_PREFIX}/stock/stream` })
  metrics.install(app)
  app.decorate('metrics', metrics)

  // First: route plugins registered below take the error handler in force when they load.
  let fallback: NotFoundFallback | null = null
  installEnvelope(app, (request, reply) => fallback?.(request, reply) ?? false)
  // Before every route and the static files: each reply, error or not, carries the headers and
  // is compressed when the client accepts it (the event stream excepted, see compression.ts).
  security = await installSecurityHeaders(app)
  await installCompression(app)
  installAuth(app, { db, now })
  installIdempotency(app, { db, now, config })
  await installSwagger(app)

  const market = deps.market ?? createMarketFeed({ db, config, seed: deps.marketSeed })
  await market.prepare(now())

  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const routeDeps: RouteDeps = { db, dbKind: deps.database.kind, config, now, sleep, runIdempotent: idempotencyRunner(db), market }
  await app.register(systemRoutes, routeDeps)
  // One entry per area. Every route is private unless it is on PUBLIC_ROUTES (plugins/access.ts);
  // the route table, the OpenAPI document and the test sweeps pick new routes up by themselves.
  const areas = [configRoutes, accountRoutes, newsRoutes, marketRoutes, tradeRoutes, watchlistRoutes, fundRecordRoutes, identityRoutes, withdrawalRoutes, usdtRoutes, exchangeRoutes, rechargeRoutes, dividendRoutes, ipoRoutes, blockRoutes, followRoutes, vipRoutes, loanRoutes, quizRoutes, inboxRoutes, supportRoutes, totpRoutes, privacyRoutes]
  for (const routes of areas) await app.register(routes, { ...routeDeps, prefix: API_PREFIX })
  // The inbox's live stream: LISTEN/NOTIFY, so a message made on any process reaches a stream open on this one.
  const userEvents = await createUserEvents(deps.database, (err) => app.log.warn({ err }, 'inbox notifications: connection lost'))
  app.decorate('userEvents', userEvents)
  app.addHook('onClose', () => userEvents.close())
  await app.register(eventRoutes(userEvents), { ...routeDeps, prefix: API_PREFIX })
  // A stock another process lists joins this process's feed when its listing commits.
  const unfollowListings = await followListings(deps.database, () => market.refreshListings(now()), (err) => app.log.warn({ err }, 'listing notifications'))
  app.addHook('onClose', unfollowListings)
  // The back office: each area's operator routes, under an operator session.
  const backOffice = [adminRoutes, reviewRoutes, identityAdminRoutes, accountAdminRoutes, ipoAdminRoutes, blockAdminRoutes, supportAdminRoutes]
  for (const routes of backOffice) await app.register(routes, { ...routeDeps, prefix: ADMIN_PREFIX })

  // Background work, one registry; each 'database' job runs on one process at a time.
  const jobs = createJobRegistry({ exclusive: exclusiveRunner(deps.database), onError: (job, err) => app.log.error({ err, job }, `job ${job} failed`), observe: metrics.observeJob })
  metrics.watchJobs(jobs)
  // The next India day is simulated as soon as it starts, not on the first request of the day;
  // the days live in each process's memory, so every process catches up. Stocks another process
  // listed (new shares) join this process's feed here too; refreshListings also prepares.
  jobs.add({ name: 'market', scope: 'process', intervalMs: config.marketCatchUpIntervalMs, sweep: (at) => market.refreshListings(at) })
  // The matching engine: fills, settles, stop-outs, square-offs.
  const trading = jobs.add({ name: 'trading', intervalMs: config.matchIntervalMs, sweep: createTradingEngine({ db, config, market }).sweep })
  // The demo's automatic reviewer (off in production).
  const reviewer = createAutoReviewer({ db, config })
  const reviews = jobs.add({ name: 'reviews', intervalMs: reviewer.intervalMs, sweep: reviewer.sweep })
  // Dividends the feed paid: holders at the record date entitled, paid on the pay date.
  jobs.add({ name: 'dividends', intervalMs: config.dividends.sweepIntervalMs, sweep: createDividendJob({ db, config }) })
  // New shares: each issue frozen, drawn, settled and listed when due; the demo's issues kept coming.
  jobs.add({ name: 'ipo', intervalMs: config.ipo.sweepIntervalMs, sweep: createIpoJob({ db, config, market }) })
  // Block trades: each offering priced from the feed at its opening and allocated when due; the demo's kept coming.
  jobs.add({ name: 'block', intervalMs: config.block.sweepIntervalMs, sweep: createBlockJob({ db, config, market }) })
  // Copy-trading: each strategy's completed closes run, then the stop-losses hit at NAV now redeemed.
  jobs.add({ name: 'follow', intervalMs: config.follow.sweepIntervalMs, sweep: createFollowJob({ db, config, market }) })
  // VIP levels: each account whose traded value in the window earns another level moves to it, a visible change.
  jobs.add({ name: 'vip', intervalMs: config.vip.sweepIntervalMs, sweep: createVipJob({ db, config }) })
  // Credit loans: each borrowing loan's interest days accrued as they fall, one ledger entry a day.
  jobs.add({ name: 'loan', intervalMs: config.loans.sweepIntervalMs, sweep: createLoanJob({ db }) })
  jobs.add({ name: 'cleanup', intervalMs: config.cleanupIntervalMs, sweep: (at) => purgeExpired({ db, config, now: () => at }) })
  app.decorate('jobs', jobs)
  app.decorate('trading', { sweep: async (at: number) => ranOrThrow('trading', await trading(at)) })
  app.decorate('reviews', { sweep: async (at: number) => ranOrThrow('reviews', await reviews(at)) })
  jobs.start(now)
  // Timers first, then the sweeps under way, then the market they read.
  app.addHook('onClose', async () => {
    await jobs.stop()
    if (deps.market === undefined) await market.close()
  })

  if (deps.staticDir) fallback = await installStaticFiles(app, deps.staticDir)
  return app
}
