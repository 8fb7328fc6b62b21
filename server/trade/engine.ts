/**
 * The matching engine's sweep, the job 'trading' run every config.matchIntervalMs by the jobs
 * registry (server/jobs/registry.ts) and by hand in tests: it fills resting limit orders the feed crosses, settles positions waiting for the
 * market to open, stops out positions whose loss has eaten their margin (the published rule:
 * stop_out_margin_pct) and squares off day-trading positions at the cut-off. Each order moves in
 * its own short transaction that first re-reads the row under a lock, guarded by the status it
 * expects, so two processes sweeping at once never apply a move twice (DESIGN.md section 7).
 *
 * Its cost follows what the tick crosses, not the size of the book (issue 14): each row carries
 * its stop-out level and square-off time (set at placement or fill), and the sweep asks the
 * database, with the feed's price of every open market in one VALUES list, only for the rows
 * those prices cross, through partial indexes by symbol and level.
 */
import { type ServerConfig } from '../config'
import { isOpenStatus, squareOffAt, stopOutPrice } from './position-rules'
import { type MarketFeed } from '../market/feed'
import { type Executor, type Tx } from '../db/executor'
import {
  closingInOpenMarkets,
  crossedLimitOrders,
  lockOrderIn,
  rowsMissingLevels,
  setLevels,
  squareOffsDue,
  stopOutsCrossed,
  unlockDue,
  updateOrder,
  type Levels,
  type OrderRecord,
  type SymbolPrice,
} from './repository'
import { cancelPending, fillPending, settlePosition, type CloseReason } from './service'

/** Rows per statement of the square-off and the levels pass: short statements, any number of rows. */
const BATCH = 500

declare module 'fastify' {
  // Declaration merging needs an interface here.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The 'trading' job swept by hand (tests, config.matchIntervalMs 0), through the jobs registry. */
    trading: { sweep(now: number): Promise<SweepReport> }
  }
}

export type SweepReport = { filled: number; expired: number; settled: number; stoppedOut: number; squaredOff: number; unlocked: number }

export type TradingEngine = {
  /** One pass over pending orders and open positions at `now`. */
  sweep(now: number): Promise<SweepReport>
}

export function createTradingEngine(deps: { db: Executor; config: ServerConfig; market: MarketFeed }): TradingEngine {
  const { db, config, market } = deps
  const rules = config.trading

  /** Runs one move on the order if it still has one of `statuses`; false if someone else moved it. */
  async function move(id: number, statuses: readonly OrderRecord['status'][], apply: (trx: Tx, order: OrderRecord) => Promise<unknown>): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const order = await lockOrderIn(trx, id, statuses)
      if (!order) return false
      await apply(trx, order)
      return true
    })
  }

  /** The levels of a row that has none yet, as placeOrders and fillPending would have stored them. */
  function levelsOf(order: OrderRecord): Levels {
    const entryPrice = isOpenStatus(order.status) ? order.entry_price : null
    const shape = { direction: order.direction, quantity: order.quantity, margin: order.margin, unitDivisor: order.unit_divisor }
    return {
      id: order.id,
      status: order.status,
      stopOutPrice: entryPrice === null ? null : stopOutPrice({ ...shape, entryPrice }, rules),
      squareOffAt: order.day_trading ? squareOffAt(order.opened_at ?? order.created_at, rules) : null,
    }
  }

  /** The one-off pass for rows without levels; reads an empty partial index once they all have them. */
  async function fillMissingLevels(failures: unknown[]): Promise<void> {
    for (let after = 0; ; ) {
      const rows = await rowsMissingLevels(db, after, BATCH)
      const levels: Levels[] = []
      for (const row of rows) {
        // A row the rules cannot price is reported and left; the others get their levels.
        try {
          levels.push(levelsOf(row))
        } catch (error) {
          failures.push(error)
        }
      }
      await setLevels(db, levels)
      if (rows.length < BATCH) return
      after = rows.at(-1)!.id
    }
  }

  async function sweep(now: number): Promise<SweepReport> {
    const report: SweepReport = { filled: 0, expired: 0, settled: 0, stoppedOut: 0, squaredOff: 0, unlocked: 0 }
    await market.prepare(now)
    // One failure (a deadlock, a bad row) must not stop the others' fills and stop-outs.
    const failures: unknown[] = []
    await fillMissingLevels(failures).catch((error: unknown) => void failures.push(error))

    // The feed's price of every traded symbol that has one; only open markets' prices cross anything.
    const quoted = new Map<string, { price: number; open: boolean }>()
    const prices: SymbolPrice[] = []
    for (const instrument of market.instruments()) {
      if (instrument.kind === 'index') continue
      const quote = market.quote(instrument.symbol, now)
      if (!quote) continue
      const open = market.marketState(instrument.symbol, now).open
      quoted.set(instrument.symbol, { price: quote.price, open })
      if (open) prices.push({ symbol: instrument.symbol, price: quote.price })
    }

    const settle = (id: number, statuses: readonly OrderRecord['status'][], price: number, reason: CloseReason) =>
      // Guarded by the statuses the question found: a user's close or another process may have moved it.
      move(id, statuses, (trx, locked) => settlePosition(trx, config, locked, price, reason, now))

    const each = async <O>(orders: readonly O[], work: (order: O) => Promise<void>) => {
      for (const order of orders) await work(order).catch((error: unknown) => void failures.push(error))
    }

    await each(await closingInOpenMarkets(db, prices), async (order) => {
      if (await settle(order.id, ['preparing_to_close'], order.price, order.close_reason ?? 'user')) report.settled++
    })

    // Past the cut-off: a resting day-trading order would open only to be squared off, so it
    // expires; a position closes at the price, or at the next open when its market is shut
    // (the server was down at the cut-off). In batches, in time order.
    for (let after: { at: number; id: number } | null = null; ; ) {
      const due = await squareOffsDue(db, now, after, BATCH)
      await each(due, async (order) => {
        if (order.status === 'pending') {
          if (await move(order.id, ['pending'], (trx, locked) => cancelPending(trx, locked, now))) report.expired++
          return
        }
        const quote = quoted.get(order.symbol)
        if (!quote) return
        const done = quote.open
          ? await settle(order.id, ['locked', 'holding'], quote.price, 'square_off')
          : await move(order.id, ['locked', 'holding'], (trx, locked) => updateOrder(trx, locked.id, { status: 'preparing_to_close', close_reason: 'square_off' }, now))
        if (done) report.squaredOff++
      })
      if (due.length < BATCH) break
      after = { at: due.at(-1)!.square_off_at, id: due.at(-1)!.id }
    }

    await each(await crossedLimitOrders(db, prices, now), async (order) => {
      if (await move(order.id, ['pending'], (trx, locked) => fillPending(trx, config, locked, now))) report.filled++
    })

    await each(await stopOutsCrossed(db, prices, now), async (order) => {
      if (await settle(order.id, ['locked', 'holding'], order.price, 'stop_out')) report.stoppedOut++
    })

    report.unlocked = await unlockDue(db, now)
    if (failures.length > 0) throw new AggregateError(failures, `${failures.length} order move(s) failed in the sweep; the others went ahead`)
    return report
  }

  return { sweep }
}
