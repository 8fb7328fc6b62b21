import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { BackBar } from '../../app/BackBar'
import { useLoading } from '../../app/useLoading'
import { useNow } from '../../app/useNow'
import { formatDateTime } from '../../lib/dates'
import { refreshProducts } from './actions'
import { SimulatedNote } from './Metrics'
import { ProductCard } from './ProductCard'
import { useProducts, useProductsSynced, useRefreshEvery } from './queries'
import { isOpen } from './rules'
import './follow.css'

/**
 * /home/fllow: the copy-trading products, those open for money first (then by number), each with its rules, its
 * NAV now and its measured figures (maximum drawdown before return). From Dexie, offline too.
 */
export function FollowScreen() {
  const now = useNow(5_000)
  const products = useProducts()
  const synced = useProductsSynced()
  const loading = useLoading(() => refreshProducts())
  useRefreshEvery(() => refreshProducts(), 10_000)
  const when = synced ? formatDateTime(synced) : null
  const shown = products ? [...products].sort((a, b) => Number(isOpen(b, now)) - Number(isOpen(a, now)) || a.number.localeCompare(b.number)) : products
  return (
    <div className="follow">
      <BackBar title={<Trans>Copy trading</Trans>} />
      <p className="list-updated" role="status" data-testid="follow-updated">
        {when ? <Trans>Last updated {when}</Trans> : loading ? <Trans>Loading…</Trans> : <Trans>Not updated yet</Trans>}
      </p>
      <div className="page">
        <p className="follow-links">
          <Link to="/home/fllowRecord" className="link" data-testid="follow-records-link"><Trans>My investments</Trans></Link>
          <Link to="/home/qcList" className="link" data-testid="follow-strategies-link"><Trans>The strategies</Trans></Link>
        </p>
        <SimulatedNote />
        {shown === undefined || (shown === null && loading) ? (
          <div className="card" aria-busy="true"><span className="skeleton skeleton--title" /><span className="skeleton skeleton--line" /></div>
        ) : shown === null ? (
          <div className="card empty-state"><p><Trans>The products show here once the app has been online.</Trans></p></div>
        ) : shown.length === 0 ? (
          <div className="card empty-state" data-testid="follow-empty"><p><Trans>No copy-trading products right now.</Trans></p></div>
        ) : (
          shown.map((product) => <ProductCard key={product.id} product={product} now={now} />)
        )}
      </div>
    </div>
  )
}
