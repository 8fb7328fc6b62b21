import { useEffect, useState } from 'react'
import { Link, getRouteApi, useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { BackBar } from '../../app/BackBar'
import { errorText } from '../../app/errors'
import { useSessionAccount } from '../../app/queries'
import { type QuoteRow } from '../../data/db'
import { formatPrice } from '../../lib/money'
import { ChangeRate, trend } from '../market/parts/Change'
import { detailLink } from '../market/parts/QuoteItem'
import { clearSearchHistory, recordSearchVisit, searchInstruments } from './actions'
import { useSearchHistory } from './queries'
import '../market/market.css'

const route = getRouteApi('/favorite/search')

const DEBOUNCE_MS = 250

type Found = { q: string; rows: QuoteRow[]; error: unknown }

/** Search by code or name; opened results are remembered as browsing history. */
export function SearchScreen() {
  const { t } = useLingui()
  const { q } = route.useSearch()
  const navigate = useNavigate()
  const [text, setText] = useState(q ?? '')
  const query = text.trim()
  const found = useSearch(query)

  // The query lives in the URL too, so "back" from a result shows the same results. Only when it
  // changed: this screen stays mounted while the next one loads, and a replace fired then took the
  // user back here from wherever they had gone (CI caught it leaving for the watchlist).
  useEffect(() => {
    if (query === (q ?? '')) return
    const id = setTimeout(() => void navigate({ to: '/favorite/search', search: query ? { q: query } : {}, replace: true }), DEBOUNCE_MS)
    return () => clearTimeout(id)
  }, [query, q, navigate])

  return (
    <div className="mkt">
      <BackBar title={<Trans>Search</Trans>} />
      <div className="page mkt-page">
        <form className="search-box" role="search" onSubmit={(e) => e.preventDefault()}>
          <input
            className="search-input"
            type="search"
            inputMode="search"
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={20}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t`Stock code or name, e.g. RELIANCE`}
            aria-label={t`Stock code or name`}
            data-testid="search-input"
            autoFocus
          />
        </form>
        {query === '' ? <History /> : <Results query={query} found={found} />}
      </div>
    </div>
  )
}

function useSearch(query: string): Found | null {
  const [found, setFound] = useState<Found | null>(null)
  useEffect(() => {
    if (query === '') return
    let live = true
    const id = setTimeout(() => {
      searchInstruments(query).then(
        (rows) => live && setFound({ q: query, rows, error: null }),
        (error: unknown) => live && setFound({ q: query, rows: [], error: error ?? new Error('search failed') }),
      )
    }, DEBOUNCE_MS)
    return () => {
      live = false
      clearTimeout(id)
    }
  }, [query])
  return found
}

function Results({ query, found }: { query: string; found: Found | null }) {
  if (!found || found.q !== query) return <p className="muted" role="status"><Trans>Searching…</Trans></p>
  // The rule behind a refusal (a query too short, say), or what kept it from the server.
  if (found.error) return <p className="card empty">{errorText(found.error)}</p>
  if (found.rows.length === 0) return <p className="card empty" data-testid="search-empty"><Trans>Nothing matches “{query}”.</Trans></p>
  return (
    <ul className="menu" data-testid="search-results">
      {found.rows.map((quote) => (
        <Hit key={quote.symbol} symbol={quote.symbol} quote={quote} />
      ))}
    </ul>
  )
}

function History() {
  const account = useSessionAccount()
  const history = useSearchHistory(account)
  if (history === undefined) return null
  if (history.length === 0) return <p className="muted"><Trans>Codes you open from search appear here.</Trans></p>
  return (
    <section className="mkt-section" data-testid="search-history">
      <div className="section-head">
        <h2 className="section-title"><Trans>Recently viewed</Trans></h2>
        <button type="button" className="btn btn--small btn--ghost" onClick={() => void clearSearchHistory()} data-testid="clear-history">
          <Trans>Clear history</Trans>
        </button>
      </div>
      <ul className="menu">
        {history.map((h) => (
          <Hit key={h.symbol} symbol={h.symbol} quote={h.quote} />
        ))}
      </ul>
    </section>
  )
}

function Hit({ symbol, quote }: { symbol: string; quote: QuoteRow | null }) {
  const link = detailLink(quote ?? { symbol, kind: 'stock' })
  return (
    <li className="menu-item">
      <Link {...link} className="menu-link search-hit" onClick={() => void recordSearchVisit(symbol)} data-testid="search-hit">
        <span className="menu-link-text qrow-name">
          <strong>{quote?.name ?? symbol}</strong>
          <span className="qrow-code">{symbol}</span>
        </span>
        {quote ? (
          <span className="search-hit-price">
            <span className={`price chg--${trend(quote.change)}`}>{formatPrice(quote.price, quote.priceScale)}</span>
            <ChangeRate bp={quote.changeRateBp} />
          </span>
        ) : null}
      </Link>
    </li>
  )
}
