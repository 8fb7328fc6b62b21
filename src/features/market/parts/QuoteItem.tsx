import { memo, type CSSProperties } from 'react'
import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { type QuoteRow } from '../../../data/db'
import { formatCompact, formatMoneyCompact } from '../../../lib/money'
import { ChangeRate, Price } from './Change'

/** What the right-hand column of a row shows: the day's change, or the turnover (funds tab). */
export type QuoteMetric = 'change' | 'turnover'

export const ROW_HEIGHT = 62

type Props = {
  quote: QuoteRow
  metric?: QuoteMetric
  style?: CSSProperties
  /** With a toggle: whether the symbol is in the watchlist (undefined: no toggle). */
  watched?: boolean
  /** Must be stable (useCallback): rows compare it by identity. */
  onToggle?: (symbol: string, watched: boolean) => void
}

/** Where a quote opens: an index has its own detail screen. */
export function detailLink(quote: Pick<QuoteRow, 'symbol' | 'kind'>) {
  return quote.kind === 'index'
    ? ({ to: '/market/stockDetailzs', search: { symbol: quote.symbol } } as const)
    : ({ to: '/market/stockDetail', search: { symbol: quote.symbol } } as const)
}

/**
 * One row of a quote list. Memoised on the fields it shows: the stream rewrites every quote
 * object it touches, and an unchanged row must cost nothing.
 */
export const QuoteItem = memo(
  function QuoteItem({ quote, metric = 'change', style, watched, onToggle }: Props) {
    return (
      <li className="qrow" style={style} data-testid="quote-row" data-symbol={quote.symbol}>
        <Link {...detailLink(quote)} className="qrow-link">
          <span className="qrow-name">
            <strong>{quote.name}</strong>
            <span className="qrow-code">{quote.symbol}</span>
          </span>
          <span className="qrow-price">
            <Price quote={quote} />
            {metric === 'turnover' ? <span className="qrow-sub">{formatCompact(quote.volume / (quote.quantityScale ?? 1))}</span> : null}
          </span>
          <span className="qrow-metric">
            {metric === 'turnover' ? <span className="qrow-amount">{formatMoneyCompact(quote.amount)}</span> : <ChangeRate bp={quote.changeRateBp} pill />}
          </span>
        </Link>
        {watched !== undefined && onToggle ? <StarToggle symbol={quote.symbol} on={watched} onToggle={onToggle} /> : null}
      </li>
    )
  },
  (a, b) =>
    a.metric === b.metric &&
    a.watched === b.watched &&
    a.onToggle === b.onToggle &&
    a.style?.transform === b.style?.transform &&
    a.quote.symbol === b.quote.symbol &&
    a.quote.name === b.quote.name &&
    a.quote.price === b.quote.price &&
    a.quote.changeRateBp === b.quote.changeRateBp &&
    a.quote.change === b.quote.change &&
    (a.metric !== 'turnover' || (a.quote.amount === b.quote.amount && a.quote.volume === b.quote.volume)),
)

/** Adds to or removes from the watchlist; the star is filled when watched, and the label says so. */
export function StarToggle({ symbol, on, onToggle }: { symbol: string; on: boolean; onToggle: (symbol: string, watched: boolean) => void }) {
  const { t } = useLingui()
  return (
    <button
      type="button"
      className={`star${on ? ' star--on' : ''}`}
      aria-pressed={on}
      aria-label={on ? t`Remove ${symbol} from watchlist` : t`Add ${symbol} to watchlist`}
      data-testid="watch-toggle"
      onClick={() => onToggle(symbol, on)}
    >
      <StarIcon filled={on} />
    </button>
  )
}

export function StarIcon({ filled, className = 'star-icon' }: { filled: boolean; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
      <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
    </svg>
  )
}
