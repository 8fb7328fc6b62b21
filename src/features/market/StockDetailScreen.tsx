import { useCallback, useEffect, useState } from 'react'
import { Link, getRouteApi, useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { BackBar } from '../../app/BackBar'
import { useSessionAccount } from '../../app/queries'
import { useLiveQuotes } from '../../app/useLiveQuotes'
import { type QuoteRow } from '../../data/db'
import { stockDetailKey, type StockDetail } from '../../data/market'
import { formatCompact, formatMoneyCompact, formatPrice, formatRateBp } from '../../lib/money'
import { formatDateTime } from '../../lib/dates'
import { useWatched } from '../watchlist/queries'
import { useToggleWatch } from '../watchlist/useToggleWatch'
import { loadDetail } from './actions'
import { useQuote, useStockDetail } from './queries'
import { ChartPanel } from './chart/ChartPanel'
import { chartChoice, type ChartChoice } from './chart/choice'
import { ChangeAmount, ChangeRate, Price } from './parts/Change'
import { StarIcon } from './parts/QuoteItem'
import { SimulatedNote, Updated } from './parts/Updated'
import './market.css'

const route = getRouteApi('/market/stockDetail')

/** One instrument: every quote field, the chart, the watchlist star and Buy / Sell. */
export function StockDetailScreen() {
  const search = route.useSearch()
  const { symbol } = search
  const { quote, detail, load, onChoice } = useDetailPage('/market/stockDetail', symbol)
  const title = quote?.name ?? symbol
  return (
    <div className="mkt mkt--detail">
      <BackBar title={title} right={quote && quote.kind !== 'index' ? <WatchStar symbol={symbol} /> : null} />
      {quote === undefined || (quote === null && load === 'loading') ? (
        <DetailSkeleton />
      ) : quote === null ? (
        <Missing load={load} />
      ) : (
        <div className="page mkt-page">
          <QuoteHead quote={quote} detail={detail ?? null} />
          <Updated syncKey={stockDetailKey(symbol)} loading={load === 'loading'} />
          <ChartPanel symbol={symbol} choice={chartChoice(search)} onChoice={onChoice} adjustable={quote.kind === 'stock'} />
          <QuoteStats quote={quote} />
          <SimulatedNote />
        </div>
      )}
      {quote && quote.kind !== 'index' ? <TradeButtons symbol={symbol} /> : null}
    </div>
  )
}

/**
 * What a detail screen (a stock's or an index's) shows: the stored quote and detail, whether the
 * server has been asked yet, live ticks for the symbol, and the chart choice kept in the address.
 */
export function useDetailPage(to: '/market/stockDetail' | '/market/stockDetailzs', symbol: string) {
  const navigate = useNavigate()
  const quote = useQuote(symbol)
  const detail = useStockDetail(symbol)
  const [load, setLoad] = useState<{ symbol: string; state: Awaited<ReturnType<typeof loadDetail>> | 'loading' }>({ symbol, state: 'loading' })
  useEffect(() => {
    let live = true
    void loadDetail(symbol).then((state) => live && setLoad({ symbol, state }))
    return () => {
      live = false
    }
  }, [symbol])
  useLiveQuotes(symbol ? [symbol] : [])
  const onChoice = useCallback(
    (c: ChartChoice) => void navigate({ to, search: { symbol, ...c }, replace: true, resetScroll: false }),
    [navigate, symbol, to],
  )
  return { quote, detail, load: load.symbol === symbol ? load.state : 'loading', onChoice }
}

/** Price, change, and the market's state for the symbol. */
export function QuoteHead({ quote, detail }: { quote: QuoteRow; detail: StockDetail | null }) {
  const when = formatDateTime(quote.time)
  return (
    <section className="card qhead" data-testid="quote-head">
      <div className="qhead-id">
        <span className="qhead-code">{quote.symbol}</span>
        {quote.industry ? <span className="pill">{quote.industry}</span> : null}
        {detail ? <MarketState detail={detail} /> : null}
      </div>
      <Price quote={quote} className="qhead-price" />
      <p className="qhead-change">
        <ChangeAmount quote={quote} /> <ChangeRate bp={quote.changeRateBp} pill />
      </p>
      <p className="muted qhead-time"><Trans>Quote time {when}</Trans></p>
    </section>
  )
}

function MarketState({ detail }: { detail: StockDetail }) {
  const hours = detail.market.hours
  const opens = detail.market.opensAt ? formatDateTime(detail.market.opensAt) : null
  return detail.market.open ? (
    <span className="pill pill--ok">{detail.market.alwaysOpen ? <Trans>Open 24 hours (demo)</Trans> : <Trans>Open {hours}</Trans>}</span>
  ) : (
    <span className="pill">{opens ? <Trans>Closed, opens {opens}</Trans> : <Trans>Closed</Trans>}</span>
  )
}

/** Every field of the quote, in plain labels. */
function QuoteStats({ quote: q }: { quote: QuoteRow }) {
  const p = (v: number) => formatPrice(v, q.priceScale)
  const volume = formatCompact(q.volume / (q.quantityScale ?? 1))
  return (
    <section className="card">
      <dl className="stats stats--2" data-testid="quote-stats">
        <div><dt><Trans>Price</Trans></dt><dd>{p(q.price)}</dd></div>
        <div><dt><Trans context="price change">Change</Trans></dt><dd>{formatRateBp(q.changeRateBp)}</dd></div>
        <div><dt><Trans>Previous close</Trans></dt><dd>{p(q.prevClose)}</dd></div>
        <div><dt><Trans>Open</Trans></dt><dd>{p(q.open)}</dd></div>
        <div><dt><Trans>High</Trans></dt><dd>{p(q.high)}</dd></div>
        <div><dt><Trans>Low</Trans></dt><dd>{p(q.low)}</dd></div>
        <div><dt><Trans>Volume</Trans></dt><dd>{volume}</dd></div>
        <div><dt><Trans>Amount</Trans></dt><dd>{formatMoneyCompact(q.amount)}</dd></div>
        <div><dt><Trans>52-week high</Trans></dt><dd>{p(q.high52w)}</dd></div>
        <div><dt><Trans>52-week low</Trans></dt><dd>{p(q.low52w)}</dd></div>
        {q.marketValue !== undefined ? <div><dt><Trans context="market capitalisation">Market value</Trans></dt><dd>{formatMoneyCompact(q.marketValue)}</dd></div> : null}
        {q.industry !== undefined ? <div><dt><Trans>Industry</Trans></dt><dd>{q.industry}</dd></div> : null}
        {q.foreignRatioBp !== undefined ? <div><dt><Trans>Foreign ratio</Trans></dt><dd>{formatRateBp(q.foreignRatioBp).replace('+', '')}</dd></div> : null}
        {q.sharesOutstanding !== undefined ? <div><dt><Trans>Shares outstanding</Trans></dt><dd>{formatCompact(q.sharesOutstanding)}</dd></div> : null}
      </dl>
    </section>
  )
}

function WatchStar({ symbol }: { symbol: string }) {
  const { t } = useLingui()
  const account = useSessionAccount()
  const watched = useWatched(account, symbol)
  const toggle = useToggleWatch()
  if (!account || watched === undefined) return null
  return (
    <button type="button" className={`star${watched ? ' star--on' : ''}`} aria-pressed={watched} aria-label={watched ? t`Remove from watchlist` : t`Add to watchlist`} onClick={() => toggle(symbol, watched)} data-testid="detail-watch">
      <StarIcon filled={watched} />
    </button>
  )
}

function TradeButtons({ symbol }: { symbol: string }) {
  return (
    <div className="trade-bar">
      <Link to="/market/marketBuy" search={{ symbol, direction: 'long' }} className="btn btn--large trade-buy" data-testid="buy-button"><Trans>Buy (long)</Trans></Link>
      <Link to="/market/marketBuy" search={{ symbol, direction: 'short' }} className="btn btn--large trade-sell" data-testid="sell-button"><Trans>Sell (short)</Trans></Link>
    </div>
  )
}

/** No quote on this device: the code is unknown, the server failed, or the device is offline. */
export function Missing({ load }: { load: ReturnType<typeof useDetailPage>['load'] }) {
  return (
    <div className="page empty-state">
      <p>
        {load === 'unknown' ? (
          <Trans>There is no instrument with this code.</Trans>
        ) : load === 'error' ? (
          <Trans>The server could not send this instrument. Please try again later.</Trans>
        ) : (
          <Trans>This instrument has not been downloaded yet. Connect to the internet to see it.</Trans>
        )}
      </p>
      <Link to="/favorite/search" className="btn btn--primary"><Trans>Search</Trans></Link>
    </div>
  )
}

export function DetailSkeleton() {
  return (
    <div className="page" aria-busy="true">
      <div className="card">
        <span className="skeleton skeleton--line" style={{ width: '30%' }} />
        <span className="skeleton skeleton--title" />
        <span className="skeleton skeleton--line" style={{ width: '45%' }} />
      </div>
      <div className="card chart-loading skeleton" style={{ height: 280 }} />
    </div>
  )
}
