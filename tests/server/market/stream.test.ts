/**
 * GET /stock/stream sends deltas: a full snapshot first (on every connection, a reconnect with
 * Last-Event-ID included), then per symbol only the fields that changed since this connection
 * last sent it, and nothing for a symbol that did not move. Applying a simulated day of deltas to
 * the snapshot gives the exchange's full quotes exactly. And every process streams the same
 * prices: two apps over the same stored seed (two databases, or one database and a second app
 * told another seed) reply byte for byte the same at the same instants.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../server/app'
import { STOCKS } from '../../../server/market/instruments'
import { applyStreamChanges } from '../../../src/contract/quote-delta'
import { type Quote, type QuoteSnapshotEvent, type QuoteTicksEvent } from '../../../src/contract/replies'
import { type TestApp, createClock, createTestApp } from '../helpers'

type Event = { event: string; id?: string; data: string }

/** A reader of one stream's server-sent events, by event. */
function events(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  const queue: Event[] = []
  let text = ''
  const next = async (): Promise<Event> => {
    for (;;) {
      const found = queue.shift()
      if (found) return found
      const { value, done } = await reader.read()
      if (done) throw new Error('the stream ended')
      text += decoder.decode(value, { stream: true })
      let end: number
      while ((end = text.indexOf('\n\n')) >= 0) {
        const block = text.slice(0, end)
        text = text.slice(end + 2)
        const event: Event = { event: 'message', data: '' }
        for (const line of block.split('\n')) {
          if (line.startsWith('event: ')) event.event = line.slice(7)
          else if (line.startsWith('id: ')) event.id = line.slice(4)
          else if (line.startsWith('data: ')) event.data = line.slice(6)
        }
        if (event.data !== '') queue.push(event)
      }
    }
  }
  return {
    next,
    /** The next event of `name` whose `at` is `at`, skipping older ones. */
    async at(name: string, at: number): Promise<Event> {
      for (;;) {
        const event = await next()
        if (event.event === name && (JSON.parse(event.data) as { at: number }).at === at) return event
        if ((JSON.parse(event.data) as { at: number }).at > at) throw new Error(`no ${name} at ${at}: ${event.event} at ${event.id}`)
      }
    },
    cancel: () => reader.cancel().catch(() => undefined),
  }
}

async function open(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers })
  expect(res.status).toBe(200)
  return events(res.body!)
}

const SIXTY = STOCKS.slice(0, 60).map((s) => s.symbol)
const streamPath = (symbols: readonly string[]) => `/api/vue/stock/stream?symbols=${symbols.map(encodeURIComponent).join(',')}`

describe('GET /stock/stream deltas', () => {
  let s: TestApp
  let address: string
  beforeAll(async () => {
    // Monday 09:15 India time; the demo's market is always open, so every minute moves it.
    s = await createTestApp({ clock: createClock('2026-01-12T03:45:00Z'), config: { streamIntervalMs: 10, streamMaxSymbols: 100 } })
    address = await s.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    await s.close()
  })

  const fullQuotes = async (symbols: readonly string[]): Promise<Map<string, Quote>> => {
    const list = (await s.call('/stock/list', { type: 'stock', size: 200 })).body.data as { data: Quote[] }
    return new Map(list.data.filter((q) => symbols.includes(q.symbol)).map((q) => [q.symbol, q]))
  }

  it('rebuilds the exchange\'s full quotes from the snapshot and a simulated day of deltas', async () => {
    const stream = await open(`${address}${streamPath(SIXTY)}`)
    const snapshot = await stream.at('snapshot', s.clock.now())
    const first = JSON.parse(snapshot.data) as QuoteSnapshotEvent
    expect(first.quotes.map((q) => q.symbol).sort()).toEqual([...SIXTY].sort())
    expect(new Map(first.quotes.map((q) => [q.symbol, q]))).toEqual(await fullQuotes(SIXTY))
    const held = new Map(first.quotes.map((q) => [q.symbol, q]))
    let fullBytes = 0
    let deltaBytes = 0
    // 09:15 to 15:30, a tick a minute.
    for (let minute = 1; minute <= 375; minute++) {
      s.clock.advance(60_000)
      const event = await stream.at('ticks', s.clock.now())
      const ticks = JSON.parse(event.data) as QuoteTicksEvent
      expect(Object.keys(ticks)).toEqual(['at', 'changes'])
      // Every quote's time is the event's `at`: no delta repeats it.
      for (const delta of ticks.changes) expect(delta.time).toBeUndefined()
      const rebuilt = applyStreamChanges(held, ticks.changes, ticks.at)
      const full = await fullQuotes(SIXTY)
      // Each sent symbol, rebuilt, is the exchange's quote now, field for field.
      for (const quote of rebuilt) expect(quote).toEqual(full.get(quote.symbol))
      // Each delta carries fewer fields than the quote; the ones it leaves out did not change.
      for (const delta of ticks.changes) expect(Object.keys(delta).length).toBeLessThan(Object.keys(full.get(delta.symbol)!).length)
      // A symbol not sent did not move: its held quote is the exchange's but for the time.
      for (const [symbol, quote] of full) expect({ ...held.get(symbol), time: quote.time }).toEqual(quote)
      deltaBytes += event.data.length
      fullBytes += JSON.stringify({ at: ticks.at, quotes: rebuilt }).length
    }
    await stream.cancel()
    expect(deltaBytes).toBeLessThan(fullBytes / 2)
  }, 120_000)

  it('does not send a symbol that did not move', async () => {
    const t = await createTestApp({ config: { streamIntervalMs: 10, marketAlwaysOpen: false } })
    try {
      const url = await t.app.listen({ port: 0, host: '127.0.0.1' })
      // A Saturday: shares do not trade, coins do.
      const stream = await open(`${url}${streamPath(['TCS', 'BTCINR'])}`)
      await stream.at('snapshot', t.clock.now())
      for (let i = 1; i <= 3; i++) {
        t.clock.advance(60_000)
        const ticks = JSON.parse((await stream.at('ticks', t.clock.now())).data) as QuoteTicksEvent
        expect(ticks.changes.map((c) => c.symbol)).toEqual(['BTCINR'])
      }
      await stream.cancel()
    } finally {
      await t.close()
    }
  })

  it('starts every connection, a reconnect with Last-Event-ID included, with full quotes', async () => {
    const stream = await open(`${address}${streamPath(['RELIANCE', 'INFY'])}`)
    const snapshot = await stream.at('snapshot', s.clock.now())
    s.clock.advance(60_000)
    const ticks = await stream.at('ticks', s.clock.now())
    await stream.cancel()
    s.clock.advance(60_000)
    const again = await open(`${address}${streamPath(['RELIANCE', 'INFY'])}`, { 'last-event-id': ticks.id! })
    const resumed = await again.next()
    expect(resumed.event).toBe('snapshot')
    expect(resumed.id).not.toBe(snapshot.id)
    const quotes = (JSON.parse(resumed.data) as QuoteSnapshotEvent).quotes
    expect(new Map(quotes.map((q) => [q.symbol, q]))).toEqual(await fullQuotes(['RELIANCE', 'INFY']))
    await again.cancel()
  })
})

describe('every process streams the same prices', () => {
  it('two apps on two databases with the same stored seed, and a second app on one database told another seed, reply byte for byte alike', async () => {
    const clock = createClock('2026-01-12T03:45:00Z')
    const config = { streamIntervalMs: 10, streamMaxSymbols: 100 }
    const a = await createTestApp({ clock, config })
    const b = await createTestApp({ clock, config })
    // A second process on a's database: a new store would take seed 1, the stored seed wins.
    const c = await buildApp({ database: a.database, config: a.config, now: clock.now, marketSeed: 1 })
    const apps = [a.app, b.app, c]
    try {
      const addresses = await Promise.all(apps.map((app) => app.listen({ port: 0, host: '127.0.0.1' })))
      const raw = async (path: string, body: unknown) =>
        Promise.all(apps.map(async (app) => (await app.inject({ method: 'POST', url: `/api/vue${path}`, payload: body as object })).body))
      const symbols = [...SIXTY, 'NIFTY50', 'USDINR', 'BTCINR']
      const streams = await Promise.all(addresses.map((url) => open(`${url}${streamPath(symbols)}`)))
      const same = (texts: string[]) => {
        expect(texts[0]!.length).toBeGreaterThan(100)
        expect(texts[1]).toBe(texts[0])
        expect(texts[2]).toBe(texts[0])
      }
      same(await Promise.all(streams.map(async (st) => (await st.at('snapshot', clock.now())).data)))
      // Across a session and into the next day (a new day's prices are built from the stored seed too).
      for (const step of [60_000, 7 * 60_000, 61 * 60_000, 3 * 3_600_000, 13 * 3_600_000]) {
        clock.advance(step)
        same(await Promise.all(streams.map(async (st) => (await st.at('ticks', clock.now())).data)))
        for (const type of ['stock', 'index', 'forex', 'crypto']) same(await raw('/stock/list', { type, size: 200 }))
        same(await raw('/stock/kline', { symbol: 'TCS', period: '1min', range: '1w', adjust: 'none' }))
      }
      await Promise.all(streams.map((st) => st.cancel()))
    } finally {
      await c.close()
      await b.close()
      await a.close()
    }
  }, 120_000)
})
