import { useMemo } from 'react'
import { Link, getRouteApi } from '@tanstack/react-router'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { BackBar } from '../../app/BackBar'
import { useSessionAccount } from '../../app/queries'
import { useLoading } from '../../app/useLoading'
import { type QuoteRow } from '../../data/db'
import { watchlistKey } from '../../data/watchlist'
import { QuoteList } from '../market/parts/QuoteList'
import { SimulatedNote, Updated } from '../market/parts/Updated'
import { SearchIcon } from '../market/MarketScreen'
import { StarIcon } from '../market/parts/QuoteItem'
import { loadWatchlist } from './actions'
import { useToggleWatch } from './useToggleWatch'
import { useWatchlist } from './queries'
import '../market/market.css'

const route = getRouteApi('/favorite/index')

/** The watchlist, newest first, live from Dexie; works offline, changes queue in the outbox. */
export function WatchlistScreen() {
  const { t } = useLingui()
  const account = useSessionAccount()
  const loaded = route.useLoaderData()
  const rows = useWatchlist(account, loaded)
  const loading = useLoading(loadWatchlist, account ?? '')
  const quotes = useMemo(() => rows?.map((r) => r.quote).filter((q): q is QuoteRow => q !== null), [rows])
  const waiting = useMemo(() => rows?.filter((r) => r.quote === null).map((r) => r.symbol) ?? [], [rows])
  const watched = useMemo(() => new Set(rows?.map((r) => r.symbol)), [rows])
  const onToggle = useToggleWatch()
  return (
    <div className="mkt">
      <BackBar
        title={<Trans>Watchlist</Trans>}
        right={<Link to="/favorite/search" className="mkt-bar-link" aria-label={t`Search`} data-testid="watchlist-search"><SearchIcon /></Link>}
      />
      <div className="page mkt-page">
        <Updated syncKey={account ? watchlistKey(account) : null} loading={loading} />
        {waiting.length > 0 && quotes?.length === 0 ? null : (
        <QuoteList
          quotes={quotes}
          loading={loading}
          watched={watched}
          onToggle={onToggle}
          empty={
            <div className="fav-empty" data-testid="watchlist-empty">
              <p><Trans>Your watchlist is empty.</Trans></p>
              <p className="muted"><Trans>Search by code or browse the market, then tap the star.</Trans></p>
            </div>
          }
        />
        )}
        {waiting.length > 0 ? <WaitingRows symbols={waiting} onToggle={onToggle} /> : null}
        <div className="fav-actions">
          <Link to="/favorite/search" className="btn btn--primary"><Trans>Search by code</Trans></Link>
          <Link to="/market/optionList" search={{ kind: 'stock' }} className="btn btn--outline"><Trans>Browse all</Trans></Link>
        </div>
        <SimulatedNote />
      </div>
    </div>
  )
}

/** Watched symbols with no price on this device yet: named, and each can still be unstarred. */
function WaitingRows({ symbols, onToggle }: { symbols: readonly string[]; onToggle: (symbol: string, watched: boolean) => void }) {
  const { t } = useLingui()
  const waiting = symbols.length
  return (
    <section className="card fav-waiting" data-testid="watchlist-waiting">
      <p className="muted">
        <Plural value={waiting} one="# symbol is waiting for its price." other="# symbols are waiting for their prices." />
      </p>
      <ul className="fav-waiting-list">
        {symbols.map((symbol) => (
          <li key={symbol} className="fav-waiting-row">
            <span className="qrow-code">{symbol}</span>
            <button type="button" className="star star--on" aria-pressed="true" aria-label={t`Remove ${symbol} from watchlist`} onClick={() => onToggle(symbol, true)}>
              <StarIcon filled />
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
