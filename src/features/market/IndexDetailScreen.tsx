import { useMemo } from 'react'
import { getRouteApi } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { BackBar } from '../../app/BackBar'
import { useLiveQuotes } from '../../app/useLiveQuotes'
import { stockDetailKey } from '../../data/market'
import {  } from './actions'
import { useQuotesOf } from './queries'
import { ChartPanel } from './chart/ChartPanel'
import { chartChoice } from './chart/choice'
import { IndexFacts } from './IndicatorsScreen'
import { DetailSkeleton, Missing, QuoteHead, useDetailPage } from './StockDetailScreen'
import { QuoteRows, QuoteSkeleton } from './parts/QuoteList'
import { SimulatedNote, Updated } from './parts/Updated'
import './market.css'

const route = getRouteApi('/market/stockDetailzs')

/** One index: its level, chart and constituents, computed from the simulated stocks. */
export function IndexDetailScreen() {
  const search = route.useSearch()
  const { symbol } = search
  const { quote, detail, load, onChoice } = useDetailPage('/market/stockDetailzs', symbol)
  return (
    <div className="mkt mkt--detail">
      <BackBar title={quote?.name ?? symbol} />
      {quote === undefined || (quote === null && load === 'loading') ? (
        <DetailSkeleton />
      ) : quote === null ? (
        <Missing load={load} />
      ) : (
        <div className="page mkt-page">
          <QuoteHead quote={quote} detail={detail ?? null} />
          <Updated syncKey={stockDetailKey(symbol)} loading={load === 'loading'} />
          <ChartPanel symbol={symbol} choice={chartChoice(search)} onChoice={onChoice} adjustable={false} />
          <IndexFacts quote={quote} />
          <Constituents symbols={detail?.constituents ?? null} loading={load === 'loading'} />
          <p className="muted">
            <Trans>The index is computed here from its simulated members, weighted by free-float market value. It approximates the published index method and is not the official index.</Trans>
          </p>
          <SimulatedNote />
        </div>
      )}
    </div>
  )
}

function Constituents({ symbols, loading }: { symbols: string[] | null; loading: boolean }) {
  const quotes = useQuotesOf(symbols)
  const sorted = useMemo(() => [...(quotes ?? [])].sort((a, b) => b.changeRateBp - a.changeRateBp), [quotes])
  useLiveQuotes(symbols ?? [])
  return (
    <section className="mkt-section" data-testid="constituents">
      <h2 className="section-title">
        <Trans>Constituents</Trans> {symbols ? <span className="muted">({symbols.length})</span> : null}
      </h2>
      {quotes === undefined || (symbols === null && loading) ? (
        <QuoteSkeleton rows={4} />
      ) : sorted.length === 0 ? (
        <p className="card empty"><Trans>The members of this index appear here once the app has been online.</Trans></p>
      ) : (
        <QuoteRows quotes={sorted} />
      )}
    </section>
  )
}
