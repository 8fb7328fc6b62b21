/**
 * The matching engine's sweep, the job 'trading' run every config.matchIntervalMs by the jobs
 * registry (server/jobs/registry.ts) and by hand in tests: it fills resting limit orders the feed crosses, settles positions waiting for the
 * market to open, stops out positions whose loss has eaten their margin (the published rule:
 * stop_out_margin_pct) and squares off day-trading positions at the cut-off. Each order moves in
 * its own short transaction that first re-reads the row under a lock, guarded by the status it
 * expects, so two processes sweeping at once never apply a move twice (DESIGN.md section 7).
 */
import { type ServerConfig } from '../config'
import { shouldFill } from './order-rules'
import { isSquareOffDue, isStopOut, squareOffAt } from './position-rules'
import { type MarketFeed } from '../market/feed'
import { type Executor, type Tx } from '../db/executor'
import { lockOrderIn, openPositions, pendingOrders, unlockDue, updateOrder, type OrderRecord } from './repository'
import { cancelPending, fillPending, positionOf, settlePosition, type CloseReason } from './service'

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

  async function sweep(now: number): Promise<SweepReport> {
    const report: SweepReport = { filled: 0, expired: 0, settled: 0, stoppedOut: 0, squaredOff: 0, unlocked: 0 }
    await market.prepare(now)
    const settle = (order: OrderRecord, price: number, reason: CloseReason) =>
      // Guarded by the statuses the scan allows: a user's close or another process may have moved it.
      move(order.id, order.status === 'preparing_to_close' ? ['preparing_to_close'] : ['locked', 'holding'], (trx, locked) => settlePosition(trx, config, locked, price, reason, now))

    // One order's failure (a deadlock, a bad row) must not stop the others' fills and stop-outs.
    const failures: unknown[] = []
    const each = async <O>(orders: readonly O[], work: (order: O) => Promise<void>) => {
      for (const order of orders) await work(order).catch((error: unknown) => void failures.push(error))
    }

    await each(await pendingOrders(db), async (order) => {
      // A day-trading order still resting at the cut-off would open only to be squared off.
      if (order.day_trading && now >= squareOffAt(order.created_at, rules)) {
        if (await move(order.id, ['pending'], (trx, locked) => cancelPending(trx, locked, now))) report.expired++
        return
      }
      if (order.limit_price === null || !market.marketState(order.symbol, now).open) return
      const quote = market.quote(order.symbol, now)
      if (!quote || !shouldFill({ direction: order.direction, limitPrice: order.limit_price }, { price: quote.price, at: now })) return
      if (await move(order.id, ['pending'], (trx, locked) => fillPending(trx, config, locked, now))) report.filled++
    })

    await each(await openPositions(db), async (order) => {
      const open = market.marketState(order.symbol, now).open
      const quote = market.quote(order.symbol, now)
      if (!quote) return
      if (order.status === 'preparing_to_close') {
        if (open && (await settle(order, quote.price, order.close_reason ?? 'user'))) report.settled++
        return
      }
      const position = positionOf(order)
      if (isSquareOffDue(position, now, rules)) {
        // Past the cut-off with the market shut (the server was down then): close at the next open.
        const done = open
          ? await settle(order, quote.price, 'square_off')
          : await move(order.id, ['locked', 'holding'], (trx, locked) => updateOrder(trx, locked.id, { status: 'preparing_to_close', close_reason: 'square_off' }, now))
        if (done) report.squaredOff++
        return
      }
      if (open && isStopOut(position, quote.price, rules) && (await settle(order, quote.price, 'stop_out'))) report.stoppedOut++
    })

    report.unlocked = await unlockDue(db, now)
    if (failures.length > 0) throw new AggregateError(failures, `${failures.length} order move(s) failed in the sweep; the others went ahead`)
    return report
  }

  return { sweep }
}
