import { Suspense, lazy, useId } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { BackBar } from '../../app/BackBar'
import { useLoading } from '../../app/useLoading'
import { useNow } from '../../app/useNow'
import { type FollowDetail, type FollowProduct } from '../../data/follow'
import { formatDateTime } from '../../lib/dates'
import { formatMoney } from '../../lib/money'
import { intlLocale, normalizeLanguage } from '../../i18n/languages'
import { refreshDetail, refreshProducts } from './actions'
import { InvestForm } from './InvestForm'
import { MetricsList, SimulatedNote } from './Metrics'
import { Fact, LockText, ProductStatus } from './ProductCard'
import { useDetail, useDetailSynced, useProducts, useRefreshEvery } from './queries'
import { formatBps, formatDay, formatNav, fullnessBps, latestNav } from './rules'
import { strategyKind, strategyRule } from './strategyRule'
import { TradeList } from './TradeList'
import './follow.css'

const NavChart = lazy(() => import('./NavChart').then((m) => ({ default: m.NavChart })))

const CHART_HEIGHT = 200

/**
 * /home/fllowDetail?id=: one product with every measured figure, its daily NAV, the strategy's
 * rule and every trade it made, its starting capital, and the form to invest. The NAV now is
 * refreshed while the screen is open (it marks the holdings to the latest quote); offline the
 * screen shows what this device stored.
 */
export function FollowDetailScreen({ id }: { id: number }) {
  const detail = useDetail(id)
  const synced = useDetailSynced(id)
  const products = useProducts()
  const loading = useLoading(() => refreshDetail(id), String(id))
  // The list is small: it carries the NAV now of every product, the detail carries every trade.
  useRefreshEvery(() => refreshProducts(), 5_000, String(id))
  useRefreshEvery(() => refreshDetail(id), 60_000, String(id))
  const when = synced ? formatDateTime(synced) : null
  return (
    <div className="follow">
      <BackBar title={<Trans>Copy-trading product</Trans>} />
      <p className="list-updated" role="status" data-testid="follow-detail-updated">
        {when ? <Trans>Last updated {when}</Trans> : loading ? <Trans>Loading…</Trans> : <Trans>Not updated yet</Trans>}
      </p>
      <div className="page">
        {detail === undefined || (detail === null && loading) ? (
          <div className="card" aria-busy="true"><span className="skeleton skeleton--title" /><span className="skeleton skeleton--line" /></div>
        ) : detail === null ? (
          <div className="card empty-state">
            <p><Trans>This product is not on this device. Open it while online.</Trans></p>
            <Link to="/home/fllow" className="link"><Trans>Copy-trading products</Trans></Link>
          </div>
        ) : (
          <Detail detail={detail} product={products?.find((p) => p.id === id)} />
        )}
      </div>
    </div>
  )
}

function Detail({ detail: d, product }: { detail: FollowDetail; product: FollowProduct | undefined }) {
  const { i18n, t } = useLingui()
  const now = useNow(5_000)
  const locale = intlLocale(normalizeLanguage(i18n.locale))
  const current = latestNav(d, product)
  // The product as it stands now: money and fullness move with investments, and the list is
  // fetched more often than the detail.
  const newer = product && product.navAt > d.navAt ? { invested: product.invested, investors: product.investors, status: product.status } : {}
  const live: FollowProduct = { ...d, nav: current.nav, navAt: current.at, ...newer }
  const nav = formatNav(current.nav)
  const navAt = formatDateTime(current.at)
  const number = d.number
  const kind = i18n._(strategyKind(d.strategyCode))
  const strategyName = d.strategy.name
  const rule = i18n._(strategyRule(d.strategy.code, d.strategy.params, locale))
  const minAmount = formatMoney(d.minAmount)
  const fundSize = formatMoney(d.fundSize)
  const invested = formatMoney(live.invested)
  const full = formatBps(fullnessBps(live), { locale })
  const investors = live.investors.toLocaleString(locale)
  const deadline = formatDateTime(d.deadline)
  const capital = formatMoney(d.capital)
  const startDay = formatDay(d.strategy.startDay)
  const universe = d.strategy.universe.length
  const tradeCount = d.trades.length
  const tradesHeading = useId()
  const first = d.nav[0]
  const last = d.nav.at(-1)
  const navFrom = first ? formatDay(first.day) : ''
  const navTo = last ? formatDay(last.day) : ''
  const firstNav = first ? formatNav(first.nav) : ''
  const lastNav = last ? formatNav(last.nav) : ''
  return (
    <>
      <section className="card follow-card" data-testid="follow-detail" data-id={d.id}>
        <header className="follow-card-head">
          <div>
            <strong className="follow-name">{d.name}</strong>
            <span className="muted"> <Trans>No. {number} · {kind}</Trans></span>
          </div>
          <ProductStatus product={live} now={now} />
        </header>
        <p className="follow-nav-now">
          <span className="muted"><Trans>NAV now</Trans></span>{' '}
          <strong data-testid="follow-detail-nav" data-nav={current.nav}>{nav}</strong>{' '}
          <span className="muted follow-at">{navAt}</span>
        </p>
        <p className="muted follow-small"><Trans>The strategy&apos;s holdings at the latest prices; investing and redeeming use the NAV when the server takes the request.</Trans></p>
        <dl className="follow-facts">
          <Fact label={<Trans>Minimum amount</Trans>}>{minAmount}</Fact>
          <Fact label={<Trans>Fund size</Trans>}><Trans>{invested} of {fundSize} ({full} full)</Trans></Fact>
          <Fact label={<Trans>Investors</Trans>}>{investors}</Fact>
          <Fact label={<Trans>Deadline</Trans>}>{deadline}</Fact>
          <Fact label={<Trans>Lock</Trans>}><LockText product={d} /></Fact>
          <Fact label={<Trans>Starting capital</Trans>}><span data-testid="follow-capital">{capital}</span></Fact>
        </dl>
      </section>

      <section className="card">
        <h2 className="section-title"><Trans>Measured performance</Trans></h2>
        <SimulatedNote />
        <MetricsList metrics={d.metrics} />
      </section>

      <section className="card">
        <h2 className="section-title"><Trans>Daily NAV</Trans></h2>
        {d.nav.length === 0 ? (
          <p className="muted"><Trans>No closes yet.</Trans></p>
        ) : (
          <>
            <p className="muted follow-small"><Trans>NAV at each close, {navFrom} to {navTo}, starting at ₹10.0000 a unit.</Trans></p>
            <Suspense fallback={<div className="skeleton follow-chart-skeleton" style={{ height: CHART_HEIGHT }} />}>
              <NavChart nav={d.nav} height={CHART_HEIGHT} label={t`Daily NAV from ${navFrom} to ${navTo}: from ${firstNav} to ${lastNav}`} />
            </Suspense>
          </>
        )}
      </section>

      <InvestForm product={live} navNow={current.nav} now={now} />

      <section className="card">
        <h2 className="section-title"><Trans>The strategy: {strategyName}</Trans></h2>
        <p className="follow-rule">{rule}</p>
        <p className="muted follow-small">
          <Trans>Trades {universe} stocks from {startDay} with a paper capital of {capital}; fees and stamp duty are paid as on your own orders. Replaying these trades on the closing prices gives the NAV above.</Trans>
        </p>
        <h3 className="follow-subtitle" id={tradesHeading}><Trans>Trades ({tradeCount})</Trans></h3>
        <TradeList trades={d.trades} labelledBy={tradesHeading} />
      </section>
    </>
  )
}
