import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { BackBar } from '../../app/BackBar'
import { useLoading } from '../../app/useLoading'
import { ChevronIcon } from '../../app/icons'
import { useLiveQuotes } from '../../app/useLiveQuotes'
import { stockListKey } from '../../data/market'
import { loadQuotes } from './actions'
import { useQuotes } from './queries'
import { BreadthCard } from './parts/Breadth'
import { IndexStrip } from './parts/IndexStrip'
import { Movers } from './parts/Movers'
import { SimulatedNote, Updated } from './parts/Updated'
import './market.css'

const TOP = 5

/** /home/market: the market at a glance — indices, breadth, top movers — and the ways in. */
export function OverviewScreen() {
  const stocks = useQuotes('stock', 'gainers')
  const loading = useLoading(() => loadQuotes('stock', 'gainers'))
  useLiveQuotes(stocks?.map((q) => q.symbol) ?? [])
  return (
    <div className="mkt">
      <BackBar title={<Trans>Market overview</Trans>} />
      <div className="mkt-head">
        <IndexStrip />
      </div>
      <div className="page mkt-page">
        <Updated syncKey={stockListKey('stock', 'gainers')} loading={loading} />
        <ul className="menu">
          <Entry to="/market/index"><Trans>All quotes</Trans></Entry>
          <Entry to="/home/zhishu"><Trans>Indices</Trans></Entry>
          <Entry to="/market/marketZhiBiao"><Trans>Indicators and breadth</Trans></Entry>
          <Entry to="/favorite/index"><Trans>My watchlist</Trans></Entry>
          <Entry to="/market/marketQuestion"><Trans>Trading rules</Trans></Entry>
        </ul>
        {stocks && stocks.length > 0 ? <BreadthCard stocks={stocks} /> : null}
        <Movers stocks={stocks} loading={loading} top={TOP} more={<Link to="/market/marketTeshe" className="link mkt-all"><Trans>More</Trans></Link>} />
        <SimulatedNote />
      </div>
    </div>
  )
}

function Entry({ to, children }: { to: '/market/index' | '/home/zhishu' | '/market/marketZhiBiao' | '/favorite/index' | '/market/marketQuestion'; children: React.ReactNode }) {
  return (
    <li className="menu-item">
      <Link to={to} className="menu-link">
        <span className="menu-link-text">{children}</span>
        <ChevronIcon className="menu-chevron" />
      </Link>
    </li>
  )
}
