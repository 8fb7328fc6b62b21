/** The React side of the chart: mounts drawChart into a box that follows its width. Loaded lazily. */
import { useEffect, useRef, useState } from 'react'
import { useLingui } from '@lingui/react'
import type uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { type CandleRow } from '../../../data/db'
import { formatPrice } from '../../../lib/money'
import { intlLocale, normalizeLanguage } from '../../../i18n/languages'
import { timeLabeller, timeTicks } from './axis'
import { drawChart } from './drawChart'

/** The time axis: calendar steps of India time, labelled in the reader's language (axis.ts). */
function timeAxis(row: CandleRow, locale: string) {
  const label = timeLabeller(row.t, locale)
  return (i0: number, i1: number, max: number) => {
    const ticks = timeTicks(row.t, row.period, i0, i1, max)
    return { indexes: ticks.indexes, label: (index: number) => label(index, ticks.step, i0, i1) }
  }
}

export type Hover = { index: number } | null

/** Candles over volume for one stored series; `onHover` reports the bar under the cursor. */
export function CandleChart({ row, height, onHover }: { row: CandleRow; height: number; onHover: (index: number | null) => void }) {
  const box = useRef<HTMLDivElement>(null)
  const chart = useRef<uPlot | null>(null)
  const [width, setWidth] = useState(0)
  const { i18n } = useLingui()
  const locale = intlLocale(normalizeLanguage(i18n.locale))
  const hover = useRef(onHover)
  useEffect(() => {
    hover.current = onHover
  })

  useEffect(() => {
    const el = box.current
    if (!el) return
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)))
    observer.observe(el)
    return () => observer.disconnect()
  }, [])

  useEffect(() => {
    const el = box.current
    if (!el || width === 0) return
    const u = drawChart(el, row, {
      width,
      height,
      timeTicks: timeAxis(row, locale),
      formatPrice: (v) => formatPrice(Math.round(v), row.priceScale),
      onHover: (i) => hover.current(i),
    })
    chart.current = u
    return () => {
      u.destroy()
      chart.current = null
    }
    // Width changes resize the chart below instead of rebuilding it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [row, height, locale, width === 0])

  useEffect(() => {
    if (width > 0) chart.current?.setSize({ width, height })
  }, [width, height])

  return <div ref={box} className="chart-canvas" style={{ height }} data-testid="chart-canvas" />
}
