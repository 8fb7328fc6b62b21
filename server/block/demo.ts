/**
 * The demo's block offerings (issue 11, config.block.demoStepMs set): offerings of real listed
 * stocks of the simulated market keep coming by themselves, so every stage can be seen without a
 * back office. On the first sweep of a database with no demo offering, three are written at once:
 * one already past its allocation (the same sweep prices and allocates it, as the job always
 * does), one open and one upcoming. After that, whenever fewer than KEEP_AHEAD are upcoming or
 * open, the next is created. Sessions alternate (morning: the previous close; afternoon: the VWAP
 * of the step before the window). The sizes are the demo's own: the minimum amount is the
 * config's, within the demo account's funds, and an offering is about three minimum applications,
 * so a few users oversubscribe it. The back office's creation stays future-only (admin-service.ts).
 */
import { randomBytes } from 'node:crypto'
import { type Insertable } from 'kysely'
import { type ServerConfig } from '../config'
import { type Executor } from '../db/executor'
import { type BlockOfferingsTable } from '../db/types'
import { type MarketFeed } from '../market/feed'
import { commitmentOf } from '../../src/contract/draw'
import { countNotYetClosed, demoCount, insertOffering } from './repository'

const KEEP_AHEAD = 2

/** Large, liquid stocks of the simulated market (server/market/instruments.ts). */
const SYMBOLS = ['RELIANCE', 'HDFCBANK', 'INFY', 'ITC', 'SBIN', 'TCS'] as const

type DemoDeps = { db: Executor; config: ServerConfig; market: Pick<MarketFeed, 'instrument' | 'previousClose'> }

type Window = { opens_at: number; closes_at: number; allocate_at: number }

/** A window `length` steps long, the allocation one step after it closes. */
function windowFrom(opensAt: number, step: number, length = 3): Window {
  const closes = opensAt + length * step
  return { opens_at: opensAt, closes_at: closes, allocate_at: closes + step }
}

/** The n-th demo offering (0-based), or undefined when its stock is not in the feed. */
function demoOffering(deps: DemoDeps, n: number, w: Window, step: number, now: number): Insertable<BlockOfferingsTable> | undefined {
  const symbol = SYMBOLS[n % SYMBOLS.length]!
  const instrument = deps.market.instrument(symbol)
  if (instrument === undefined) return undefined
  const { minShares, minAmount, bandBps, beacon } = deps.config.block
  // Sized from today's base price: about three minimum applications, in lots of 10 shares.
  const base = deps.market.previousClose(symbol, now) ?? instrument.referencePrice
  const lotSize = 10
  const minLotsByAmount = Math.ceil(minAmount / (base * lotSize))
  const shares = Math.max(3 * minLotsByAmount + 2, Math.ceil((3 * minShares) / lotSize)) * lotSize
  const afternoon = n % 2 === 1
  const seed = randomBytes(32).toString('hex')
  return {
    symbol,
    name: instrument.name,
    session: afternoon ? 'afternoon' : 'morning',
    shares,
    lot_size: lotSize,
    ...w,
    reference_kind: afternoon ? 'vwap' : 'previous_close',
    // The step before the window: for an offering created ahead, an interval still to come.
    reference_from: afternoon ? w.opens_at - step : null,
    reference_to: afternoon ? w.opens_at : null,
    discount_bps: Math.min(bandBps, [150, 200, 250][n % 3]!),
    band_bps: bandBps,
    min_shares: minShares,
    min_amount: minAmount,
    // Minutes in the demo, so one person sees the lock end in one sitting.
    lock_unit: 'minute',
    lock_count: 5,
    seed,
    commitment: commitmentOf(seed),
    beacon,
    created_by: 'demo',
    created_at: now,
  }
}

/** Creates what the demo needs at `now`; returns how many offerings it created. Run before the job's steps. */
export async function keepDemoOfferings(deps: DemoDeps, step: number, now: number): Promise<number> {
  const n = await demoCount(deps.db)
  const windows: Window[] = []
  if (n === 0) {
    windows.push(windowFrom(now - 6 * step, step, 2)) // allocated on this same sweep
    windows.push(windowFrom(now - step, step, 4)) // open for three more steps
    windows.push(windowFrom(now + 2 * step, step)) // upcoming
  } else {
    const ahead = await countNotYetClosed(deps.db, now)
    for (let i = 0; i < KEEP_AHEAD - ahead; i++) windows.push(windowFrom(now + (i + 1) * step, step))
  }
  let created = 0
  for (const [i, w] of windows.entries()) {
    const row = demoOffering(deps, n + i, w, step, now)
    if (row) {
      await insertOffering(deps.db, row)
      created++
    }
  }
  return created
}
