import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useLoading } from '../../app/useLoading'
import { useLiveQuotes } from '../../app/useLiveQuotes'
import { type QuoteRow } from '../../data/db'
import { stockListKey } from '../../data/market'
import { formatPrice } from '../../lib/money'
import { loadQuotes } from './actions'
import { useQuotes } from './queries'
import { MarketFrame } from './MarketScreen'
import { BreadthCard } from './parts/Breadth'
import { ChangeAmount, ChangeRate, Price } from './parts/Change'
import { QuoteSkeleton } from './parts/QuoteList'
import { Updated } from './parts/Updated'
import './market.css'

/** Indicators: the three indices in full and the market's breadth, computed from the stocks. */
export function IndicatorsScreen() {
  const indices = useQuotes('index')
  const stocks = useQuotes('stock')
  const loading = useLoading(() => Promise.allSettled([loadQuotes('index'), loadQuotes('stock')]))
  useLiveQuotes(stocks?.map((q) => q.symbol) ?? [])
  return (
    <MarketFrame tab="indicators">
      <Updated syncKey={stockListKey('stock', 'symbol')} loading={loading} />
      {indices === undefined || (indices.length === 0 && loading) ? (
        <QuoteSkeleton rows={3} />
      ) : indices.length === 0 ? (
        <p className="card empty"><Trans>No index levels on this device yet. They appear once the app has been online.</Trans></p>
      ) : (
        indices.map((q) => <IndexFacts key={q.symbol} quote={q} />)
      )}
      {stocks && stocks.length > 0 ? <BreadthCard stocks={stocks} /> : null}
    </MarketFrame>
  )
}

export function IndexFacts({ quote }: { quote: QuoteRow }) {
  const p = (v: number) => formatPrice(v, quote.priceScale)
  return (
    <Link to="/market/stockDetailzs" search={{ symbol: quote.symbol }} className="card index-facts" data-testid="index-facts">
      <div className="index-facts-head">
        <strong>{quote.name}</strong>
        <span className="index-facts-price">
          <Price quote={quote} className="index-facts-value" />
          <span><ChangeAmount quote={quote} /> <ChangeRate bp={quote.changeRateBp} /></span>
        </span>
      </div>
      <dl className="stats stats--4">
        <div><dt><Trans>Open</Trans></dt><dd>{p(quote.open)}</dd></div>
        <div><dt><Trans>High</Trans></dt><dd>{p(quote.high)}</dd></div>
        <div><dt><Trans>Low</Trans></dt><dd>{p(quote.low)}</dd></div>
        <div><dt><Trans>Prev. close</Trans></dt><dd>{p(quote.prevClose)}</dd></div>
      </dl>
    </Link>
  )
}
