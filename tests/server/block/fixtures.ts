/** Block offerings for tests (issue 11): a row inserted directly, with a real seed and its commitment. */
import { randomBytes } from 'node:crypto'
import { type Insertable, type Selectable } from 'kysely'
import { commitmentOf } from '../../../src/contract/draw'
import { type Executor } from '../../../server/db/executor'
import { type BlockOfferingsTable } from '../../../server/db/types'

export const MINUTE = 60_000
export const HOUR = 60 * MINUTE

/**
 * Inserts a morning offering of RELIANCE whose window is open at `at` (opened an hour before,
 * closing in an hour, allocated at the close), already priced at Rs 980 (reference Rs 1,000, 2 %
 * off), 1,000 shares in lots of 10, at least 100 shares and Rs 1,00,000, locked 5 minutes.
 * Overrides win; pass `price: null, reference_price: null` for one the feed is still to price.
 */
export async function createOffering(db: Executor, overrides: Partial<Insertable<BlockOfferingsTable>> & { at: number }): Promise<Selectable<BlockOfferingsTable>> {
  const { at, ...rest } = overrides
  const seed = rest.seed ?? randomBytes(32).toString('hex')
  const closes = rest.closes_at ?? at + HOUR
  const row: Insertable<BlockOfferingsTable> = {
    symbol: 'RELIANCE',
    name: 'Reliance Industries',
    session: 'morning',
    shares: 1_000,
    lot_size: 10,
    opens_at: at - HOUR,
    closes_at: closes,
    allocate_at: closes,
    reference_kind: 'previous_close',
    reference_from: null,
    reference_to: null,
    discount_bps: 200,
    band_bps: 300,
    min_shares: 100,
    min_amount: 10_000_000,
    lock_unit: 'minute',
    lock_count: 5,
    reference_price: 100_000,
    price: 98_000,
    priced_at: at - HOUR,
    created_by: 'test',
    created_at: at - 2 * HOUR,
    ...rest,
    seed,
    commitment: commitmentOf(seed),
  }
  return db.insertInto('block_offerings').values(row).returningAll().executeTakeFirstOrThrow()
}
