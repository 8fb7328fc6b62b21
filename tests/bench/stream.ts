/**
 * The quote stream on the wire: the real server's stream of the market screen's 60 symbols (57
 * shares and the 3 indices) for WIRE_MS, each ticks event measured as sent (deltas) and as the
 * full quotes it rebuilds to (what the stream sent before deltas), in the same run from the same
 * events; also through gzip (one deflate context per stream, flushed per event), as a compressed
 * stream would be.
 *
 * Stream handling in Chromium: the built app's /#/market/index with a feed of 1,000 symbols at 5
 * ticks a second (every symbol changes in every message) for ~10 s, through the app's real stream
 * code (fetch, SSE parser, coalescing, Dexie writes) and its real quote screen. Prints the longest
 * main-thread task (PerformanceObserver 'longtask'; target: none over 50 ms) and how fast ticks
 * reach IndexedDB, sampled from a worker so the sampling costs the page nothing.
 *
 * How the feed reaches the page: the page is served through a small front server that passes
 * everything to the real app server except GET /api/vue/stock/stream, which it answers itself
 * with the synthetic feed (the real exchange has ~70 instruments, not 1,000).
 */
import http from 'node:http'
import { type AddressInfo } from 'node:net'
import { constants, createGzip, type Gzip } from 'node:zlib'
import { applyStreamChanges, streamChanges } from '../../src/contract/quote-delta'
import { type Quote as ContractQuote, type QuoteSnapshotEvent, type QuoteTicksEvent } from '../../src/contract/replies'
import { launchChromium } from '../e2e/support/browser'
import { type RunningServer } from '../e2e/support/server'

const SYMBOLS = 1000
const TICKS_PER_SECOND = 5
const RUN_MS = 10_000
const PROBE = 'SIM0000'

type Quote = Record<string, unknown> & { symbol: string; price: number; time: number }

function syntheticQuotes(real: Quote[]): Quote[] {
  const quotes: Quote[] = real.slice(0, SYMBOLS)
  for (let i = 0; quotes.length < SYMBOLS; i++) {
    const price = 10_000 + i * 37
    quotes.push({
      symbol: `SIM${String(i).padStart(4, '0')}`,
      name: `Simulated ${i}`,
      kind: 'stock',
      priceScale: 100,
      tickSize: 5,
      time: Date.now(),
      price,
      prevClose: price,
      open: price,
      high: price,
      low: price,
      change: 0,
      changeRateBp: 0,
      volume: 0,
      amount: 0,
      high52w: price * 2,
      low52w: Math.round(price / 2),
      sector: 'Bench',
      industry: 'Bench',
      lotUnits: 100,
      unitDivisor: 1,
      quantityScale: 1,
    })
  }
  // The probe first, so it is always in the feed.
  return [...quotes.filter((q) => q.symbol === PROBE), ...quotes.filter((q) => q.symbol !== PROBE)]
}

/** Moves every quote one step; each is replaced, not changed, as the deltas compare old and new. */
function tick(quotes: Quote[], at: number): void {
  for (let i = 0; i < quotes.length; i++) {
    const q = quotes[i]!
    const step = (Math.random() < 0.5 ? -1 : 1) * 5
    const price = Math.max(5, q.price + step)
    const prevClose = Number(q.prevClose)
    quotes[i] = {
      ...q,
      price,
      time: at,
      high: Math.max(Number(q.high), price),
      low: Math.min(Number(q.low), price),
      change: price - prevClose,
      changeRateBp: Math.round(((price - prevClose) * 10_000) / prevClose),
      volume: Number(q.volume) + 100,
    }
  }
}

type Front = { url: string; connections: () => number; messages: () => number; close: () => Promise<void> }

async function startFront(target: string, quotes: Quote[]): Promise<Front> {
  let connections = 0
  let messages = 0
  const timers = new Set<ReturnType<typeof setInterval>>()
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === PROBE_PATH) {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(PROBE_WORKER)
      return
    }
    if (req.method === 'GET' && req.url?.startsWith('/api/vue/stock/stream')) {
      connections += 1
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' })
      // As the real route: a snapshot, then per symbol what changed since this connection sent it.
      const sent = new Map<string, ContractQuote>()
      const send = (event: string) => {
        const at = Date.now()
        if (event === 'ticks') tick(quotes, at)
        const now = quotes as unknown as ContractQuote[]
        if (event === 'snapshot') for (const q of now) sent.set(q.symbol, q)
        const data = event === 'snapshot' ? { at, quotes: now } : { at, changes: streamChanges(sent, now, at) }
        res.write(`id: ${at}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
        messages += 1
      }
      res.write('retry: 3000\n\n')
      send('snapshot')
      const timer = setInterval(() => send('ticks'), 1000 / TICKS_PER_SECOND)
      timers.add(timer)
      req.on('close', () => {
        clearInterval(timer)
        timers.delete(timer)
      })
      return
    }
    const upstream = http.request(new URL(req.url ?? '/', target), { method: req.method, headers: req.headers }, (reply) => {
      res.writeHead(reply.statusCode ?? 502, reply.headers)
      reply.pipe(res)
    })
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => connections,
    messages: () => messages,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearInterval(timer)
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

async function realStocks(serverUrl: string, type = 'stock'): Promise<Quote[]> {
  try {
    const res = await fetch(`${serverUrl}/api/vue/stock/list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type, page: 1, size: 100 }),
    })
    const body = (await res.json()) as { data?: { data?: Quote[] } }
    return body.data?.data ?? []
  } catch {
    return []
  }
}

// Runs in the page before the app: records every long task.
function observeLongTasks(): void {
  const w = window as unknown as { __longTasks: { start: number; duration: number }[] }
  w.__longTasks = []
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration })
  }).observe({ type: 'longtask', buffered: true })
}

// Runs in a worker in the page: how the probe's row in IndexedDB changes, every 50 ms. The front
// server serves it from the page's origin: the app's CSP (worker-src 'self') refuses a blob: worker.
const PROBE_PATH = '/__bench/probe-worker.js'
const PROBE_WORKER = `
const samples = []
const open = indexedDB.open('tijori')
open.onsuccess = () => {
  const db = open.result
  setInterval(() => {
    const get = db.transaction('quotes').objectStore('quotes').get('${PROBE}')
    get.onsuccess = () => { if (get.result) samples.push([Date.now(), get.result.time]) }
  }, 50)
}
onmessage = () => postMessage(samples)
`

const WIRE_SYMBOLS = 60
const WIRE_MS = 10_000

/** A gzip stream flushed after each event, counting what it puts out. */
function gzipCounter(): { add: (text: string) => Promise<void>; bytes: () => number; end: () => void } {
  const gzip: Gzip = createGzip()
  let bytes = 0
  gzip.on('data', (chunk: Buffer) => (bytes += chunk.length))
  return {
    add: (text) =>
      new Promise((resolve) => {
        gzip.write(text)
        gzip.flush(constants.Z_SYNC_FLUSH, () => resolve())
      }),
    bytes: () => bytes,
    end: () => gzip.end(),
  }
}

async function wireBench(serverUrl: string): Promise<void> {
  // The market screen's: every share and the index strip.
  const symbols = [...(await realStocks(serverUrl)), ...(await realStocks(serverUrl, 'index'))].slice(0, WIRE_SYMBOLS).map((q) => q.symbol)
  const res = await fetch(`${serverUrl}/api/vue/stock/stream?symbols=${symbols.map(encodeURIComponent).join(',')}`)
  const compressed = (res.headers.get('content-encoding') ?? '') !== ''
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  const held = new Map<string, ContractQuote>()
  const sizes = { ticks: 0, quotes: 0, delta: 0, full: 0, snapshot: 0 }
  const gzDelta = gzipCounter()
  const gzFull = gzipCounter()
  let text = ''
  let first = 0
  let last = 0
  const started = Date.now()
  try {
    while (Date.now() - started < WIRE_MS + 1500) {
      const { value, done } = await reader.read()
      if (done) break
      text += decoder.decode(value, { stream: true })
      let end: number
      while ((end = text.indexOf('\n\n')) >= 0) {
        const block = text.slice(0, end + 2)
        text = text.slice(end + 2)
        const event = /^event: (.*)$/m.exec(block)?.[1]
        const data = /^data: (.*)$/m.exec(block)?.[1]
        if (data === undefined) continue
        if (event === 'snapshot') {
          const snapshot = JSON.parse(data) as QuoteSnapshotEvent
          for (const q of snapshot.quotes) held.set(q.symbol, q)
          sizes.snapshot = Buffer.byteLength(block)
          continue
        }
        if (event !== 'ticks') continue
        const ticks = JSON.parse(data) as QuoteTicksEvent
        if (first === 0) first = ticks.at
        else if (ticks.at - first > WIRE_MS) break
        last = ticks.at
        // The same event as the stream sent it before deltas: the full quotes of what moved.
        const full = `event: ticks\nid: ${ticks.at}\ndata: ${JSON.stringify({ at: ticks.at, quotes: applyStreamChanges(held, ticks.changes, ticks.at) })}\n\n`
        sizes.ticks += 1
        sizes.quotes += ticks.changes.length
        sizes.delta += Buffer.byteLength(block)
        sizes.full += Buffer.byteLength(full)
        await gzDelta.add(block)
        await gzFull.add(full)
      }
      if (last - first >= WIRE_MS) break
    }
  } finally {
    await reader.cancel().catch(() => undefined)
    gzDelta.end()
    gzFull.end()
  }
  console.log(`\nstream on the wire (${symbols.length} symbols, the real server's stream, ${sizes.ticks} ticks events over ${((last - first) / 1000).toFixed(1)} s, ${(sizes.quotes / Math.max(1, sizes.ticks)).toFixed(1)} symbols moved per event)`)
  if (sizes.ticks === 0) {
    console.log('  no ticks arrived; not measured')
    return
  }
  const seconds = Math.max(1, last - first) / 1000
  const kb = (n: number) => `${(n / 1000).toFixed(2)} KB`
  const line = (bytes: number) => `${kb(bytes / sizes.ticks)} per tick, ${kb(bytes / seconds)}/s`
  console.log(`  snapshot (full quotes, once per connection): ${kb(sizes.snapshot)}`)
  console.log(`  before, full quotes: ${line(sizes.full)}`)
  console.log(`  after, deltas:       ${line(sizes.delta)}  (${(sizes.full / sizes.delta).toFixed(1)}x fewer bytes)`)
  console.log(
    `  gzip'ed, flushed per event${compressed ? '' : ' (the stream is sent uncompressed; for comparison)'}: ` +
      `full ${line(gzFull.bytes())}, deltas ${line(gzDelta.bytes())}`,
  )
}

export async function streamBench(server: RunningServer): Promise<void> {
  await wireBench(server.url)
  const quotes = syntheticQuotes(await realStocks(server.url))
  const front = await startFront(server.url, quotes)
  const browser = await launchChromium()
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' })
    const page = await context.newPage()
    await page.addInitScript(observeLongTasks)
    await page.goto(`${front.url}/#/market/index`, { waitUntil: 'load' })
    const deadline = Date.now() + 20_000
    while (front.connections() === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
    if (front.connections() === 0) {
      console.log('\nstream (1,000 symbols at 5 ticks/s): the market screen did not open the quote stream; not measured')
      return
    }
    // Let the app settle (first render, first snapshot), then measure a clean window.
    await new Promise((r) => setTimeout(r, 1500))
    await page.evaluate((path) => {
      const w = window as unknown as { __probe: Worker; __windowStart: number }
      w.__probe = new Worker(path)
      w.__windowStart = performance.now()
    }, PROBE_PATH)
    const messagesBefore = front.messages()
    await new Promise((r) => setTimeout(r, RUN_MS))
    const messages = front.messages() - messagesBefore
    const result = await page.evaluate(async () => {
      const w = window as unknown as {
        __probe: Worker
        __windowStart: number
        __longTasks: { start: number; duration: number }[]
      }
      const samples = await new Promise<[number, number][]>((resolve) => {
        w.__probe.onmessage = (e: MessageEvent<[number, number][]>) => resolve(e.data)
        w.__probe.postMessage('report')
      })
      w.__probe.terminate()
      const tasks = w.__longTasks.filter((t) => t.start >= w.__windowStart)
      return { samples, tasks }
    })
    const times = new Set(result.samples.map(([, time]) => time))
    const lags = result.samples.map(([now, time]) => now - time).sort((a, b) => a - b)
    const pct = (p: number) => lags[Math.min(lags.length - 1, Math.floor((lags.length * p) / 100))] ?? NaN
    const longest = Math.max(0, ...result.tasks.map((t) => t.duration))
    const seconds = RUN_MS / 1000
    console.log(`\nstream (${SYMBOLS.toLocaleString('en')} symbols at ${TICKS_PER_SECOND} ticks/s, ${seconds} s, /#/market/index in Chromium)`)
    console.log(`  feed: ${messages} messages, ${(messages * SYMBOLS / seconds).toFixed(0)} quote updates/s, ${front.connections()} connection(s)`)
    // The longtask API reports only tasks over 50 ms: none reported means none that long.
    const longestText = result.tasks.length === 0 ? 'none over 50 ms' : `${longest.toFixed(0)} ms`
    console.log(`  longest task: ${longestText}; tasks over 50 ms: ${result.tasks.length} (target: none over 50 ms)`)
    console.log(
      `  tick -> Dexie: ${(times.size / seconds).toFixed(1)} writes/s of each symbol (${((times.size * SYMBOLS) / seconds).toFixed(0)} quotes/s), ` +
        `lag p50 ${pct(50).toFixed(0)} ms, p95 ${pct(95).toFixed(0)} ms, max ${(lags.at(-1) ?? NaN).toFixed(0)} ms`,
    )
    await context.close()
  } finally {
    await browser.close()
    await front.close()
  }
}
