/**
 * The live simulated exchange as the rest of the server sees it. Implemented by createMarketFeed
 * (issue 3, market runtime); routes, the stream and the trading engine use only this type.
 */
import { type MarketState } from '../trade/order-rules'
import { type Adjustment, type Candle, type Period, type Range } from './candles'
import { type Instrument } from './instruments'
import { type Quote, type StockQuote } from './quotes'

export type AnyQuote = Quote | StockQuote

export type KlineRequest = { period: Period; range: Range; adjust: Adjustment }

export type MarketFeed = {
  /** The instrument, or undefined for an unknown symbol; stocks listed since the start included. */
  instrument(symbol: string): Instrument | undefined
  /** The whole universe of this feed: the static instruments, then the stocks listed since. */
  instruments(): readonly Instrument[]
  /**
   * Reads market_listings (one small query) and adds the stocks this feed does not know yet,
   * making their days from the listing day to `now`'s. The listing step calls it after its
   * transaction commits; the market job calls it so every process learns of a listing.
   */
  refreshListings(now: number): Promise<void>
  /**
   * Loads (and stores) every day up to `now`'s India day that is not yet in the database:
   * the backfill on first start, the next day when the clock passes midnight. Idempotent and
   * safe to run from several processes at once (days are deterministic; inserts ignore conflicts).
   */
  prepare(now: number): Promise<void>
  /** The live quote at `now`. Synchronous: call prepare(now) first (the engine and routes do). */
  quote(symbol: string, now: number): AnyQuote | undefined
  /** Whether the symbol's market takes orders at `now`, else when it next opens. */
  marketState(symbol: string, now: number): MarketState
  /** The previous close the price band is measured from, in price units. */
  previousClose(symbol: string, now: number): number | undefined
  candles(symbol: string, request: KlineRequest, now: number): Promise<readonly Candle[]>
  /** Stops timers and releases memory; the database is the caller's to close. */
  close(): Promise<void>
}
