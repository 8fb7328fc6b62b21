/**
 * The quote stream's deltas (src/contract/quote-delta.ts): a delta holds exactly the changed
 * fields, applying it gives the new quote, and over a simulated trading day the client's quotes
 * built from the snapshot and every ticks event are the server's full quotes, field for field.
 */
import { describe, expect, it } from 'vitest'
import { applyQuoteDelta, applyStreamChanges, quoteDelta, quoteMoved, streamChanges } from '../../../src/contract/quote-delta'
import { type Quote, type QuoteDelta } from '../../../src/contract/replies'

const OPEN = Date.parse('2026-01-12T03:45:00Z') // 09:15 India time

function stock(symbol: string, price: number): Quote {
  return {
    symbol,
    name: `${symbol} Ltd`,
    kind: 'stock',
    priceScale: 100,
    tickSize: 5,
    time: OPEN,
    price,
    prevClose: price,
    open: price,
    high: price,
    low: price,
    change: 0,
    changeRateBp: 0,
    volume: 0,
    amount: 0,
    high52w: price + 5_000,
    low52w: price - 5_000,
    sector: 'Energy',
    industry: 'Oil',
    sharesOutstanding: 1_000_000,
    marketValue: price * 1_000_000,
    foreignRatioBp: 2_000,
    lotUnits: 1,
    unitDivisor: 100,
    quantityScale: 1,
  }
}

/** A small deterministic generator, so a failure repeats. */
function random(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0
    return s / 2 ** 32
  }
}

/** The next minute's quote as the exchange would make it: some symbols do not trade in a minute. */
function step(q: Quote, at: number, next: () => number): Quote {
  if (next() < 0.2) return { ...q, time: at }
  const price = Math.max(5, q.price + Math.round((next() - 0.5) * 8) * 5)
  const traded = 100 * Math.ceil(next() * 50)
  return {
    ...q,
    time: at,
    price,
    high: Math.max(q.high, price),
    low: Math.min(q.low, price),
    change: price - q.prevClose,
    // + 0: no -0, which JSON (and so the wire) turns into 0.
    changeRateBp: Math.round(((price - q.prevClose) * 10_000) / q.prevClose) + 0,
    volume: q.volume + traded,
    amount: q.amount + traded * price,
    high52w: Math.max(q.high52w, price),
    low52w: Math.min(q.low52w, price),
    marketValue: price * (q.sharesOutstanding ?? 0),
  }
}

describe('quoteDelta / applyQuoteDelta', () => {
  it('carries the symbol and only the fields that changed', () => {
    const before = stock('TCS', 400_000)
    const after = { ...before, time: OPEN + 1000, price: 400_500, change: 500, high: 400_500 }
    expect(quoteDelta(before, after)).toEqual({ symbol: 'TCS', time: OPEN + 1000, price: 400_500, change: 500, high: 400_500 })
    expect(quoteDelta(before, { ...before })).toEqual({ symbol: 'TCS' })
    expect(applyQuoteDelta(before, quoteDelta(before, after))).toEqual(after)
  })

  it('says a field that went away with null, and one that came with its value', () => {
    const before = stock('INFY', 150_000)
    const { sector: _sector, ...without } = before
    const delta = quoteDelta(before, without)
    expect(delta).toEqual({ symbol: 'INFY', sector: null })
    const applied = applyQuoteDelta(before, delta)
    expect(applied).toEqual(without)
    expect('sector' in applied).toBe(false)
    expect(applyQuoteDelta(without, quoteDelta(without, before))).toEqual(before)
  })

  it('survives JSON, as it travels', () => {
    const before = stock('ITC', 45_000)
    const { lotUnits: _lot, ...after } = { ...before, price: 45_005, volume: 300 }
    const delta = JSON.parse(JSON.stringify(quoteDelta(before, after))) as QuoteDelta
    expect(applyQuoteDelta(before, delta)).toEqual(after)
  })

  it('refuses a delta of another symbol', () => {
    expect(() => quoteDelta(stock('A', 100), stock('B', 100))).toThrow()
    expect(() => applyQuoteDelta(stock('A', 100), { symbol: 'B', price: 5 })).toThrow()
  })

  it('moves only when more than the time changed', () => {
    expect(quoteMoved({ symbol: 'A', time: 5 })).toBe(false)
    expect(quoteMoved({ symbol: 'A' })).toBe(false)
    expect(quoteMoved({ symbol: 'A', time: 5, volume: 100 })).toBe(true)
  })
})

describe('streamChanges / applyStreamChanges over a simulated day', () => {
  it('rebuilds every full quote from the snapshot and the deltas, and sends far fewer bytes', () => {
    const next = random(20261122)
    let quotes = Array.from({ length: 60 }, (_, i) => stock(`SYM${String(i).padStart(2, '0')}`, 10_000 + i * 1_735))
    // The server's side: what this connection last sent. The client's: what it holds.
    const sent = new Map(quotes.map((q) => [q.symbol, q]))
    const held = new Map<string, Quote>(JSON.parse(JSON.stringify(quotes)).map((q: Quote) => [q.symbol, q]))
    let fullBytes = 0
    let deltaBytes = 0
    let skipped = 0
    // 09:15 to 15:30, a tick a second would be 22,500 events; one a minute shows the same rules.
    for (let minute = 1; minute <= 375; minute++) {
      const at = OPEN + minute * 60_000
      quotes = quotes.map((q) => step(q, at, next))
      // A listing in mid-session: a symbol the snapshot did not have arrives whole.
      if (minute === 200) quotes.push(stock('NEWCO', 12_345))
      const changes = streamChanges(sent, quotes, at)
      // Each quote's time is the event's: no delta carries it.
      expect(changes.filter((c) => c.symbol !== 'NEWCO' || minute !== 200).some((c) => 'time' in c)).toBe(false)
      const wire = JSON.stringify({ at, changes })
      const received = applyStreamChanges(held, (JSON.parse(wire) as { changes: QuoteDelta[] }).changes, at)
      const moved = quotes.filter((q) => changes.some((c) => c.symbol === q.symbol))
      skipped += quotes.length - moved.length
      // Every quote the client rebuilt is the server's full quote, exactly.
      expect(received).toEqual(moved)
      fullBytes += JSON.stringify({ at, quotes: moved }).length
      deltaBytes += wire.length
      // And what it holds is what the server last sent, for every symbol.
      expect(Object.fromEntries(held)).toEqual(Object.fromEntries(sent))
    }
    // At the close, every symbol that moved since its last send is up to date.
    for (const q of quotes) {
      const h = held.get(q.symbol)!
      expect({ ...h, time: q.time }).toEqual(q)
    }
    expect(skipped).toBeGreaterThan(0)
    expect(deltaBytes).toBeLessThan(fullBytes / 2)
  })

  it('skips a delta whose base the client does not hold, unless it is a whole quote', () => {
    const held = new Map<string, Quote>()
    expect(applyStreamChanges(held, [{ symbol: 'TCS', price: 5 }], OPEN)).toEqual([])
    const whole = stock('TCS', 400_000)
    expect(applyStreamChanges(held, [whole], OPEN)).toEqual([whole])
    expect(held.get('TCS')).toEqual(whole)
  })
})
