/**
 * The quote stream against the real server (GET /stock/stream) through the real TCP proxy: it
 * writes quotes into db.quotes, reports its state, reconnects after the connection is dropped and
 * closes when nothing is watched.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../../src/data/db'
import { STREAM_STATUS_KEY, quotesWritten, streamedSymbols, watchQuotes, type StreamStatus } from '../../../src/data/stream'
import { useRealServer } from '../support/realServer'

const server = useRealServer()
const status = async () => (await db.meta.get(STREAM_STATUS_KEY))?.value as StreamStatus | undefined
const streams = () => server.proxy.requests.filter((r) => r.startsWith('GET /api/vue/stock/stream')).length
let stops: (() => void)[] = []

beforeEach(async () => {
  await Promise.all([db.quotes.clear(), db.meta.clear()])
  server.proxy.requests.length = 0
})

afterEach(async () => {
  for (const stop of stops) stop()
  stops = []
  await vi.waitFor(() => expect(streamedSymbols()).toEqual([]))
})

describe('watchQuotes', () => {
  it('opens one stream for the union of watched symbols and writes the snapshot into db.quotes', async () => {
    stops.push(watchQuotes(['TCS', 'INFY']), watchQuotes(['INFY', 'BTCINR']))
    await vi.waitFor(async () => expect((await status())?.state).toBe('live'), { timeout: 5000 })
    await quotesWritten()
    expect((await db.quotes.bulkGet(['BTCINR', 'INFY', 'TCS'])).map((q) => q?.symbol)).toEqual(['BTCINR', 'INFY', 'TCS'])
    expect(streamedSymbols()).toEqual(['BTCINR', 'INFY', 'TCS'])
    expect(streams()).toBe(1)
    expect(server.proxy.requests).toContain('GET /api/vue/stock/stream?symbols=BTCINR,INFY,TCS')
  })

  it('reconnects after the connection drops and resumes with a snapshot', async () => {
    stops.push(watchQuotes(['RELIANCE']))
    await vi.waitFor(async () => expect((await status())?.state).toBe('live'), { timeout: 5000 })
    await quotesWritten()
    await db.quotes.delete('RELIANCE')

    server.proxy.setMode('down') // cuts the open connection and refuses new ones
    await vi.waitFor(async () => expect((await status())?.state).not.toBe('live'), { timeout: 5000 })
    server.proxy.setMode('pass')
    await vi.waitFor(async () => expect((await status())?.state).toBe('live'), { timeout: 10_000 })
    await quotesWritten()
    expect(await db.quotes.get('RELIANCE')).toMatchObject({ symbol: 'RELIANCE' })
    expect(streams()).toBeGreaterThanOrEqual(2)
  })

  it('closes when nothing is watched and goes offline', async () => {
    const stop = watchQuotes(['SBIN'])
    await vi.waitFor(async () => expect((await status())?.state).toBe('live'), { timeout: 5000 })
    stop()
    await vi.waitFor(async () => expect((await status())?.state).toBe('offline'))
    expect(streamedSymbols()).toEqual([])
  })

  it('writes ticks as the market moves', async () => {
    stops.push(watchQuotes(['BTCINR', 'ETHINR', 'HDFCBANK', 'USDINR']))
    await vi.waitFor(async () => expect((await status())?.state).toBe('live'), { timeout: 5000 })
    await quotesWritten()
    const first = new Map((await db.quotes.toArray()).map((q) => [q.symbol, q.time]))
    server.t.clock.advance(60_000)
    await vi.waitFor(
      async () => {
        const now = await db.quotes.toArray()
        expect(now.some((q) => q.time > first.get(q.symbol)!)).toBe(true)
      },
      { timeout: 10_000, interval: 100 },
    )
  })

  it('stores from the deltas of every tick the full quotes the server has, field for field', async () => {
    const symbols = ['BTCINR', 'ETHINR', 'HDFCBANK', 'TCS', 'USDINR', 'NIFTY50']
    stops.push(watchQuotes(symbols))
    await vi.waitFor(async () => expect((await status())?.state).toBe('live'), { timeout: 5000 })
    for (let minute = 1; minute <= 3; minute++) {
      server.t.clock.advance(60_000)
      const at = server.t.clock.now()
      // One ticks message carries every symbol that moved: once one is stored, all of them are.
      await vi.waitFor(
        async () => {
          await quotesWritten()
          expect((await db.quotes.bulkGet(symbols)).some((q) => q?.time === at)).toBe(true)
        },
        { timeout: 10_000, interval: 50 },
      )
      for (const symbol of symbols) {
        const detail = (await server.t.call('/stock/detail', { symbol })).body.data as { quote: Record<string, unknown> }
        const stored = await db.quotes.get(symbol)
        // A symbol that did not move was not sent: the same quote but for its time.
        expect({ ...stored, time: at }).toEqual(detail.quote)
        if (stored?.time === at) expect(stored).toEqual(detail.quote)
      }
    }
    expect((await db.quotes.bulkGet(symbols)).filter((q) => q?.time === server.t.clock.now()).length).toBeGreaterThan(0)
  }, 30_000)

  it('closes while the page is hidden and reopens at once when it is shown', async () => {
    const page = Object.assign(new EventTarget(), { visibilityState: 'visible' })
    vi.stubGlobal('document', page)
    const stop = watchQuotes(['ITC'])
    try {
      await vi.waitFor(async () => expect((await status())?.state).toBe('live'), { timeout: 5000 })
      page.visibilityState = 'hidden'
      page.dispatchEvent(new Event('visibilitychange'))
      await vi.waitFor(async () => expect((await status())?.state).toBe('offline'))
      expect(streamedSymbols()).toEqual([])
      page.visibilityState = 'visible'
      page.dispatchEvent(new Event('visibilitychange'))
      await vi.waitFor(async () => expect((await status())?.state).toBe('live'), { timeout: 5000 })
      expect(streams()).toBe(2)
    } finally {
      stop()
      await vi.waitFor(() => expect(streamedSymbols()).toEqual([]))
      vi.unstubAllGlobals()
    }
  })
})
