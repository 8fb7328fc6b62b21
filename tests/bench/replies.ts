/**
 * The biggest JSON replies, as sent: a year of 1-minute candles (/stock/kline) for a stock and a
 * coin, from the running app, uncompressed and with each encoding the server offers. Bytes are
 * the body on the wire; time is the whole request on loopback (median of a few), so the cost of
 * compressing shows next to what it saves.
 */
import { request } from 'node:http'
import { performance } from 'node:perf_hooks'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { type RunningServer } from '../e2e/support/server'

const RUNS = 5

type Sent = { bytes: number; encoding: string; ms: number; body: Buffer }

function post(url: string, body: object, acceptEncoding: string): Promise<Sent> {
  const started = performance.now()
  const payload = JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), 'accept-encoding': acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const raw = Buffer.concat(chunks)
          const encoding = res.headers['content-encoding'] ?? 'none'
          const decoded = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw
          resolve({ bytes: raw.length, encoding, ms: performance.now() - started, body: decoded })
        })
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[sorted.length >> 1] as number
}

export async function repliesBench(server: RunningServer): Promise<void> {
  console.log(`\nchart replies: a week of 1-minute candles, the largest /stock/kline offers, bytes on the wire, time per request (median of ${RUNS})`)
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MiB`
  for (const symbol of ['ITC', 'BTCINR']) {
    const body = { symbol, period: '1min', range: '1w', adjust: 'none' }
    for (const accept of ['identity', 'gzip', 'br']) {
      const sent: Sent[] = []
      for (let i = 0; i < RUNS; i++) sent.push(await post(`${server.url}/api/vue/stock/kline`, body, accept))
      const first = sent[0]!
      // The live market moves the last candle between requests: each reply is measured against itself decoded.
      const bars = (JSON.parse(first.body.toString()) as { data: { t: number[] } }).data.t.length
      const ratio = first.bytes / first.body.length
      console.log(
        `  ${symbol.padEnd(7)} ${bars.toLocaleString('en')} bars, asked ${accept.padEnd(8)} -> ${first.encoding.padEnd(4)} ${mb(first.bytes).padStart(10)}` +
          ` of ${mb(first.body.length)} raw (${(ratio * 100).toFixed(1).padStart(5)}%) ${median(sent.map((s) => s.ms)).toFixed(0).padStart(5)} ms`,
      )
    }
  }
}
