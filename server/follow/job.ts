/**
 * The 'follow' job (issue 11): makes the demo's strategies on an empty database (config), runs
 * every strategy's completed closes since its last processed day (a whole year on a fresh
 * database; runner.ts keeps it idempotent), then redeems at NAV now every investment whose
 * stop-loss is hit, each in its own transaction under the user's and the investment's locks (as a
 * redemption by the user takes them), so a sweep run twice changes nothing the second time.
 */
import { type ServerConfig } from '../config'
import { type Executor } from '../db/executor'
import { lockTrader } from '../ledger/repository'
import { type MarketFeed } from '../market/feed'
import { allRuns, allStrategies, lockInvestment, runOf, stopLossesReached, strategiesWithStopLosses, strategyById } from './repository'
import { type UniverseSeries, lastCompletedDay, loadUniverse, navNow, runStrategy } from './runner'
import { stopLossHit } from './nav-rules'
import { redeemLocked } from './service'
import { ensureDemo } from './demo'

export type FollowSweep = { created: number; days: number; trades: number; stopLosses: number }

type JobDeps = { db: Executor; config: ServerConfig; market: Pick<MarketFeed, 'quote' | 'prepare'> }

/** Runs every strategy's pending closes up to the last completed close at `now`. */
export async function runStrategies(deps: Pick<JobDeps, 'db' | 'config'>, now: number): Promise<{ days: number; trades: number }> {
  const { db } = deps
  const done = { days: 0, trades: 0 }
  const runs = new Map((await allRuns(db)).map((r) => [r.strategy_id, r]))
  const loaded = new Map<string, UniverseSeries>()
  for (const strategy of await allStrategies(db)) {
    const universe = JSON.parse(strategy.universe) as string[]
    const through = await lastCompletedDay(db, universe, now)
    const last = runs.get(strategy.id)?.last_day ?? null
    if (through === null || through < strategy.start_day || (last !== null && last >= through)) continue
    // Strategies on one universe share its days, read once per sweep.
    const key = strategy.universe
    let series = loaded.get(key)
    if (series === undefined) loaded.set(key, (series = await loadUniverse(db, universe)))
    const outcome = await runStrategy(db, deps.config, strategy, series, through, now)
    done.days += outcome.days
    done.trades += outcome.trades
  }
  return done
}

/**
 * Redeems, at NAV now, every open investment whose stop-loss is hit; returns how many. Each
 * strategy with stop-losses open is priced once, and the database returns only the investments
 * whose stored level that NAV reaches; the rule itself still decides each under its lock.
 */
export async function sweepStopLosses(deps: JobDeps, now: number): Promise<number> {
  const { db } = deps
  const strategies = await strategiesWithStopLosses(db)
  if (strategies.length === 0) return 0
  await deps.market.prepare(now)
  let ended = 0
  for (const strategyId of strategies) {
    const strategy = (await strategyById(db, strategyId))!
    const run = await runOf(db, strategy.id)
    const nav = run ? await navNow(db, deps.market, strategy, run, now) : 0
    for (const candidate of await stopLossesReached(db, strategyId, nav)) {
      const redeemed = await db.transaction().execute(async (trx) => {
        await lockTrader(trx, candidate.user_id)
        const inv = await lockInvestment(trx, candidate.id)
        if (!inv || inv.status !== 'in_progress') return false
        if (!stopLossHit({ units: inv.units, amount: inv.amount, stopLossPercent: inv.stop_loss_percent }, nav)) return false
        await redeemLocked(trx, inv, nav, 'stop_loss', now)
        return true
      })
      if (redeemed) ended++
    }
  }
  return ended
}

export function createFollowJob(deps: JobDeps): (now: number) => Promise<FollowSweep> {
  return async (now) => {
    // The days up to now are stored before the strategies read them (the market job may lag).
    await deps.market.prepare(now)
    const lockUnit = deps.config.follow.demoLockUnit
    const created = lockUnit === null ? 0 : await ensureDemo(deps.db, lockUnit, now)
    const { days, trades } = await runStrategies(deps, now)
    const stopLosses = await sweepStopLosses(deps, now)
    return { created, days, trades, stopLosses }
  }
}
