/**
 * The candle chart, free of React: uPlot options for candles over volume from one CandleRow-like
 * series, and `drawChart` that mounts it. Loaded on demand (the wrapper imports it dynamically) so
 * uPlot stays out of the first route's JavaScript.
 *
 * Why it is fast on a year of 1-minute bars (~94,000 candles):
 * - the x axis is the bar's index, not its time, so nights, weekends and holidays take no room and
 *   pixel positions are plain arithmetic;
 * - uPlot only ranges the price scale (high and low series with no path of their own); one draw
 *   hook walks the visible bars once and, when several bars share a device pixel, merges them into
 *   one column (first open, highest high, lowest low, last close, summed volume), so the canvas
 *   gets at most one rectangle per pixel column however many bars there are.
 */
import uPlot from 'uplot'

/** What the chart needs of a /stock/kline reply (a CandleRow is one). Prices in 1/priceScale units. */
export type ChartSeries = {
  priceScale: number
  t: readonly number[]
  open: readonly number[]
  high: readonly number[]
  low: readonly number[]
  close: readonly number[]
  volume: readonly number[]
}

export type ChartColors = { up: string; down: string; volumeUp: string; volumeDown: string; grid: string; text: string }

export type ChartOptions = {
  width: number
  height: number
  /** Axis label of a bar's time (epoch ms) where `timeTicks` is not given; uPlot then picks the bars. */
  formatTime?: (ms: number) => string
  /**
   * The bars in view to label (indexes i0..i1, at most `max`) and their labels; without it uPlot
   * spaces number ticks over the bar indexes.
   */
  timeTicks?: (i0: number, i1: number, max: number) => { indexes: number[]; label: (index: number) => string }
  /** Axis label of a price; default: the price in units of the scale with its decimals. */
  formatPrice?: (price: number) => string
  /** The bar under the cursor, null when the cursor leaves. */
  onHover?: (index: number | null) => void
  colors?: Partial<ChartColors>
}

const DEFAULT_COLORS: ChartColors = {
  up: '#1a7f4b',
  down: '#c8372d',
  volumeUp: 'rgba(26, 127, 75, 0.35)',
  volumeDown: 'rgba(200, 55, 45, 0.35)',
  grid: 'rgba(20, 32, 27, 0.07)',
  text: '#56645e',
}

/** Share of the plot's height the volume bars may take, at the bottom. */
const VOLUME_SHARE = 0.2
/** Space left under the lowest price for the volume bars, as a share of the price span. */
const PRICE_FLOOR = VOLUME_SHARE / (1 - VOLUME_SHARE) + 0.04

/** The price axis' label font (uPlot's default) and the space between the plot and its labels. */
const AXIS_FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'
const AXIS_GAP = 5
/** CSS pixels the time axis gives each label: room for "Apr 2026", "2026년 4월" or a time over its date, and a gap. */
const TIME_SPACE = 80

/** The widest of `labels` in the axis font, in CSS pixels (Korean and Chinese glyphs are wide). */
function widestLabel(u: uPlot, labels: readonly string[] | null): number {
  const ctx = u.ctx
  ctx.save()
  ctx.font = AXIS_FONT
  let widest = 0
  // A label of two lines (a time over its date) is as wide as its wider line.
  for (const label of labels ?? []) for (const line of label.split('\n')) widest = Math.max(widest, ctx.measureText(line).width)
  ctx.restore()
  return widest
}

/** uPlot's data: the bar indexes, and the closes (what the cursor points at; drawn by the hook). */
export function chartData(series: ChartSeries): uPlot.AlignedData {
  const n = series.t.length
  const xs = new Float64Array(n)
  for (let i = 0; i < n; i++) xs[i] = i
  return [xs, series.close as number[]]
}

export function chartOptions(series: ChartSeries, options: ChartOptions): uPlot.Options {
  const colors = { ...DEFAULT_COLORS, ...options.colors }
  const decimals = Math.max(0, Math.round(Math.log10(series.priceScale)))
  const price = options.formatPrice ?? ((v: number) => (v / series.priceScale).toFixed(decimals))
  const time = options.formatTime ?? ((ms: number) => new Date(ms).toISOString().slice(5, 16).replace('T', ' '))
  const n = series.t.length
  const noPath = () => null
  const cache: { view: Columns | null } = { view: null }
  const ticks: { label: ((index: number) => string) | null } = { label: null }
  const timeTicks = options.timeTicks
  return {
    width: options.width,
    height: options.height,
    legend: { show: false },
    padding: [8, 0, 0, 4],
    cursor: { points: { show: false }, drag: { x: true, y: false }, y: false },
    scales: {
      x: { time: false, range: (_u, min, max) => [Math.min(min, max - 1) - 0.5, max + 0.5] },
      price: {
        // uPlot does not scan the price series: the columns of the bars in view are built here in
        // one pass, which also gives the lowest low and highest high; the draw hook reuses them.
        range: (u) => {
          const view = columnsOf(u, series, cache)
          const span = view.max - view.min || Math.abs(view.max) * 0.01 || 1
          return [view.min - span * PRICE_FLOOR, view.max + span * 0.05]
        },
      },
    },
    axes: [
      {
        stroke: colors.text,
        grid: { stroke: colors.grid, width: 1 },
        ticks: { show: false },
        font: AXIS_FONT,
        space: TIME_SPACE,
        ...(timeTicks
          ? {
              splits: (u: uPlot, _axis: number, min: number, max: number) => {
                const i0 = Math.max(0, Math.ceil(min))
                const i1 = Math.min(n - 1, Math.floor(max))
                const width = (u.bbox?.width || u.width * (uPlot.pxRatio || 1)) / (uPlot.pxRatio || 1)
                const chosen = timeTicks(i0, i1, Math.max(1, Math.floor(width / TIME_SPACE)))
                ticks.label = chosen.label
                return chosen.indexes
              },
            }
          : {}),
        values: (u, splits) =>
          splits.map((s) => {
            const i = Math.round(s)
            if (i < 0 || i >= n) return ''
            const label = ticks.label ? ticks.label(i) : time(series.t[i] as number)
            // A label centred nearer the left edge than half its width would be cut off there.
            return u.valToPos(s, 'x') < widestLabel(u, [label]) / 2 ? '' : label
          }),
      },
      {
        scale: 'price',
        side: 1,
        stroke: colors.text,
        grid: { stroke: colors.grid, width: 1 },
        ticks: { show: false },
        font: AXIS_FONT,
        gap: AXIS_GAP,
        // As wide as its longest label: an index's 78,648.33 needs more room than a coin's 0.85.
        // Its labels depend on the plot's height only, so the width settles at once.
        size: (u, values) => Math.ceil(widestLabel(u, values)) + AXIS_GAP * 2,
        values: (_u, splits) => splits.map(price),
      },
    ],
    series: [{}, { scale: 'price', auto: false, paths: noPath, points: { show: false } }],
    hooks: {
      draw: [(u) => drawColumns(u, columnsOf(u, series, cache), colors)],
      setCursor: options.onHover ? [(u) => options.onHover?.(u.cursor.idx ?? null)] : [],
    },
  }
}

/** Mounts the chart into `target` and returns the uPlot instance (call `destroy()` to remove it). */
export function drawChart(target: HTMLElement, series: ChartSeries, options: ChartOptions): uPlot {
  return new uPlot(chartOptions(series, options), chartData(series), target)
}

/**
 * The bars in view grouped into columns of `per` bars each, at most about two columns per device
 * pixel (one bar per column when there is room for candles). Columns hold what a merged candle
 * needs: first open, highest high, lowest low, last close, summed volume.
 */
type Columns = {
  key: string
  i0: number
  i1: number
  per: number
  count: number
  first: Int32Array
  open: Float64Array
  close: Float64Array
  high: Float64Array
  low: Float64Array
  volume: Float64Array
  min: number
  max: number
}

/** The bars in view, from the x series' window (uPlot sets it before ranging the y scales). */
function columnsOf(u: uPlot, s: ChartSeries, cache: { view: Columns | null }): Columns {
  const n = s.t.length
  const idxs = u.series[0]?.idxs
  const i0 = Math.max(0, idxs?.[0] ?? 0)
  const i1 = Math.min(n - 1, idxs?.[1] ?? n - 1)
  // Before the first layout the plot's width is not known yet; the canvas' width is an upper bound.
  const px = Math.max(1, Math.round(u.bbox?.width || u.width * (uPlot.pxRatio || 1) || 1))
  const key = `${i0}:${i1}`
  const bars = Math.max(0, i1 - i0 + 1)
  const per = Math.max(1, Math.floor(bars / px / 2))
  // Same bars, grouped as finely or finer: reuse (a finer grouping only merges a little more below).
  if (cache.view?.key === key && cache.view.per <= per) return cache.view
  const count = Math.ceil(bars / per)
  const view: Columns = {
    key, i0, i1, per, count,
    first: new Int32Array(count),
    open: new Float64Array(count),
    close: new Float64Array(count),
    high: new Float64Array(count),
    low: new Float64Array(count),
    volume: new Float64Array(count),
    min: Infinity,
    max: -Infinity,
  }
  let min = Infinity
  let max = -Infinity
  for (let c = 0, i = i0; c < count; c++) {
    const end = Math.min(i1 + 1, i + per)
    let h = s.high[i] as number
    let l = s.low[i] as number
    let v = 0
    for (let j = i; j < end; j++) {
      const hj = s.high[j] as number
      const lj = s.low[j] as number
      if (hj > h) h = hj
      if (lj < l) l = lj
      v += s.volume[j] as number
    }
    view.first[c] = i
    view.open[c] = s.open[i] as number
    view.close[c] = s.close[end - 1] as number
    view.high[c] = h
    view.low[c] = l
    view.volume[c] = v
    if (h > max) max = h
    if (l < min) min = l
    i = end
  }
  view.min = count > 0 ? min : 0
  view.max = count > 0 ? max : 1
  cache.view = view
  return view
}

/** The draw hook: candles when there is room, else one merged column per device pixel; volume below. */
function drawColumns(u: uPlot, v: Columns, colors: ChartColors): void {
  const xMin = u.scales.x?.min
  const xMax = u.scales.x?.max
  const yMin = u.scales.price?.min
  const yMax = u.scales.price?.max
  if (v.count === 0 || xMin == null || xMax == null || yMin == null || yMax == null || xMax <= xMin || yMax <= yMin) return
  const { left, top, width, height } = u.bbox
  const plot: Plot = { left, bottom: top + height, xMin, yMin, xk: width / (xMax - xMin), yk: height / (yMax - yMin), volHeight: height * VOLUME_SHARE }
  const ctx = u.ctx
  ctx.save()
  ctx.beginPath()
  ctx.rect(left, top, width, height)
  ctx.clip()
  // Plain fillRect calls, one colour at a time: far cheaper for the canvas than filling paths
  // of thousands of rectangles (about half the draw time on a year of minutes).
  if (v.per === 1 && plot.xk >= 3) paintCandles(ctx, v, plot, colors)
  else paintColumns(ctx, v, plot, colors, Math.ceil(width) + 1)
  ctx.restore()
}

/** Where the plot is and how many device pixels a bar index and a price unit take. */
type Plot = { left: number; bottom: number; xMin: number; yMin: number; xk: number; yk: number; volHeight: number }

const SIDES = [
  { rising: true, price: 'up', volume: 'volumeUp' },
  { rising: false, price: 'down', volume: 'volumeDown' },
] as const

/** Room for real candles: a wick and a body per bar, its volume below. */
function paintCandles(ctx: CanvasRenderingContext2D, v: Columns, p: Plot, colors: ChartColors): void {
  const body = Math.max(1, Math.floor(p.xk * 0.7))
  const wick = Math.max(1, Math.round(uPlot.pxRatio))
  let maxVol = 0
  for (let c = 0; c < v.count; c++) if ((v.volume[c] as number) > maxVol) maxVol = v.volume[c] as number
  const vk = maxVol > 0 ? p.volHeight / maxVol : 0
  const xOf = (c: number) => Math.round(p.left + ((v.first[c] as number) - p.xMin) * p.xk)
  const yOf = (price: number) => p.bottom - (price - p.yMin) * p.yk
  for (const side of SIDES) {
    const mine = (c: number) => (v.close[c] as number) >= (v.open[c] as number) === side.rising
    ctx.fillStyle = colors[side.volume]
    for (let c = 0; c < v.count; c++) {
      const vh = (v.volume[c] as number) * vk
      if (vh > 0 && mine(c)) ctx.fillRect(xOf(c) - (body >> 1), p.bottom - vh, body, vh)
    }
    ctx.fillStyle = colors[side.price]
    for (let c = 0; c < v.count; c++) {
      if (!mine(c)) continue
      const xc = xOf(c)
      ctx.fillRect(xc - (wick >> 1), yOf(v.high[c] as number), wick, Math.max(1, ((v.high[c] as number) - (v.low[c] as number)) * p.yk))
      const yo = yOf(v.open[c] as number)
      const yc = yOf(v.close[c] as number)
      ctx.fillRect(xc - (body >> 1), Math.min(yo, yc), body, Math.max(1, Math.abs(yo - yc)))
    }
  }
}

/** Too many bars for candles: the groups that land on one device pixel merge into one column. */
function paintColumns(ctx: CanvasRenderingContext2D, v: Columns, p: Plot, colors: ChartColors, cols: number): void {
  const x = new Float64Array(cols)
  const yTop = new Float64Array(cols)
  const span = new Float64Array(cols)
  const vol = new Float64Array(cols)
  const rising = new Uint8Array(cols)
  let used = 0
  let maxVol = 0
  let c = 0
  while (c < v.count) {
    const col = Math.floor(((v.first[c] as number) - p.xMin) * p.xk)
    const o = v.open[c] as number
    let h = v.high[c] as number
    let l = v.low[c] as number
    let vs = v.volume[c] as number
    let d = c + 1
    while (d < v.count && Math.floor(((v.first[d] as number) - p.xMin) * p.xk) === col) {
      if ((v.high[d] as number) > h) h = v.high[d] as number
      if ((v.low[d] as number) < l) l = v.low[d] as number
      vs += v.volume[d] as number
      d++
    }
    x[used] = p.left + col
    yTop[used] = p.bottom - (h - p.yMin) * p.yk
    span[used] = Math.max(1, (h - l) * p.yk)
    vol[used] = vs
    rising[used] = (v.close[d - 1] as number) >= o ? 1 : 0
    used++
    if (vs > maxVol) maxVol = vs
    c = d
  }
  const vk = maxVol > 0 ? p.volHeight / maxVol : 0
  for (const side of SIDES) {
    const flag = side.rising ? 1 : 0
    ctx.fillStyle = colors[side.volume]
    for (let k = 0; k < used; k++) {
      const vh = (vol[k] as number) * vk
      if (vh > 0 && rising[k] === flag) ctx.fillRect(x[k] as number, p.bottom - vh, 1, vh)
    }
    ctx.fillStyle = colors[side.price]
    for (let k = 0; k < used; k++) if (rising[k] === flag) ctx.fillRect(x[k] as number, yTop[k] as number, 1, span[k] as number)
  }
}
