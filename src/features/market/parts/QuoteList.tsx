import { useCallback, useState, type ReactNode } from 'react'
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { Trans } from '@lingui/react/macro'
import { type QuoteRow } from '../../../data/db'
import { getConfigNumber } from '../../../data/config'
import { QuoteItem, ROW_HEIGHT, type QuoteMetric } from './QuoteItem'
import { useLiveQuotes } from '../../../app/useLiveQuotes'

type Props = {
  quotes: QuoteRow[] | undefined
  loading: boolean
  metric?: QuoteMetric
  watched?: ReadonlySet<string>
  onToggle?: (symbol: string, watched: boolean) => void
  empty?: ReactNode
}

/**
 * A quote list of any length, virtualised against the window's scroll: only the rows in view (and
 * a few around) exist, so a thousand streaming symbols cost what a screenful does. It streams
 * every symbol when the server allows that many, otherwise the rows in view.
 */
export function QuoteList({ quotes, loading, metric, watched, onToggle, empty }: Props) {
  // Where the list starts on the page: the virtualiser measures the window's scroll from there.
  const [margin, setMargin] = useState(0)
  const listRef = useCallback((el: HTMLUListElement | null) => {
    if (el) setMargin(Math.round(el.getBoundingClientRect().top + window.scrollY))
  }, [])
  const rows = quotes ?? []
  const virtualizer = useWindowVirtualizer({ count: rows.length, estimateSize: () => ROW_HEIGHT, overscan: 8, scrollMargin: margin })
  const items = virtualizer.getVirtualItems()
  const max = getConfigNumber('stream_max_symbols', 500)
  const first = items[0]?.index ?? 0
  const last = items.at(-1)?.index ?? -1
  useLiveQuotes(rows.length <= max ? rows.map((q) => q.symbol) : rows.slice(first, last + 1).map((q) => q.symbol))

  if (quotes === undefined || (rows.length === 0 && loading)) return <QuoteSkeleton />
  if (rows.length === 0) return <div className="card empty">{empty ?? <Trans>No prices on this device yet. They appear once the app has been online.</Trans>}</div>
  return (
    <ul ref={listRef} className="qlist" style={{ height: virtualizer.getTotalSize() }} data-testid="quote-list">
      {items.map((item) => {
        const quote = rows[item.index] as QuoteRow
        return (
          <QuoteItem
            key={quote.symbol}
            quote={quote}
            metric={metric}
            style={{ transform: `translateY(${item.start - margin}px)` }}
            watched={watched ? watched.has(quote.symbol) : undefined}
            onToggle={onToggle}
          />
        )
      })}
    </ul>
  )
}

/** A short list (a top five, constituents), not virtualised; streams its symbols. */
export function QuoteRows({ quotes, metric }: { quotes: QuoteRow[]; metric?: QuoteMetric }) {
  useLiveQuotes(quotes.map((q) => q.symbol))
  return (
    <ul className="qlist qlist--plain">
      {quotes.map((quote) => (
        <QuoteItem key={quote.symbol} quote={quote} metric={metric} />
      ))}
    </ul>
  )
}

export function QuoteSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <ul className="qlist qlist--plain" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="qrow qrow--skeleton">
          <span className="skeleton skeleton--line" style={{ width: '40%' }} />
          <span className="skeleton skeleton--line" style={{ width: '25%' }} />
        </li>
      ))}
    </ul>
  )
}
