/** The React side of the chart: mounts drawChart into a box that follows its width. Loaded lazily. */
import { useEffect, useRef, useState } from 'react'
import { useLingui } from '@lingui/react'
import type uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { type CandlePeriod, type CandleRow } from '../../../data/db'
import { formatPrice } from '../../../lib/money'
import { INDIA_TIME_ZONE } from '../../../lib/dates'
import { intlLocale, normalizeLanguage } from '../../../i18n/languages'
import { drawChart } from './drawChart'

const TIME_PARTS = {
  intraday: { day: '2-digit', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  daily: { day: '2-digit', month: 'short' },
  monthly: { month: 'short', year: '2-digit' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>

/** Axis times in India time and in the reader's language (month names). */
function timeFormat(period: CandlePeriod, locale: string): (ms: number) => string {
  const parts = period === 'month' ? TIME_PARTS.monthly : period === 'day' || period === 'week' ? TIME_PARTS.daily : TIME_PARTS.intraday
  const f = new Intl.DateTimeFormat(locale, { timeZone: INDIA_TIME_ZONE, ...parts })
  return (ms) => f.format(ms)
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
      formatTime: timeFormat(row.period, locale),
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
