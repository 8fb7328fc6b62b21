import { Trans } from '@lingui/react/macro'
import { BackBar } from '../../app/BackBar'
import { useLoading } from '../../app/useLoading'
import { useLiveQuotes } from '../../app/useLiveQuotes'
import { stockListKey } from '../../data/market'
import { loadQuotes } from './actions'
import { useQuotes } from './queries'
import { IndexFacts } from './IndicatorsScreen'
import { QuoteSkeleton } from './parts/QuoteList'
import { SimulatedNote, Updated } from './parts/Updated'
import './market.css'

/** /home/zhishu: the indices, live, each opening its detail. */
export function IndicesScreen() {
  const indices = useQuotes('index')
  const loading = useLoading(() => loadQuotes('index'))
  useLiveQuotes(indices?.map((q) => q.symbol) ?? [])
  return (
    <div className="mkt">
      <BackBar title={<Trans>Indices</Trans>} />
      <div className="page mkt-page">
        <Updated syncKey={stockListKey('index', 'symbol')} loading={loading} />
        {indices === undefined || (indices.length === 0 && loading) ? (
          <QuoteSkeleton rows={3} />
        ) : indices.length === 0 ? (
          <p className="card empty"><Trans>No index levels on this device yet. They appear once the app has been online.</Trans></p>
        ) : (
          indices.map((q) => <IndexFacts key={q.symbol} quote={q} />)
        )}
        <p className="muted">
          <Trans>Indices are computed from their simulated members by free-float market value; SENSEX uses the same free-float factors as NIFTY and NIFTY BANK is not capped, so all three approximate the official indices.</Trans>
        </p>
        <SimulatedNote />
      </div>
    </div>
  )
}
