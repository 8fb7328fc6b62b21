/** The daily NAV as a line (uPlot), loaded lazily so uPlot stays out of every first load. */
import { useEffect, useRef, useState } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { formatDay, formatNav } from './rules'

const LINE = '#1a7f4b'
const GRID = 'rgba(20, 32, 27, 0.07)'
const TEXT = '#56645e'

/** One point per NAV day, x the day's index (no gaps for weekends), y the NAV in rupees. */
export function NavChart({ nav, height, label }: { nav: readonly { day: string; nav: number }[]; height: number; label: string }) {
  const box = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(0)

  useEffect(() => {
    const el = box.current
    if (!el) return
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)))
    observer.observe(el)
    return () => observer.disconnect()
  }, [])

  useEffect(() => {
    const el = box.current
    if (!el || width === 0 || nav.length === 0) return
    const xs = nav.map((_, i) => i)
    // Rupees for the scale only; labels are formatted from the integer NAV below.
    const ys = nav.map((p) => p.nav / 10_000)
    const label = (i: number) => {
      const point = nav[Math.round(i)]
      return point ? formatDay(point.day).slice(5) : ''
    }
    const u = new uPlot(
      {
        width,
        height,
        legend: { show: false },
        padding: [8, 4, 0, 16],
        cursor: { points: { show: false }, y: false, drag: { x: false, y: false } },
        scales: { x: { time: false } },
        axes: [
          { stroke: TEXT, grid: { stroke: GRID, width: 1 }, ticks: { show: false }, space: 70, values: (_u, splits) => splits.map(label) },
          { stroke: TEXT, grid: { stroke: GRID, width: 1 }, ticks: { show: false }, side: 1, size: 70, values: (_u, splits) => splits.map((v) => formatNav(Math.round(v * 10_000))) },
        ],
        series: [{}, { stroke: LINE, width: 2, points: { show: nav.length < 40 } }],
      },
      [xs, ys],
      el,
    )
    return () => u.destroy()
  }, [nav, height, width])

  return <div ref={box} className="follow-chart" style={{ height }} role="img" aria-label={label} data-testid="follow-nav-chart" />
}
