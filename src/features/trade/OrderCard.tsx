import { type ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import { type OrderRow, type QuoteRow } from '../../data/db'
import { formatMoney } from '../../lib/money'
import { formatDateTime } from '../../lib/dates'
import { ChevronIcon } from '../../app/icons'
import { DIRECTION_NAMES, STATUS_NAMES, formatQuantity, headlinePrice, priceScaleOf, rupeePrice } from './labels'
import { valuationOf, type HoldingItem } from './positions'

/** A signed amount of paise, coloured by sign: +₹12.00 / -₹3.40. */
export function Pnl({ paise, testId }: { paise: number | undefined | null; testId?: string }) {
  if (paise === undefined || paise === null) return <span className="pnl" data-testid={testId}>—</span>
  const cls = paise > 0 ? 'pnl up' : paise < 0 ? 'pnl down' : 'pnl'
  return <span className={cls} data-testid={testId}>{`${paise > 0 ? '+' : ''}${formatMoney(paise)}`}</span>
}

/** One order or position in a list: what, how much, at what price, and its value now. */
export function OrderCard({
  order,
  quote,
  queuedAction,
  action,
}: {
  order: OrderRow
  quote: QuoteRow | undefined
  queuedAction?: 'cancel' | 'close'
  action?: ReactNode
}) {
  const { i18n } = useLingui()
  const scale = priceScaleOf(order.kind, quote)
  const value = valuationOf(order, quote)
  const quantity = formatQuantity(order.quantity, order.quantityScale)
  const lots = order.lots
  const placed = formatDateTime(order.createdAt)
  const ended = order.status === 'closed' || order.status === 'cancelled'
  const headline = headlinePrice(order)
  return (
    <li className="order-item">
      <Link to="/trade/positionDetail" search={{ id: order.id }} className="order-card" data-testid="order-card" data-status={order.status} data-id={order.id}>
        <div className="order-card-head">
          <strong className="order-card-symbol">{order.symbol}</strong>
          <span className={`pill pill--${order.direction}`}>{i18n._(DIRECTION_NAMES[order.direction])}</span>
          {order.dayTrading ? <span className="pill"><Trans context="day trading">Day</Trans></span> : null}
          <span className={`pill pill--status-${order.status}`} data-testid="order-status">{i18n._(STATUS_NAMES[order.status])}</span>
          {queuedAction ? (
            <span className="pill pill--queued">{queuedAction === 'cancel' ? <Trans>Cancel queued</Trans> : <Trans>Close queued</Trans>}</span>
          ) : null}
          <ChevronIcon className="menu-chevron order-card-chevron" />
        </div>
        <span className="order-card-name muted">{order.name}</span>
        <dl className="order-card-grid">
          <div>
            <dt><Trans>Lots</Trans></dt>
            <dd><Trans>{lots} ({quantity})</Trans></dd>
          </div>
          <div data-testid="order-headline-price" data-kind={headline.kind}>
            <dt>{headline.kind === 'limit' ? <Trans>Limit</Trans> : <Trans>Open price</Trans>}</dt>
            <dd>{rupeePrice(headline.price, scale)}</dd>
          </div>
          {ended && headline.kind === 'limit' ? null : ended ? (
            <>
              <div>
                <dt><Trans>Close price</Trans></dt>
                <dd>{rupeePrice(order.exitPrice, scale)}</dd>
              </div>
              <div>
                <dt><Trans>Profit/loss</Trans></dt>
                <dd><Pnl paise={order.pnl} testId="order-pnl" /></dd>
              </div>
            </>
          ) : order.status === 'pending' ? (
            <>
              <div>
                <dt><Trans>Price now</Trans></dt>
                <dd>{rupeePrice(quote?.price, scale)}</dd>
              </div>
              <div>
                <dt><Trans>Frozen</Trans></dt>
                <dd>{formatMoney(order.margin + order.fee + order.stampDuty)}</dd>
              </div>
            </>
          ) : (
            <>
              <div>
                <dt><Trans>Market value</Trans></dt>
                <dd>{value ? formatMoney(value.marketValue) : '—'}</dd>
              </div>
              <div>
                <dt><Trans>Profit/loss</Trans></dt>
                <dd><Pnl paise={value?.pnl} testId="order-pnl" /></dd>
              </div>
            </>
          )}
        </dl>
        <span className="order-card-time muted">
          {order.type === 'limit' ? <Trans>Limit order · {placed}</Trans> : <Trans>Market order · {placed}</Trans>}
        </span>
      </Link>
      {action}
    </li>
  )
}

/** One instrument and direction of the open positions, summed. */
export function HoldingCard({ item, priceScale }: { item: HoldingItem; priceScale: number }) {
  const { i18n } = useLingui()
  const quantity = formatQuantity(item.quantity, item.quantityScale)
  const lots = item.lots
  const count = plural(item.positions, { one: '# position', other: '# positions' })
  return (
    <li className="order-card" data-testid="holding-item">
      <div className="order-card-head">
        <strong className="order-card-symbol">{item.symbol}</strong>
        <span className={`pill pill--${item.direction}`}>{i18n._(DIRECTION_NAMES[item.direction])}</span>
        <span className="muted">{count}</span>
      </div>
      <span className="order-card-name muted">{item.name}</span>
      <dl className="order-card-grid">
        <div>
          <dt><Trans>Lots</Trans></dt>
          <dd><Trans>{lots} ({quantity})</Trans></dd>
        </div>
        <div>
          <dt><Trans>Average price</Trans></dt>
          <dd>{rupeePrice(item.averagePrice, priceScale)}</dd>
        </div>
        <div>
          <dt><Trans>Margin</Trans></dt>
          <dd>{formatMoney(item.margin)}</dd>
        </div>
        <div>
          <dt><Trans>Market value</Trans></dt>
          <dd>{item.marketValue === undefined ? '—' : formatMoney(item.marketValue)}</dd>
        </div>
        <div>
          <dt><Trans>Profit/loss</Trans></dt>
          <dd><Pnl paise={item.pnl} /></dd>
        </div>
      </dl>
    </li>
  )
}

