/**
 * Chart draw time for one year of 1-minute bars (250 days x 375 NSE minutes = 93,750 candles):
 * the app's drawChart (candles over volume) against uPlot alone drawing the same bars as a close
 * line, same size, in Chromium. Target: ours <= 1.2x uPlot alone (issue 3).
 */
import { createServer } from 'node:http'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { launchChromium } from '../e2e/support/browser'

const RUNS = 40

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

export async function chartBench(): Promise<void> {
  const out = await mkdtemp(join(tmpdir(), 'tijori-chart-bench-'))
  const root = fileURLToPath(new URL('./chart-page/', import.meta.url))
  // configFile false: the page needs none of the app's plugins (router, PWA, Lingui).
  await build({ root, configFile: false, logLevel: 'warn', build: { outDir: out, emptyOutDir: true, target: 'es2022' } })
  const server = createServer((req, res) => {
    const path = normalize(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/+/, '') || 'index.html'
    readFile(join(out, path)).then(
      (body) => res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body),
      () => res.writeHead(404).end(),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const browser = await launchChromium()
  try {
    const page = await browser.newPage({ viewport: { width: 900, height: 600 } })
    await page.goto(`http://127.0.0.1:${port}/`)
    await page.waitForFunction(() => typeof globalThis.runChartBench === 'function')
    const result = await page.evaluate((runs) => globalThis.runChartBench(runs), RUNS)
    const ours = median(result.ours)
    const plain = median(result.plain)
    console.log(`\nchart draw, one year of 1-minute bars (${result.bars.toLocaleString('en')} bars, 800x400, ${RUNS} runs, median)`)
    console.log(`  drawChart (candles + volume): ${ours.toFixed(1)} ms`)
    console.log(`  uPlot alone (close line):     ${plain.toFixed(1)} ms`)
    console.log(`  ratio: ${(ours / plain).toFixed(2)}x (target <= 1.2x)`)
  } finally {
    await browser.close()
    server.close()
    await rm(out, { recursive: true, force: true })
  }
}
