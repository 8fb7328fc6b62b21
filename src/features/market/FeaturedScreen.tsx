import { useLoading } from '../../app/useLoading'
import { stockListKey } from '../../data/market'
import { loadQuotes } from './actions'
import { useQuotes } from './queries'
import { MarketFrame } from './MarketScreen'
import { Movers } from './parts/Movers'
import { Updated } from './parts/Updated'
import './market.css'

const TOP = 10

/** Featured: the day's biggest gainers and losers among the stocks, live. */
export function FeaturedScreen() {
  const gainers = useQuotes('stock', 'gainers')
  const loading = useLoading(() => loadQuotes('stock', 'gainers'))
  return (
    <MarketFrame tab="featured">
      <Updated syncKey={stockListKey('stock', 'gainers')} loading={loading} />
      <Movers stocks={gainers} loading={loading} top={TOP} />
    </MarketFrame>
  )
}
