import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useLoading } from '../../../app/useLoading'
import { type QuoteRow } from '../../../data/db'
import { formatPrice } from '../../../lib/money'
import { loadQuotes } from '../actions'
import { useQuotes } from '../queries'
import { ChangeAmount, ChangeRate, trend } from './Change'
import { useLiveQuotes } from '../../../app/useLiveQuotes'

/** The three indices side by side, live; each opens its detail. */
export function IndexStrip() {
  const indices = useQuotes('index')
  const loading = useLoading(() => loadQuotes('index'))
  useLiveQuotes(indices?.map((q) => q.symbol) ?? [])
  if (indices !== undefined && indices.length === 0 && !loading) {
    return (
      <p className="idx-strip idx-strip--empty muted" data-testid="index-strip-empty">
        <Trans>No index levels on this device yet. They appear once the app has been online.</Trans>
      </p>
    )
  }
  if (indices === undefined || indices.length === 0) {
    return (
      <div className="idx-strip" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          // The card's own rows, each a line of its text: the levels take their place unmoved.
          <div key={i} className="idx-card">
            <span className="idx-name"><span className="skeleton skeleton--text" style={{ width: '6em' }} /></span>
            <span className="idx-price"><span className="skeleton skeleton--text" style={{ width: '5em' }} /></span>
            <span className="idx-change">
              <span className="skeleton skeleton--text" style={{ width: '4.3em' }} />
              <span className="skeleton skeleton--text" style={{ width: '3.5em' }} />
            </span>
          </div>
        ))}
      </div>
    )
  }
  return (
    <div className="idx-strip" data-testid="index-strip">
      {indices.map((q) => (
        <IndexCard key={q.symbol} quote={q} />
      ))}
    </div>
  )
}

function IndexCard({ quote }: { quote: QuoteRow }) {
  return (
    <Link to="/market/stockDetailzs" search={{ symbol: quote.symbol }} className={`idx-card idx-card--${trend(quote.change)}`}>
      <span className="idx-name">{quote.name}</span>
      <strong className={`idx-price chg--${trend(quote.change)}`}>{formatPrice(quote.price, quote.priceScale)}</strong>
      <span className="idx-change">
        <ChangeAmount quote={quote} /> <ChangeRate bp={quote.changeRateBp} />
      </span>
    </Link>
  )
}
