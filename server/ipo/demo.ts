/**
 * The demo's new shares (issue 10, config.ipo.demoStepMs set): fictional companies whose issues
 * keep coming by themselves, so every stage can be seen without a back office. On the first sweep
 * of a database with no demo issue, one issue at each stage is written at once (upcoming, open,
 * closed awaiting its draw, drawn awaiting its listing), the past ones with past times: the same
 * sweep then takes their steps as the lifecycle always does. After that, whenever fewer than
 * KEEP_AHEAD issues are upcoming or open, the next one is created. The back office's own creation
 * stays future-only (admin-service.ts); the demo writes its rows directly, marked created_by 'demo'.
 * Symbols start with 'TJ' and end with a serial number: no NSE symbol looks like that.
 */
import { randomBytes } from 'node:crypto'
import { type Insertable } from 'kysely'
import { type Executor } from '../db/executor'
import { type IpoIssuesTable } from '../db/types'
import { SECTORS } from '../market/instruments'
import { commitmentOf } from '../../src/contract/draw'
import { countNotYetClosed } from './lifecycle-repository'

const KEEP_AHEAD = 2

type Company = { name: string; code: string; sector: string; industry: string }

const COMPANIES: readonly Company[] = [
  { name: 'Lantern Textiles (fictional)', code: 'LANT', sector: SECTORS.consumerDurables, industry: 'Textiles' },
  { name: 'Monsoon Agritech (fictional)', code: 'MONS', sector: SECTORS.fmcg, industry: 'Agricultural Products' },
  { name: 'Peacock Solar (fictional)', code: 'PEAC', sector: SECTORS.power, industry: 'Renewable Energy' },
  { name: 'Chai Street Foods (fictional)', code: 'CHAI', sector: SECTORS.consumerServices, industry: 'Restaurants' },
  { name: 'Banyan Logistics (fictional)', code: 'BANY', sector: SECTORS.services, industry: 'Logistics' },
  { name: 'Kite Software (fictional)', code: 'KITE', sector: SECTORS.it, industry: 'IT Services' },
  { name: 'Saffron Health (fictional)', code: 'SAFF', sector: SECTORS.healthcare, industry: 'Hospitals' },
  { name: 'Riverbank Finance (fictional)', code: 'RIVB', sector: SECTORS.financialServices, industry: 'Finance' },
]

/** When each step falls, in steps from the window's opening. */
type Schedule = { opens_at: number; closes_at: number; draw_at: number; refund_at: number; listing_at: number }

/** A window `window` steps long, then the draw, the refund and the listing one step apart each. */
function scheduleFrom(opensAt: number, step: number, window = 4): Schedule {
  const closes = opensAt + window * step
  return { opens_at: opensAt, closes_at: closes, draw_at: closes + step, refund_at: closes + 2 * step, listing_at: closes + 3 * step }
}

/** The n-th demo issue (0-based): its company, a plausible price and lot, and alternating payment modes. */
function demoIssue(n: number, schedule: Schedule, now: number): Insertable<IpoIssuesTable> {
  const company = COMPANIES[n % COMPANIES.length]!
  const seed = randomBytes(32).toString('hex')
  // ₹100 to ₹480 a share, lots of 25 to 145 shares: one lot costs a few thousand rupees.
  const price = (100 + ((n * 37) % 20) * 20) * 100
  const lotSize = 25 + ((n * 7) % 7) * 20
  // A retail portion of 5 to 8 lots: a handful of demo users oversubscribe it.
  const retailLots = 5 + (n % 4)
  return {
    symbol: `TJ${company.code}${n + 1}`,
    name: company.name,
    sector: company.sector,
    industry: company.industry,
    shares_outstanding: 50_000_000 + n * 1_000_000,
    free_float_bp: 2500,
    price,
    lot_size: lotSize,
    min_lots: 1,
    retail_shares: retailLots * lotSize,
    payment_mode: n % 2 === 0 ? 'blocked' : 'pay_after_win',
    ...schedule,
    seed,
    commitment: commitmentOf(seed),
    created_by: 'demo',
    created_at: now,
  }
}

async function demoCount(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('ipo_issues')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_by', '=', 'demo')
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Creates what the demo needs at `now`; returns how many issues it created. Run before the lifecycle's steps. */
export async function keepDemoIssues(db: Executor, step: number, now: number): Promise<number> {
  const n = await demoCount(db)
  const rows: Insertable<IpoIssuesTable>[] = []
  if (n === 0) {
    // One at each stage right away; the lifecycle stamps the past steps on this same sweep.
    rows.push(
      demoIssue(0, scheduleFrom(now - 5 * step, step, 3), now), // drawn, listing in a step
      demoIssue(1, scheduleFrom(now - 3.5 * step, step, 3), now), // closed, draw in half a step
      demoIssue(2, scheduleFrom(now - step, step), now), // open for three more steps
      demoIssue(3, scheduleFrom(now + 2 * step, step), now), // upcoming
    )
  } else {
    const ahead = await countNotYetClosed(db, now)
    for (let i = 0; i < KEEP_AHEAD - ahead; i++) rows.push(demoIssue(n + i, scheduleFrom(now + (i + 1) * step, step), now))
  }
  if (rows.length === 0) return 0
  // Another process's sweep may have taken the same serial: the unique symbol keeps one of each.
  const inserted = await db
    .insertInto('ipo_issues')
    .values(rows)
    .onConflict((oc) => oc.column('symbol').doNothing())
    .returning('id')
    .execute()
  return inserted.length
}
