/**
 * The quote stream's deltas, one pure module for both sides: the server (GET /stock/stream)
 * sends, per symbol, what changed since the quote it last sent on that connection; the app
 * (src/data/stream.ts) applies it to the quote it last received there. The envelope:
 * - `event: snapshot`, data QuoteSnapshotEvent {at, quotes: Quote[]}: every connection's first
 *   event, full quotes; it replaces whatever base the client held.
 * - `event: ticks`, data QuoteTicksEvent {at, changes: QuoteDelta[]}: one delta per symbol that
 *   moved (streamChanges below), against the last full quote of this connection; a delta
 *   without `time` means time = at.
 * Deltas hold only values, never arithmetic, so applying them gives the server's quote exactly.
 */
import { type Quote, type QuoteDelta } from './replies'

type Field = keyof Quote
type Value = Quote[Field]

/** The fields of `next` that differ from `previous` (null: a field `next` no longer has). */
export function quoteDelta(previous: Quote, next: Quote): QuoteDelta {
  if (previous.symbol !== next.symbol) throw new Error(`a delta from ${previous.symbol} to ${next.symbol}`)
  const delta: Record<string, Value | null> = { symbol: next.symbol }
  for (const key of Object.keys(next) as Field[]) {
    const value = next[key]
    if (value !== undefined && value !== previous[key]) delta[key] = value
  }
  for (const key of Object.keys(previous) as Field[]) {
    if (previous[key] !== undefined && next[key] === undefined) delta[key] = null
  }
  return delta as QuoteDelta
}

/** `previous` with `delta` applied: the quote the delta was made from. */
export function applyQuoteDelta(previous: Quote, delta: QuoteDelta): Quote {
  if (previous.symbol !== delta.symbol) throw new Error(`a delta of ${delta.symbol} applied to ${previous.symbol}`)
  const next: Record<string, unknown> = { ...previous }
  for (const [key, value] of Object.entries(delta)) {
    if (value === null) delete next[key]
    else if (value !== undefined) next[key] = value
  }
  return next as Quote
}

/** Whether a delta says more than that time passed: a symbol whose delta does not is not sent. */
export function quoteMoved(delta: QuoteDelta): boolean {
  for (const key of Object.keys(delta)) if (key !== 'symbol' && key !== 'time') return true
  return false
}

/**
 * One ticks event's changes: the delta of each quote that moved against `sent` (the last full
 * quote this connection sent per symbol), which it then updates. A quote's time is the event's
 * `at`, so a delta leaves it out (a fifth of a delta's bytes) and the client puts it back. A
 * symbol not in `sent` yet goes whole, as a delta from nothing would.
 */
export function streamChanges(sent: Map<string, Quote>, quotes: readonly Quote[], at: number): QuoteDelta[] {
  const changes: QuoteDelta[] = []
  for (const quote of quotes) {
    const before = sent.get(quote.symbol)
    if (before === undefined) {
      changes.push(quote)
      sent.set(quote.symbol, quote)
      continue
    }
    const delta = quoteDelta(before, quote)
    if (!quoteMoved(delta)) continue
    if (delta.time === at) delete delta.time
    changes.push(delta)
    sent.set(quote.symbol, quote)
  }
  return changes
}

/**
 * The client's side of streamChanges: each delta of the ticks event at `at` applied to the last
 * full quote of this connection in `held`, which it updates; returns the full quotes. A delta
 * whose base is missing and is not itself a full quote is skipped (one connection never sends
 * one: its snapshot or an earlier whole quote is every delta's base).
 */
export function applyStreamChanges(held: Map<string, Quote>, changes: readonly QuoteDelta[], at: number): Quote[] {
  const quotes: Quote[] = []
  for (const delta of changes) {
    const before = held.get(delta.symbol)
    const quote = before ? applyQuoteDelta(before, delta.time === undefined ? { ...delta, time: at } : delta) : fullQuote(delta)
    if (!quote) continue
    held.set(quote.symbol, quote)
    quotes.push(quote)
  }
  return quotes
}

const REQUIRED: readonly Field[] = ['symbol', 'name', 'kind', 'priceScale', 'tickSize', 'time', 'price', 'prevClose', 'open', 'high', 'low', 'change', 'changeRateBp', 'volume', 'amount', 'high52w', 'low52w']

/** A delta that carries a whole quote (a symbol new to the connection), else undefined. */
function fullQuote(delta: QuoteDelta): Quote | undefined {
  if (!REQUIRED.every((key) => delta[key] !== undefined && delta[key] !== null)) return undefined
  return applyQuoteDelta({ symbol: delta.symbol } as Quote, delta)
}
