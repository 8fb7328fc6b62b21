/**
 * Companies that join the simulated exchange after it started: an IPO's listing step writes one
 * row of market_listings inside its own transaction, then asks the feed to refreshListings(); every
 * other process learns of it on the market job's next run. The row holds what the stock is made
 * from (instruments.stockOf); its days are stored in market_days like any instrument's, the first
 * one starting from the issue price on the listing's India day.
 */
import { type MarketListingsTable } from '../db/types'
import { type Executor } from '../db/executor'
import { type Stock, type StockFacts, findInstrument, isSector, stockOf } from './instruments'

/** What the stock is made from (its referencePrice the issue price, the first day's start), and when it lists. */
export type Listing = Omit<StockFacts, 'dailyVolatilityBp'> & {
  /** When the stock starts trading (epoch ms): no quote and no orders before it. */
  readonly listedAt: number
}

/** A stock that listed after the start: the static universe's stock plus when it began trading. */
export type ListedStock = { readonly stock: Stock; readonly listedAt: number }

/**
 * Stores a listing; a second call for the same symbol changes nothing (the listing step may run
 * again after a crash). A symbol of the static universe is a caller's bug, not a listing.
 */
export async function insertListing(trx: Executor, listing: Listing): Promise<void> {
  if (findInstrument(listing.symbol) !== undefined) throw new Error(`${listing.symbol} is already an instrument of the exchange`)
  await trx
    .insertInto('market_listings')
    .values({
      symbol: listing.symbol,
      name: listing.name,
      sector: listing.sector,
      industry: listing.industry,
      shares_outstanding: listing.sharesOutstanding,
      free_float_bp: listing.freeFloatBp,
      reference_price: listing.referencePrice,
      listed_at: listing.listedAt,
    })
    .onConflict((oc) => oc.column('symbol').doNothing())
    .execute()
}

function fromRow(row: MarketListingsTable): Listing | null {
  // A sector this code does not know (written by a newer version) would have no volatility.
  if (!isSector(row.sector)) return null
  return {
    symbol: row.symbol,
    name: row.name,
    sector: row.sector,
    industry: row.industry,
    sharesOutstanding: row.shares_outstanding,
    freeFloatBp: row.free_float_bp,
    referencePrice: row.reference_price,
    listedAt: row.listed_at,
  }
}

/** Every listing, oldest first: one small query, run on every market job. */
export async function allListings(db: Executor): Promise<Listing[]> {
  const rows = await db.selectFrom('market_listings').selectAll().orderBy('listed_at').orderBy('symbol').execute()
  return rows.flatMap((row) => fromRow(row) ?? [])
}

/** The stock a listing trades as: the universe's defaults for its sector, from the issue price. */
export function listedStock(listing: Listing): ListedStock {
  const { listedAt, ...facts } = listing
  return { stock: stockOf(facts), listedAt }
}
