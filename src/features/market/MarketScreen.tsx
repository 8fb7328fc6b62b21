import { type ReactNode } from 'react'
import { Link, getRouteApi } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { TitleBar } from '../../app/BackBar'
import { useLoading } from '../../app/useLoading'
import { type InstrumentKind, type QuoteRow } from '../../data/db'
import { stockListKey, type StockSort } from '../../data/market'
import { loadQuotes } from './actions'
import { useQuotes } from './queries'
import { MarketTabs, type MarketTab } from './parts/MarketTabs'
import { IndexStrip } from './parts/IndexStrip'
import { QuoteList } from './parts/QuoteList'
import { type QuoteMetric } from './parts/QuoteItem'
import { SimulatedNote, Updated } from './parts/Updated'
import './market.css'

const route = getRouteApi('/market/index')

/** The market: indices, then the tab's list (stocks A-Z, by turnover, or currencies). */
export function MarketScreen() {
  const tab = route.useSearch({ select: (s) => s.tab ?? 'quotes' })
  const initial = route.useLoaderData()
  return (
    <MarketFrame tab={tab}>
      {tab === 'forex' ? (
        <>
          <KindList kind="forex" sort="symbol" title={<Trans>Currency pairs</Trans>} initial={initial.kind === 'forex' ? initial.rows : undefined} />
          <KindList kind="crypto" sort="symbol" title={<Trans>Digital currencies</Trans>} />
        </>
      ) : tab === 'funds' ? (
        <KindList kind="stock" sort="turnover" metric="turnover" title={<Trans>Stocks by turnover</Trans>} initial={initial.sort === 'turnover' ? initial.rows : undefined} />
      ) : (
        <KindList kind="stock" sort="symbol" title={<Trans>NIFTY stocks</Trans>} initial={initial.sort === 'symbol' && initial.kind === 'stock' ? initial.rows : undefined} />
      )}
    </MarketFrame>
  )
}

/** The frame every market tab shares: title with search and watchlist, indices, tabs. */
export function MarketFrame({ tab, children }: { tab: MarketTab; children: ReactNode }) {
  const { t } = useLingui()
  return (
    <div className="mkt">
      <TitleBar
        title={<Trans>Market</Trans>}
        right={
          <span className="mkt-bar-links">
            <Link to="/favorite/search" className="mkt-bar-link" aria-label={t`Search`} data-testid="market-search"><SearchIcon /></Link>
            <Link to="/favorite/index" className="mkt-bar-link" aria-label={t`Watchlist`} data-testid="market-watchlist"><WatchIcon /></Link>
            <Link to="/market/vip" className="mkt-bar-link" aria-label={t`VIP levels`} data-testid="market-vip"><VipIcon /></Link>
          </span>
        }
      />
      <div className="mkt-head">
        <IndexStrip />
        <MarketTabs active={tab} />
      </div>
      <div className="page mkt-page">
        {children}
        <SimulatedNote />
      </div>
    </div>
  )
}

/** One kind's list, refreshed on arrival, virtualised, with its last-updated line. */
function KindList({ kind, sort, metric, title, initial }: { kind: InstrumentKind; sort: StockSort; metric?: QuoteMetric; title: ReactNode; initial?: QuoteRow[] }) {
  const quotes = useQuotes(kind, sort, initial)
  const loading = useLoading(() => loadQuotes(kind, sort), `${kind}:${sort}`)
  return (
    <section className="mkt-section">
      <div className="section-head">
        <h2 className="section-title">{title}</h2>
        <Link to="/market/optionList" search={{ kind }} className="link mkt-all"><Trans>Add to watchlist</Trans></Link>
      </div>
      <Updated syncKey={stockListKey(kind, sort)} loading={loading} />
      <QuoteList quotes={quotes} loading={loading} metric={metric} />
    </section>
  )
}

export function SearchIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <circle cx="11" cy="11" r="6.5" />
      <path d="M16 16l4.5 4.5" />
    </svg>
  )
}

function WatchIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
      <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
    </svg>
  )
}

function VipIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
      <path d="M3.5 8l4.5 4 4-6.5 4 6.5 4.5-4-1.8 10H5.3z" />
    </svg>
  )
}
