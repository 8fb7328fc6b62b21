/**
 * The copy-trading demo data (issue 11): on the first sweep of a database with no strategy, the
 * three strategies (index tracker, momentum, mean reversion) on the NIFTY 50 members, each
 * starting early in the stored history (after a warm-up for its lookback), so the first sweep's
 * catch-up gives a year of trades and NAV; and one product on each, open for money for half a
 * year, with minimums the demo account (Rs 25,00,000) can afford. The demo profile locks for
 * minutes (one product for a single minute, so a browser test can redeem after it); production
 * for days.
 */
import { type Executor } from '../db/executor'
import { INDEX_SYMBOLS, indexBySymbol } from '../market/instruments'
import { type StrategyCode } from '../../src/contract/replies'
import { DEFAULT_PARAMS, initialState } from './strategies'
import { allStrategies, insertProduct, insertStrategy, latestDaysOf } from './repository'

const DAY_MS = 86_400_000
/** Paper capital of each strategy: Rs 1 crore, enough for whole shares of every index member in weight. */
const CAPITAL = 1_000_000_000
/** Stored closes before the start day, for the lookbacks (20 closes) to have history at once. */
const WARM_UP_DAYS = 25

type DemoProduct = { number: string; name: string; code: StrategyCode; minAmount: number; fundSize: number; lock: { minute: number; day: number } }

const STRATEGIES: readonly { code: StrategyCode; name: string }[] = [
  { code: 'index_tracker', name: 'NIFTY 50 tracker' },
  { code: 'momentum', name: 'Momentum top 5' },
  { code: 'mean_reversion', name: 'Mean reversion' },
]

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  { number: 'QC1001', name: 'Index Steady', code: 'index_tracker', minAmount: 1_000_000, fundSize: 5_000_000_000, lock: { minute: 1, day: 7 } },
  { number: 'QC1002', name: 'Momentum Leaders', code: 'momentum', minAmount: 5_000_000, fundSize: 2_000_000_000, lock: { minute: 5, day: 30 } },
  { number: 'QC1003', name: 'Bounce Back', code: 'mean_reversion', minAmount: 2_500_000, fundSize: 1_000_000_000, lock: { minute: 10, day: 14 } },
]

/** Makes the demo strategies and products if there is no strategy yet; returns how many products were made. */
export async function ensureDemo(db: Executor, lockUnit: 'minute' | 'day', now: number): Promise<number> {
  if ((await allStrategies(db)).length > 0) return 0
  const universe = [...indexBySymbol(INDEX_SYMBOLS.nifty50).constituents]
  // The stored history of the index's first member, oldest first: the start day follows the warm-up.
  const days = (await latestDaysOf(db, universe[0]!, 10_000)).map((d) => d.day).reverse()
  if (days.length === 0) return 0
  const startDay = days[Math.min(WARM_UP_DAYS, Math.floor(days.length / 3))]!
  return db.transaction().execute(async (trx) => {
    const ids = new Map<StrategyCode, number>()
    for (const s of STRATEGIES) {
      const { days, nextRebalance, entered } = initialState(CAPITAL)
      const row = await insertStrategy(
        trx,
        { code: s.code, name: s.name, params: JSON.stringify(DEFAULT_PARAMS[s.code]), universe: JSON.stringify(universe), start_day: startDay, capital: CAPITAL, created_at: now },
        JSON.stringify({ days, nextRebalance, entered }),
      )
      ids.set(s.code, row.id)
    }
    for (const p of DEMO_PRODUCTS) {
      await insertProduct(trx, {
        number: p.number,
        name: p.name,
        strategy_id: ids.get(p.code)!,
        min_amount: p.minAmount,
        fund_size: p.fundSize,
        deadline: now + 180 * DAY_MS,
        lock_unit: lockUnit,
        lock_count: p.lock[lockUnit],
        created_at: now,
      })
    }
    return DEMO_PRODUCTS.length
  })
}
