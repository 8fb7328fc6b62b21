import { Suspense, lazy, useEffect, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { type CandleAdjust, type CandlePeriod, type CandleRange, type CandleRow } from '../../../data/db'
import { formatCompact, formatPrice } from '../../../lib/money'
import { formatDateTime } from '../../../lib/dates'
import { loadKline } from '../actions'
import { useCandles } from '../queries'
import { rangesOf } from '../../../contract/chart'
import { ADJUSTS, PERIODS, type ChartChoice, withPeriod } from './choice'

// uPlot comes with the chart, not with the screen: the chart module is its own chunk.
const CandleChart = lazy(() => import('./CandleChart').then((m) => ({ default: m.CandleChart })))

const HEIGHT = 280

/** The chart with its period, range and adjustment; the last saved series shows while (or instead of) fetching. */
export function ChartPanel({ symbol, choice, onChoice, adjustable }: { symbol: string; choice: ChartChoice; onChoice: (c: ChartChoice) => void; adjustable: boolean }) {
  const { t } = useLingui()
  const { period, range, adjust } = choice
  const row = useCandles(symbol, period, range, adjust)
  const [state, setState] = useState<{ key: string; ok: boolean | null }>({ key: '', ok: null })
  const key = `${symbol}:${period}:${range}:${adjust}`
  useEffect(() => {
    let live = true
    void loadKline(symbol, period, range, adjust).then((ok) => live && setState({ key, ok }))
    return () => {
      live = false
    }
  }, [symbol, period, range, adjust, key])
  const fetching = state.key !== key
  return (
    <section className="card chart" data-testid="chart">
      <Choices choice={choice} onChoice={onChoice} adjustable={adjustable} />
      {row ? (
        <ChartView row={row} />
      ) : row === null && !fetching ? (
        <div className="chart-empty" style={{ height: HEIGHT }}><Trans>This chart has not been downloaded yet. Connect to the internet to see it.</Trans></div>
      ) : (
        <div className="chart-loading skeleton" style={{ height: HEIGHT }} role="status" aria-label={t`Loading chart`} />
      )}
      {row && fetching ? <p className="chart-note"><Trans>Updating…</Trans></p> : null}
      {row && !fetching && state.ok === false ? (
        <p className="chart-note"><SavedOn at={row.fetchedAt} /></p>
      ) : null}
    </section>
  )
}

function ChartView({ row }: { row: CandleRow }) {
  const [hover, setHover] = useState<number | null>(null)
  if (row.t.length === 0) return <div className="chart-empty" style={{ height: HEIGHT }}><Trans>No trades in this range.</Trans></div>
  const i = hover !== null && hover < row.t.length ? hover : row.t.length - 1
  const p = (v: number | undefined) => (v === undefined ? '—' : formatPrice(v, row.priceScale))
  const when = formatDateTime(row.t[i] as number)
  return (
    <>
      <dl className="chart-readout" aria-live="off">
        <div><dt>{when}</dt></div>
        <div><dt><Trans>O</Trans></dt><dd>{p(row.open[i])}</dd></div>
        <div><dt><Trans>H</Trans></dt><dd>{p(row.high[i])}</dd></div>
        <div><dt><Trans>L</Trans></dt><dd>{p(row.low[i])}</dd></div>
        <div><dt><Trans>C</Trans></dt><dd>{p(row.close[i])}</dd></div>
        <div><dt><Trans>Vol</Trans></dt><dd>{formatCompact(row.volume[i] ?? 0)}</dd></div>
      </dl>
      <Suspense fallback={<div className="chart-loading skeleton" style={{ height: HEIGHT }} />}>
        <CandleChart row={row} height={HEIGHT} onHover={setHover} />
      </Suspense>
    </>
  )
}

function Choices({ choice, onChoice, adjustable }: { choice: ChartChoice; onChoice: (c: ChartChoice) => void; adjustable: boolean }) {
  const { t } = useLingui()
  const periodLabel: Record<CandlePeriod, string> = { '1min': t`1m`, '5min': t`5m`, '15min': t`15m`, '30min': t`30m`, day: t`Day`, week: t`Week`, month: t`Month` }
  const rangeLabel: Record<CandleRange, string> = { '1w': t`1W`, '1mo': t`1M`, '3mo': t`3M`, '6mo': t`6M`, '1y': t`1Y` }
  const adjustLabel: Record<CandleAdjust, string> = { none: t`Not adjusted`, forward: t`Forward adjusted`, backward: t`Backward adjusted` }
  return (
    <div className="chart-choices">
      <Segmented label={t`Period`} options={PERIODS} labels={periodLabel} value={choice.period} onChange={(period) => onChoice(withPeriod(choice, period))} />
      {/* Only the ranges this period offers: enough candles to read, a reply under 1 MB. */}
      <Segmented label={t`Range`} options={rangesOf(choice.period)} labels={rangeLabel} value={choice.range} onChange={(range) => onChoice({ ...choice, range })} />
      {adjustable ? (
        <label className="chart-adjust">
          <span className="sr-only"><Trans>Adjustment</Trans></span>
          <select value={choice.adjust} onChange={(e) => onChoice({ ...choice, adjust: ADJUSTS.find((a) => a === e.target.value) ?? 'none' })} data-testid="chart-adjust">
            {ADJUSTS.map((a) => (
              <option key={a} value={a}>{adjustLabel[a]}</option>
            ))}
          </select>
        </label>
      ) : null}
    </div>
  )
}

function Segmented<T extends string>({ label, options, labels, value, onChange }: { label: string; options: readonly T[]; labels: Record<T, string>; value: T; onChange: (v: T) => void }) {
  return (
    <div className="seg" role="radiogroup" aria-label={label}>
      {options.map((o) => (
        <button key={o} type="button" role="radio" aria-checked={o === value} className={`seg-item${o === value ? ' seg-item--on' : ''}`} onClick={() => onChange(o)} data-testid={`chart-${o}`}>
          {labels[o]}
        </button>
      ))}
    </div>
  )
}

function SavedOn({ at }: { at: number }) {
  const when = formatDateTime(at)
  return <Trans>Showing the chart saved on {when}.</Trans>
}
