/**
 * The chart bench's page: one year of generated 1-minute bars, drawn by the app's drawChart and by
 * uPlot alone (a close line on the same index axis), each timed from construction to a finished
 * synchronous draw.
 */
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { drawChart, type ChartSeries } from '../../../src/features/market/chart/drawChart'

const DAYS = 250
const MINUTES = 375 // NSE 09:15-15:30

function generate(): ChartSeries {
  const n = DAYS * MINUTES
  const t: number[] = new Array(n)
  const open: number[] = new Array(n)
  const high: number[] = new Array(n)
  const low: number[] = new Array(n)
  const close: number[] = new Array(n)
  const volume: number[] = new Array(n)
  let seed = 42
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648)
  let price = 250000
  const start = Date.UTC(2025, 0, 1, 3, 45)
  for (let d = 0, i = 0; d < DAYS; d++) {
    for (let m = 0; m < MINUTES; m++, i++) {
      const o = price
      const c = Math.max(100, Math.round(o * (1 + (rand() - 0.5) * 0.004)))
      t[i] = start + d * 86_400_000 + m * 60_000
      open[i] = o
      close[i] = c
      high[i] = Math.max(o, c) + Math.round(rand() * 50)
      low[i] = Math.min(o, c) - Math.round(rand() * 50)
      volume[i] = Math.round(1000 + rand() * 50000)
      price = c
    }
  }
  return { priceScale: 100, t, open, high, low, close, volume }
}

const series = generate()
const target = document.getElementById('chart') as HTMLElement
const size = { width: 800, height: 400 }

/** From construction to the end of the first draw (uPlot draws in a microtask after construction). */
async function timeIt(build: () => uPlot): Promise<number> {
  target.replaceChildren()
  const started = performance.now()
  const u = build()
  await new Promise<void>((resolve) => {
    ;(u.hooks.draw ??= []).push(() => resolve())
  })
  // Reading a pixel waits for the canvas to have executed every queued drawing command.
  u.ctx.getImageData(0, 0, 1, 1)
  const ms = performance.now() - started
  u.destroy()
  return ms
}

function ours(): uPlot {
  return drawChart(target, series, size)
}

function plain(): uPlot {
  const xs = new Float64Array(series.t.length)
  for (let i = 0; i < xs.length; i++) xs[i] = i
  return new uPlot(
    { ...size, legend: { show: false }, scales: { x: { time: false } }, series: [{}, { stroke: '#1a7f4b', width: 1 }] },
    [xs, series.close as number[]],
    target,
  )
}

declare global {
  var runChartBench: (runs: number) => Promise<{ bars: number; ours: number[]; plain: number[] }>
}

globalThis.runChartBench = async (runs: number) => {
  const a: number[] = []
  const b: number[] = []
  // Warm both paths up first so the JIT state is alike; then alternate so neither gets a quieter machine.
  await timeIt(ours)
  await timeIt(plain)
  for (let r = 0; r < runs; r++) {
    a.push(await timeIt(ours))
    b.push(await timeIt(plain))
  }

  return { bars: series.t.length, ours: a, plain: b }
}
