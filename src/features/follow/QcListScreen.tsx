import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { BackBar } from '../../app/BackBar'
import { useLoading } from '../../app/useLoading'
import { type FollowStrategy } from '../../data/follow'
import { formatDateTime } from '../../lib/dates'
import { formatMoney } from '../../lib/money'
import { intlLocale, normalizeLanguage } from '../../i18n/languages'
import { refreshStrategies } from './actions'
import { MetricsList, SimulatedNote } from './Metrics'
import { Fact } from './ProductCard'
import { useRefreshEvery, useStrategies, useStrategiesSynced } from './queries'
import { formatDay, formatNav } from './rules'
import { strategyKind, strategyRule } from './strategyRule'
import './follow.css'

/**
 * /home/qcList: the strategies the server runs ("quantitative"), each with its published rule in
 * words and its parameters, the stocks it may trade, its start day and paper capital, and what it
 * measured since. From Dexie, offline too.
 */
export function QcListScreen() {
  const strategies = useStrategies()
  const synced = useStrategiesSynced()
  const loading = useLoading(() => refreshStrategies())
  useRefreshEvery(() => refreshStrategies(), 30_000)
  const when = synced ? formatDateTime(synced) : null
  return (
    <div className="follow">
      <BackBar title={<Trans>Quantitative strategies</Trans>} />
      <p className="list-updated" role="status" data-testid="qc-updated">
        {when ? <Trans>Last updated {when}</Trans> : loading ? <Trans>Loading…</Trans> : <Trans>Not updated yet</Trans>}
      </p>
      <div className="page">
        <p className="follow-links">
          <Link to="/home/fllow" className="link"><Trans>Copy-trading products</Trans></Link>
        </p>
        <p className="follow-note">
          <Trans>Each strategy is run by the server on the simulated market&apos;s daily closes, trade by trade from its start day, paying fees and stamp duty as you would. Its NAV can be replayed from its published trades.</Trans>
        </p>
        <SimulatedNote />
        {strategies === undefined || (strategies === null && loading) ? (
          <div className="card" aria-busy="true"><span className="skeleton skeleton--title" /><span className="skeleton skeleton--line" /></div>
        ) : strategies === null ? (
          <div className="card empty-state"><p><Trans>The strategies show here once the app has been online.</Trans></p></div>
        ) : strategies.length === 0 ? (
          <div className="card empty-state" data-testid="qc-empty"><p><Trans>No strategies yet.</Trans></p></div>
        ) : (
          strategies.map((s) => <StrategyCard key={s.id} strategy={s} />)
        )}
      </div>
    </div>
  )
}

function StrategyCard({ strategy: s }: { strategy: FollowStrategy }) {
  const { i18n } = useLingui()
  const kind = i18n._(strategyKind(s.code))
  const rule = i18n._(strategyRule(s.code, s.params, intlLocale(normalizeLanguage(i18n.locale))))
  const universe = s.universe.length
  const symbols = s.universe.join(', ')
  const startDay = formatDay(s.startDay)
  const capital = formatMoney(s.capital)
  const nav = formatNav(s.nav)
  const navAt = formatDateTime(s.navAt)
  const params = Object.entries(s.params)
  return (
    <article className="card follow-card" data-testid="qc-strategy" data-code={s.code}>
      <header className="follow-card-head">
        <div>
          <strong className="follow-name">{s.name}</strong>
          <span className="muted"> {kind}</span>
        </div>
      </header>
      <p className="follow-rule" data-testid="qc-rule">{rule}</p>
      {params.length > 0 ? (
        <p className="muted follow-params">
          <Trans>Parameters:</Trans> {params.map(([name, value]) => `${name} = ${value}`).join(' · ')}
        </p>
      ) : null}
      <dl className="follow-facts">
        <Fact label={<Trans>Universe</Trans>}><span title={symbols}><Trans>{universe} stocks</Trans></span></Fact>
        <Fact label={<Trans>Start day</Trans>}>{startDay}</Fact>
        <Fact label={<Trans>Starting capital</Trans>}>{capital}</Fact>
        <Fact label={<Trans>NAV now</Trans>}>{nav} <span className="muted follow-at">{navAt}</span></Fact>
      </dl>
      <details className="follow-universe">
        <summary><Trans>The stocks it may trade</Trans></summary>
        <p>{symbols}</p>
      </details>
      <MetricsList metrics={s.metrics} />
    </article>
  )
}
