/**
 * Copy-trading, the user's side (issue 11): the strategies and products with their NAV now and
 * metrics, a product's every trade and daily NAV, investing and redeeming, and the user's records.
 * Every money change happens under the user's lock (lockTrader) with the balance read after it,
 * and writes its row and its ledger entry in one transaction; the arithmetic is nav-rules.ts, the
 * SQL repository.ts, the strategies' runs runner.ts. redeemLocked() is shared with the job's stop-loss.
 */
import { DomainRefusal } from '../http/refusal'
import { unauthorized } from '../plugins/envelope'
import { lockTrader, postEntry } from '../ledger/repository'
import { requireVerified } from '../identity/rules'
import { type ServerConfig } from '../config'
import { type Effect, type Executor, type Tx } from '../db/executor'
import { type MarketFeed } from '../market/feed'
import {
  type FollowDetail,
  type FollowInvestment,
  type FollowInvestmentStatus,
  type FollowMetrics,
  type FollowProduct,
  type FollowProductStatus,
  type FollowStrategy,
  type StrategyCode,
} from '../../src/contract/replies'
import {
  type InvestmentWithProduct,
  type ProductWithCounts,
  type RunRow,
  type StrategyRow,
  allProducts,
  allRuns,
  allStrategies,
  endInvestment,
  insertInvestment,
  investedIn,
  investmentsPage,
  lockInvestmentOfUser,
  lockProduct,
  navsOf,
  productWithCounts,
  runOf,
  strategyById,
  tradesOf,
  splitDaysOf,
} from './repository'
import { NAV_START, checkInvest, checkRedeem, metricsOf, stopLossNav, stopLossValue, unitsFor, unlockAtOf, valueOf } from './nav-rules'
import { navNow, splitsIn } from './runner'
import { followInvestEntry, followRedeemEntry } from './ledger-legs'

export type FollowDeps = { db: Executor; config: ServerConfig; now: () => number; market: Pick<MarketFeed, 'quote' | 'prepare'> }

const notFound = (id: number) => new DomainRefusal('follow_not_found', { id }, 'There is no such product.')
const investmentNotFound = (id: number) => new DomainRefusal('follow_investment_not_found', { id }, 'You have no such investment.')

/** What the replies need of a strategy: its row, NAV now and metrics. */
type StrategyFacts = { row: StrategyRow; nav: number; metrics: FollowMetrics | null }

async function navOfStrategy(deps: FollowDeps, row: StrategyRow, run: RunRow | undefined, now: number): Promise<number> {
  return run ? navNow(deps.db, deps.market, row, run, now) : NAV_START
}

/** Every strategy's NAV now and metrics (a handful of strategies; their trades read once each). */
async function strategyFacts(deps: FollowDeps, now: number): Promise<Map<number, StrategyFacts>> {
  await deps.market.prepare(now)
  const runs = new Map((await allRuns(deps.db)).map((r) => [r.strategy_id, r]))
  const out = new Map<number, StrategyFacts>()
  for (const row of await allStrategies(deps.db)) {
    out.set(row.id, { row, nav: await navOfStrategy(deps, row, runs.get(row.id), now), metrics: await metricsOfStrategy(deps.db, row) })
  }
  return out
}

async function metricsOfStrategy(db: Executor, row: StrategyRow): Promise<FollowMetrics | null> {
  const [navs, trades] = await Promise.all([navsOf(db, row.id), tradesOf(db, row.id)])
  if (navs.length === 0) return null
  const universe = JSON.parse(row.universe) as string[]
  // Splits matter to the win rate only where a sale follows one (rare): read them with the trades.
  const splits = trades.length > 0 ? splitsIn(await splitDaysOf(db, universe)) : []
  return metricsOf(navs, trades, splits)
}

export function strategyView(f: StrategyFacts, now: number): FollowStrategy {
  return {
    id: f.row.id,
    code: f.row.code as StrategyCode,
    name: f.row.name,
    params: JSON.parse(f.row.params) as Record<string, number>,
    universe: JSON.parse(f.row.universe) as string[],
    startDay: f.row.start_day,
    capital: f.row.capital,
    nav: f.nav,
    navAt: now,
    metrics: f.metrics,
  }
}

/** open; full once what is left is below the minimum; closed from the deadline. */
export function productStatus(p: Pick<ProductWithCounts, 'deadline' | 'fund_size' | 'invested' | 'min_amount'>, now: number): FollowProductStatus {
  if (now >= p.deadline) return 'closed'
  return p.fund_size - p.invested < p.min_amount ? 'full' : 'open'
}

export function productView(p: ProductWithCounts, f: StrategyFacts, now: number): FollowProduct {
  return {
    id: p.id,
    number: p.number,
    name: p.name,
    strategyId: p.strategy_id,
    strategyCode: f.row.code as StrategyCode,
    minAmount: p.min_amount,
    fundSize: p.fund_size,
    invested: p.invested,
    investors: p.investors,
    deadline: p.deadline,
    lockUnit: p.lock_unit,
    lockCount: p.lock_count,
    status: productStatus(p, now),
    nav: f.nav,
    navAt: now,
    metrics: f.metrics,
  }
}

export function investmentView(i: InvestmentWithProduct, navNowOfStrategy: number): FollowInvestment {
  const nav = i.status === 'ended' ? i.redeemed_nav! : navNowOfStrategy
  const value = i.status === 'ended' ? i.redeemed_amount! : valueOf(i.units, nav)
  return {
    id: i.id,
    productId: i.product_id,
    number: i.number,
    name: i.name,
    amount: i.amount,
    units: i.units,
    navAtInvest: i.nav_at_invest,
    nav,
    value,
    pnl: value - i.amount,
    stopLossPercent: i.stop_loss_percent,
    stopLossValue: i.stop_loss_percent === null ? null : stopLossValue(i.amount, i.stop_loss_percent),
    unlockAt: i.unlock_at,
    status: i.status,
    endReason: i.end_reason,
    endedAt: i.ended_at,
    createdAt: i.created_at,
    updatedAt: i.updated_at,
  }
}

export async function listStrategies(deps: FollowDeps): Promise<{ data: FollowStrategy[] }> {
  const now = deps.now()
  const facts = await strategyFacts(deps, now)
  return { data: [...facts.values()].map((f) => strategyView(f, now)) }
}

export async function listProducts(deps: FollowDeps, q: { status: FollowProductStatus | null; page: number; size: number }): Promise<{ data: FollowProduct[]; total: number }> {
  const now = deps.now()
  const facts = await strategyFacts(deps, now)
  const all = (await allProducts(deps.db)).filter((p) => q.status === null || productStatus(p, now) === q.status)
  const page = all.slice((q.page - 1) * q.size, q.page * q.size)
  return { data: page.map((p) => productView(p, facts.get(p.strategy_id)!, now)), total: all.length }
}

export async function productDetail(deps: FollowDeps, id: number): Promise<FollowDetail> {
  const now = deps.now()
  const product = await productWithCounts(deps.db, id)
  if (!product) throw notFound(id)
  await deps.market.prepare(now)
  const row = (await strategyById(deps.db, product.strategy_id))!
  const [navs, trades, run] = await Promise.all([navsOf(deps.db, row.id), tradesOf(deps.db, row.id), runOf(deps.db, row.id)])
  const universe = JSON.parse(row.universe) as string[]
  const splits = trades.length > 0 ? splitsIn(await splitDaysOf(deps.db, universe)) : []
  const facts: StrategyFacts = { row, nav: await navOfStrategy(deps, row, run, now), metrics: navs.length > 0 ? metricsOf(navs, trades, splits) : null }
  return {
    ...productView(product, facts, now),
    strategy: strategyView(facts, now),
    capital: row.capital,
    trades: trades.map((t) => ({ time: t.time, day: t.day, symbol: t.symbol, side: t.side, qty: t.qty, price: t.price, fees: t.fees })),
    nav: navs,
    navNow: facts.nav,
  }
}

/**
 * An investment, as an effect for the route's idempotent commit(): the product locked (so the fund
 * size counts every earlier investment), then the user (so one user's simultaneous requests take
 * turns and each sees the balance the one before left), the rules, then the row and the entry.
 * NAV now is read before the transaction: it is a price, as an order's market price is.
 */
export async function invest(deps: FollowDeps, r: { userId: number; id: number; amount: number; stopLossPercent: number | null }): Promise<Effect<FollowInvestment>> {
  const { config } = deps
  const at = deps.now()
  const peek = await productWithCounts(deps.db, r.id)
  if (!peek) throw notFound(r.id)
  await deps.market.prepare(at)
  const strategy = (await strategyById(deps.db, peek.strategy_id))!
  const nav = await navOfStrategy(deps, strategy, await runOf(deps.db, strategy.id), at)
  return async (trx) => {
    const product = await lockProduct(trx, r.id)
    if (!product) throw notFound(r.id)
    const trader = await lockTrader(trx, r.userId)
    if (!trader) throw unauthorized()
    if (trader.noTrade) throw new DomainRefusal('trading_disabled', {}, 'Trading is disabled for this account.')
    const unverified = requireVerified(trader.realNameStatus)
    if (unverified) throw unverified
    const refusal = checkInvest({
      product: { id: product.id, minAmount: product.min_amount, fundSize: product.fund_size, deadline: product.deadline },
      now: at,
      amount: r.amount,
      invested: await investedIn(trx, product.id),
      stopLossPercent: r.stopLossPercent,
      stopLossRange: { min: config.follow.stopLossMin, max: config.follow.stopLossMax },
    })
    if (refusal) throw refusal
    const units = unitsFor(r.amount, nav)
    const amount = valueOf(units, nav)
    if (trader.available < amount) {
      throw new DomainRefusal('insufficient_balance', { available: trader.available, required: amount }, 'The available balance does not cover this amount.')
    }
    if (units <= 0 || amount <= 0) throw new DomainRefusal('follow_below_min', { min: product.min_amount }, 'The amount is below the minimum.')
    const row = await insertInvestment(trx, {
      user_id: r.userId,
      product_id: product.id,
      amount,
      units,
      nav_at_invest: nav,
      stop_loss_percent: r.stopLossPercent,
      stop_loss_nav: r.stopLossPercent === null ? null : stopLossNav(units, amount, r.stopLossPercent),
      unlock_at: unlockAtOf(at, product.lock_unit, product.lock_count),
      status: 'in_progress',
      created_at: at,
      updated_at: at,
    })
    await postEntry(trx, followInvestEntry(r.userId, row.id, amount), at, { lockedUserIds: [r.userId] })
    return investmentView({ ...row, number: product.number, name: product.name, strategy_id: product.strategy_id }, nav)
  }
}

/**
 * Ends an open investment at `nav`: the row and the payment of its value (redeemLocked's caller
 * holds the investment's lock and has checked it may end). Shared by redeem and the stop-loss.
 */
export async function redeemLocked(trx: Tx, inv: InvestmentWithProduct, nav: number, reason: 'redeemed' | 'stop_loss', now: number): Promise<FollowInvestment> {
  const value = valueOf(inv.units, nav)
  await postEntry(trx, followRedeemEntry(inv.user_id, inv.id, inv.amount, value), now)
  const row = await endInvestment(trx, { id: inv.id, reason, amount: value, nav, now })
  return investmentView({ ...inv, ...row }, nav)
}

/** Redeems the user's open investment after its lock, at NAV now. */
export async function redeem(deps: FollowDeps, r: { userId: number; id: number }): Promise<Effect<FollowInvestment>> {
  const at = deps.now()
  const peek = await deps.db.selectFrom('follow_investments as i').innerJoin('follow_products as p', 'p.id', 'i.product_id').select(['p.strategy_id']).where('i.id', '=', r.id).where('i.user_id', '=', r.userId).executeTakeFirst()
  if (!peek) throw investmentNotFound(r.id)
  await deps.market.prepare(at)
  const strategy = (await strategyById(deps.db, peek.strategy_id))!
  const nav = await navOfStrategy(deps, strategy, await runOf(deps.db, strategy.id), at)
  return async (trx) => {
    const trader = await lockTrader(trx, r.userId)
    if (!trader) throw unauthorized()
    const inv = await lockInvestmentOfUser(trx, r.userId, r.id)
    if (!inv) throw investmentNotFound(r.id)
    const refusal = checkRedeem({ status: inv.status, unlockAt: inv.unlock_at }, at)
    if (refusal) throw refusal
    return redeemLocked(trx, inv, nav, 'redeemed', at)
  }
}

export async function recordsOf(deps: FollowDeps, q: { userId: number; status: FollowInvestmentStatus | null; page: number; size: number }): Promise<{ data: FollowInvestment[]; total: number }> {
  const now = deps.now()
  const { rows, total } = await investmentsPage(deps.db, q)
  const open = new Set(rows.filter((r) => r.status === 'in_progress').map((r) => r.strategy_id))
  const navs = new Map<number, number>()
  if (open.size > 0) {
    await deps.market.prepare(now)
    const runs = new Map((await allRuns(deps.db)).map((r) => [r.strategy_id, r]))
    for (const id of open) navs.set(id, await navOfStrategy(deps, (await strategyById(deps.db, id))!, runs.get(id), now))
  }
  return { data: rows.map((r) => investmentView(r, navs.get(r.strategy_id) ?? r.nav_at_invest)), total }
}
