/** New-share issues for tests (issue 10): a row inserted directly, with a real seed and its commitment. */
import { randomBytes } from 'node:crypto'
import { type Insertable, type Selectable } from 'kysely'
import { commitmentOf } from '../../../src/contract/draw'
import { type Executor } from '../../../server/db/executor'
import { type IpoIssuesTable } from '../../../server/db/types'

const HOUR = 60 * 60_000
const DAY = 24 * HOUR

let serial = 0

/**
 * Inserts an issue whose window is open at `at` (default: the opening an hour before, the close a
 * day after, then a day each to the draw, the refund and the listing). Overrides win; pass `seed`
 * to fix the draw, the commitment follows it.
 */
export async function createIssue(db: Executor, overrides: Partial<Insertable<IpoIssuesTable>> & { at?: number } = {}): Promise<Selectable<IpoIssuesTable>> {
  const { at = Date.now(), ...rest } = overrides
  const seed = rest.seed ?? randomBytes(32).toString('hex')
  serial += 1
  const closes = rest.closes_at ?? at + DAY
  const row: Insertable<IpoIssuesTable> = {
    symbol: `NEWCO${serial}`,
    name: `New Company ${serial}`,
    sector: 'Financials',
    industry: 'Banks',
    shares_outstanding: 10_000_000,
    free_float_bp: 2500,
    price: 10_000,
    lot_size: 10,
    min_lots: 1,
    retail_shares: 1_000,
    payment_mode: 'blocked',
    opens_at: at - HOUR,
    closes_at: closes,
    draw_at: closes + DAY,
    refund_at: closes + 2 * DAY,
    listing_at: closes + 3 * DAY,
    created_by: 'test',
    created_at: at - 2 * HOUR,
    ...rest,
    seed,
    commitment: commitmentOf(seed),
  }
  return db.insertInto('ipo_issues').values(row).returningAll().executeTakeFirstOrThrow()
}
