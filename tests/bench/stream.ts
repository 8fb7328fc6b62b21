/**
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

function tick(quotes: Quote[], at: number): void {
  for (const q of quotes) {
    const step = (Math.random() < 0.5 ? -1 : 1) * 5
    const price = Math.max(5, q.price + step)
    const prevClose = Number(q.prevClose)
    q.price = price
    q.time = at
    q.high = Math.max(Number(q.high), price)
    q.low = Math.min(Number(q.low), price)
    q.change = price - prevClose
    q.changeRateBp = Math.round(((price - prevClose) * 10_000) / prevClose)
    q.volume = Number(q.volume) + 100
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
      const send = (event: string) => {
        const at = Date.now()
        if (event === 'ticks') tick(quotes, at)
        res.write(`id: ${at}\nevent: ${event}\ndata: ${JSON.stringify({ at, quotes })}\n\n`)
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

async function realStocks(serverUrl: string): Promise<Quote[]> {
  try {
    const res = await fetch(`${serverUrl}/api/vue/stock/list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'stock', page: 1, size: 100 }),
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

export async function streamBench(server: RunningServer): Promise<void> {
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
