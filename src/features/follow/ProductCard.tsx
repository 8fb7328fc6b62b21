import { type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { type FollowProduct } from '../../data/follow'
import { formatDateTime } from '../../lib/dates'
import { formatMoney } from '../../lib/money'
import { intlLocale, normalizeLanguage } from '../../i18n/languages'
import { MetricsList } from './Metrics'
import { formatBps, formatNav, fullnessBps, isOpen } from './rules'
import { strategyKind } from './strategyRule'

/** One product as the list shows it: its rules, how full it is, its NAV now and its measured figures. */
export function ProductCard({ product: p, now }: { product: FollowProduct; now: number }) {
  const { i18n } = useLingui()
  const locale = intlLocale(normalizeLanguage(i18n.locale))
  const number = p.number
  const kind = i18n._(strategyKind(p.strategyCode))
  const minAmount = formatMoney(p.minAmount)
  const fundSize = formatMoney(p.fundSize)
  const invested = formatMoney(p.invested)
  const full = formatBps(fullnessBps(p), { locale })
  const investors = p.investors.toLocaleString(locale)
  const deadline = formatDateTime(p.deadline)
  const nav = formatNav(p.nav)
  const navAt = formatDateTime(p.navAt)
  return (
    <article className="card follow-card" data-testid="follow-product" data-id={p.id} data-number={p.number} data-status={isOpen(p, now) ? 'open' : p.status === 'open' ? 'closed' : p.status}>
      <header className="follow-card-head">
        <div>
          <strong className="follow-name">{p.name}</strong>
          <span className="muted"> <Trans>No. {number} · {kind}</Trans></span>
        </div>
        <ProductStatus product={p} now={now} />
      </header>
      <dl className="follow-facts">
        <Fact label={<Trans>NAV now</Trans>}><span data-testid="follow-nav">{nav}</span> <span className="muted follow-at">{navAt}</span></Fact>
        <Fact label={<Trans>Minimum amount</Trans>}>{minAmount}</Fact>
        <Fact label={<Trans>Fund size</Trans>}><Trans>{invested} of {fundSize} ({full} full)</Trans></Fact>
        <Fact label={<Trans>Investors</Trans>}>{investors}</Fact>
        <Fact label={<Trans>Deadline</Trans>}>{deadline}</Fact>
        <Fact label={<Trans>Lock</Trans>}><LockText product={p} /></Fact>
      </dl>
      <div className="follow-bar" aria-hidden="true"><span style={{ width: `${fullnessBps(p) / 100}%` }} /></div>
      <MetricsList metrics={p.metrics} />
      <div className="follow-actions">
        <Link to="/home/fllowDetail" search={{ id: p.id }} className={isOpen(p, now) ? 'btn btn--primary' : 'btn'} data-testid="follow-open">
          {isOpen(p, now) ? <Trans>Details and invest</Trans> : <Trans>Details</Trans>}
        </Link>
      </div>
    </article>
  )
}

export function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="follow-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

/** "1 minute" or "30 days" after investing. */
export function LockText({ product }: { product: Pick<FollowProduct, 'lockUnit' | 'lockCount'> }) {
  const count = product.lockCount
  if (count === 0) return <Trans>None: redeem any time</Trans>
  return product.lockUnit === 'minute' ? <Trans>{count} minute(s) after investing</Trans> : <Trans>{count} day(s) after investing</Trans>
}

export function ProductStatus({ product, now }: { product: Pick<FollowProduct, 'status' | 'deadline'>; now: number }) {
  // "Open" and "Closed" also name the market's session: here they say whether money is taken.
  if (isOpen(product, now)) return <span className="pill pill--ok"><Trans context="copy-trading product">Open</Trans></span>
  if (product.status === 'full') return <span className="pill pill--queued"><Trans>Full</Trans></span>
  return <span className="pill"><Trans context="copy-trading product">Closed</Trans></span>
}
