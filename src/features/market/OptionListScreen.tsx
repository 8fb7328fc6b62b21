import { Link, getRouteApi } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { BackBar } from '../../app/BackBar'
import { useSessionAccount } from '../../app/queries'
import { useLoading } from '../../app/useLoading'
import { type InstrumentKind } from '../../data/db'
import { stockListKey } from '../../data/market'
import { useToggleWatch } from '../watchlist/useToggleWatch'
import { useWatchedSet } from '../watchlist/queries'
import { loadQuotes } from './actions'
import { useQuotes } from './queries'
import { QuoteList } from './parts/QuoteList'
import { SimulatedNote, Updated } from './parts/Updated'
import './market.css'

const route = getRouteApi('/market/optionList')

/** Every instrument of one kind, each with its watchlist star. */
export function OptionListScreen() {
  const { kind } = route.useSearch()
  const account = useSessionAccount()
  const watched = useWatchedSet(account)
  const quotes = useQuotes(kind)
  const loading = useLoading(() => loadQuotes(kind), kind)
  const onToggle = useToggleWatch()
  return (
    <div className="mkt">
      <BackBar title={<Trans>Add to watchlist</Trans>} />
      <KindChips kind={kind} />
      <div className="page mkt-page">
        <Updated syncKey={stockListKey(kind, 'symbol')} loading={loading} />
        <QuoteList quotes={quotes} loading={loading} watched={account ? (watched ?? new Set()) : undefined} onToggle={account ? onToggle : undefined} />
        <SimulatedNote />
      </div>
    </div>
  )
}

function KindChips({ kind }: { kind: InstrumentKind }) {
  const chip = (k: InstrumentKind, label: React.ReactNode) => (
    <Link to="/market/optionList" search={{ kind: k }} replace className={`mkt-tab${k === kind ? ' mkt-tab--on' : ''}`} aria-current={k === kind ? 'page' : undefined}>
      {label}
    </Link>
  )
  return (
    <nav className="mkt-tabs mkt-tabs--bar">
      {chip('stock', <Trans>Stocks</Trans>)}
      {chip('index', <Trans>Indices</Trans>)}
      {chip('forex', <Trans>Currency pairs</Trans>)}
      {chip('crypto', <Trans>Digital currencies</Trans>)}
    </nav>
  )
}
