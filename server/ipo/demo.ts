/**
 * The demo's new shares (issue 10, config.ipo.demoStepMs set): fictional companies whose issues
 * keep coming by themselves, so every stage can be seen without a back office. On the first sweep
 * of a database with no demo issue, one issue at each stage is written at once (upcoming, open,
 * closed awaiting its draw, drawn awaiting its listing), the past ones with past times: the same
 * sweep then takes their steps as the lifecycle always does. After that, whenever fewer than
 * KEEP_AHEAD issues are upcoming or open, the next one is created. Placements (kind 'placement',
 * a tier minimum, blocked money, allotted in proportion) run beside them the same way, one at each
 * stage at first and then KEEP_AHEAD_PLACEMENTS upcoming or open. The back office's own creation
 * stays future-only (admin-service.ts); the demo writes its rows directly, marked created_by 'demo'.
 * Symbols start with 'TJ' and end with a serial number (a placement's with 'P' and its serial):
 * no NSE symbol looks like that.
 */
import { randomBytes } from 'node:crypto'
import { type Insertable } from 'kysely'
import { type Executor } from '../db/executor'
import { type IpoIssuesTable } from '../db/types'
import { type IpoKind } from '../../src/contract/replies'
import { SECTORS } from '../market/instruments'
import { commitmentOf } from '../../src/contract/draw'
import { minLotsForAmount } from './rules'
import { countNotYetClosed, demoCount, insertDemoIssues } from './lifecycle-repository'

const KEEP_AHEAD = 2
const KEEP_AHEAD_PLACEMENTS = 1

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

const PLACEMENT_COMPANIES: readonly Company[] = [
  { name: 'Deccan Steelworks (fictional)', code: 'DECS', sector: SECTORS.metals, industry: 'Iron & Steel' },
  { name: 'Harbour Ports (fictional)', code: 'HARB', sector: SECTORS.services, industry: 'Port & Port Services' },
  { name: 'Vayu Cement (fictional)', code: 'VAYU', sector: SECTORS.constructionMaterials, industry: 'Cement & Cement Products' },
  { name: 'Indus Telecom Towers (fictional)', code: 'INDT', sector: SECTORS.telecom, industry: 'Telecom Infrastructure' },
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

/**
 * The n-th demo placement (0-based): a tier minimum of ₹1,00,000 or ₹50,000, money blocked at
 * applying, a block of about three minimum applications, so a few demo users oversubscribe it.
 */
function demoPlacement(n: number, schedule: Schedule, now: number): Insertable<IpoIssuesTable> {
  const company = PLACEMENT_COMPANIES[n % PLACEMENT_COMPANIES.length]!
  const seed = randomBytes(32).toString('hex')
  const price = (200 + ((n * 53) % 10) * 30) * 100
  const lotSize = 10
  const minAmount = n % 2 === 0 ? 10_000_000 : 5_000_000
  const minLots = minLotsForAmount(minAmount, { lot_size: lotSize, price })
  return {
    kind: 'placement',
    min_amount: minAmount,
    symbol: `TJ${company.code}P${n + 1}`,
    name: company.name,
    sector: company.sector,
    industry: company.industry,
    shares_outstanding: 200_000_000 + n * 5_000_000,
    free_float_bp: 3000,
    price,
    lot_size: lotSize,
    min_lots: minLots,
    retail_shares: (3 * minLots + 2) * lotSize,
    payment_mode: 'blocked',
    ...schedule,
    seed,
    commitment: commitmentOf(seed),
    created_by: 'demo',
    created_at: now,
  }
}

type Maker = (n: number, schedule: Schedule, now: number) => Insertable<IpoIssuesTable>

/** What one kind of demo issue needs at `now`: one at each stage at first, then `keepAhead` coming. */
async function rowsOf(db: Executor, kind: IpoKind, make: Maker, keepAhead: number, step: number, now: number): Promise<Insertable<IpoIssuesTable>[]> {
  const n = await demoCount(db, kind)
  if (n === 0) {
    // One at each stage right away; the lifecycle stamps the past steps on this same sweep.
    return [
      make(0, scheduleFrom(now - 5 * step, step, 3), now), // drawn, listing in a step
      make(1, scheduleFrom(now - 3.5 * step, step, 3), now), // closed, draw in half a step
      make(2, scheduleFrom(now - step, step), now), // open for three more steps
      make(3, scheduleFrom(now + 2 * step, step), now), // upcoming
    ]
  }
  const ahead = await countNotYetClosed(db, kind, now)
  const rows: Insertable<IpoIssuesTable>[] = []
  for (let i = 0; i < keepAhead - ahead; i++) rows.push(make(n + i, scheduleFrom(now + (i + 1) * step, step), now))
  return rows
}

/** Creates what the demo needs at `now`; returns how many issues it created. Run before the lifecycle's steps. */
export async function keepDemoIssues(db: Executor, step: number, now: number): Promise<number> {
  // IPOs first: on a fresh database they take the first ids, as the demo always had.
  const rows = [
    ...(await rowsOf(db, 'ipo', demoIssue, KEEP_AHEAD, step, now)),
    ...(await rowsOf(db, 'placement', demoPlacement, KEEP_AHEAD_PLACEMENTS, step, now)),
  ]
  if (rows.length === 0) return 0
  return insertDemoIssues(db, rows)
}
