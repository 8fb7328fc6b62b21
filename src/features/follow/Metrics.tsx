import { type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { type FollowMetrics } from '../../contract/replies'
import { intlLocale, normalizeLanguage } from '../../i18n/languages'
import { formatBps, formatDay } from './rules'

/** Every figure here is measured, never promised: the screens say so next to them. */
export function SimulatedNote() {
  return (
    <p className="follow-note" data-testid="follow-simulated">
      <Trans>Simulated past performance: measured from the strategy&apos;s own trades on the simulated market. It promises nothing about future returns.</Trans>
    </p>
  )
}

/**
 * The measured metrics, maximum drawdown first (before any return, so the worst fall is read
 * before the gain), each with the period it covers.
 */
export function MetricsList({ metrics }: { metrics: FollowMetrics | null }) {
  const { i18n } = useLingui()
  if (metrics === null) {
    return <p className="muted" data-testid="follow-no-metrics"><Trans>No figures yet: the strategy has not run a full day.</Trans></p>
  }
  const locale = intlLocale(normalizeLanguage(i18n.locale))
  const pct = (bps: number, signed = true) => formatBps(bps, { signed, locale })
  const from = formatDay(metrics.from)
  const to = formatDay(metrics.to)
  const days = metrics.days
  const closed = metrics.closedTrades
  const won = metrics.winningTrades
  const period = <Trans>{from} to {to}, {days} NAV days</Trans>
  return (
    <>
      <dl className="follow-metrics" data-testid="follow-metrics">
        <Metric testId="metric-drawdown" label={<Trans>Maximum drawdown</Trans>} value={pct(-metrics.maxDrawdownBps)} period={period} />
        <Metric testId="metric-return" label={<Trans>Return since start</Trans>} value={pct(metrics.returnBps)} period={period} />
        <Metric testId="metric-daily" label={<Trans>Daily profit</Trans>} value={pct(metrics.dailyProfitBps)} period={<Trans>{to} against the NAV day before</Trans>} />
        <Metric testId="metric-highest" label={<Trans>Highest return</Trans>} value={pct(metrics.highestReturnBps)} period={period} />
        <Metric
          testId="metric-volatility"
          label={<Trans>Volatility (annualised)</Trans>}
          value={pct(metrics.volatilityBps, false)}
          period={<Trans>Daily NAV returns, {from} to {to}</Trans>}
        />
        <Metric
          testId="metric-winrate"
          label={<Trans>Win rate</Trans>}
          value={metrics.winRateBps === null ? '—' : pct(metrics.winRateBps, false)}
          period={closed === 0 ? <Trans>No closed trades yet</Trans> : <Trans>{won} of {closed} closed trades won, fees included, {from} to {to}</Trans>}
        />
      </dl>
      <p className="follow-metrics-note">
        <Trans>Every figure above is simulated past performance; none is a promise of future returns.</Trans>
      </p>
    </>
  )
}

function Metric({ label, value, period, testId }: { label: ReactNode; value: string; period: ReactNode; testId: string }) {
  return (
    <div className="follow-metric" data-testid={testId}>
      <dt>{label}</dt>
      <dd>
        <strong>{value}</strong>
        <span className="follow-period">{period}</span>
      </dd>
    </div>
  )
}
