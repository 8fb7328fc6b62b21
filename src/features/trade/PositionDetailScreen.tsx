import { type ReactNode, useEffect, useState } from 'react'
import { getRouteApi } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import { toast } from '../../app/toast'
import { type OrderRow, type OrderStatus } from '../../data/db'
import { formatMoney } from '../../lib/money'
import { formatDateTime } from '../../lib/dates'
import { BackBar } from '../../app/BackBar'
import { ConfirmDialog } from '../../app/ConfirmDialog'
import { errorText } from '../../app/errors'
import { useOnline } from '../../app/useOnline'
import { useSessionAccount } from '../../app/queries'
import { useLiveQuotes } from '../../app/useLiveQuotes'
import { useLoading } from '../../app/useLoading'
import { CLOSE_REASONS, DIRECTION_NAMES, STATUS_NAMES, TYPE_NAMES, formatQuantity, isOpen, priceScaleOf, rupeePrice } from './labels'
import { Pnl } from './OrderCard'
import { valuationOf } from './positions'
import { queuedTargetId } from './QueuedOrders'
import { useOrder, useOrderOutbox, useQuote } from './queries'
import { cancelOrder, closePosition, refreshTrade } from './actions'
import './trade.css'

const route = getRouteApi('/trade/positionDetail')

/**
 * The status as of now: the server sends "locked" until unlockAt, and a row read from Dexie later
 * may still say so after the lock has run out.
 */
export function statusNow(order: Pick<OrderRow, 'status' | 'unlockAt'>, now: number): OrderStatus {
  if (order.status === 'locked' && order.unlockAt !== null && order.unlockAt <= now) return 'holding'
  return order.status
}

/** Every field of one order and the position it opened, with Close or Cancel. */
export function PositionDetailScreen() {
  const id = route.useSearch({ select: (s) => s.id })
  const account = useSessionAccount()
  const order = useOrder(account, id)
  const loading = useLoading(refreshTrade, String(id))

  return (
    <div className="trade">
      <BackBar title={order ? order.symbol : <Trans>Position</Trans>} />
      <div className="page">
        {order === undefined || (order === null && loading) ? (
          <div className="card" aria-hidden="true">
            <span className="skeleton skeleton--title" />
            <span className="skeleton skeleton--line" />
            <span className="skeleton skeleton--line" />
          </div>
        ) : order === null ? (
          <div className="card empty-state" data-testid="position-missing">
            <p><Trans>This order is not on this device.</Trans></p>
            <p className="muted"><Trans>It appears once the app has been online.</Trans></p>
          </div>
        ) : (
          <PositionDetail order={order} />
        )}
      </div>
    </div>
  )
}

function PositionDetail({ order }: { order: OrderRow }) {
  const { t, i18n } = useLingui()
  const account = useSessionAccount()
  const quote = useQuote(order.symbol)
  const outbox = useOrderOutbox(account)
  const [now, setNow] = useState(() => Date.now())
  const [asking, setAsking] = useState<'close' | 'cancel' | null>(null)
  // From the confirmation until the outbox shows the request: no second one meanwhile.
  const [submitting, setSubmitting] = useState(false)
  const live = isOpen(order) || order.status === 'pending'
  useLiveQuotes(live ? [order.symbol] : [])

  // Re-render when the lock runs out, so Close enables itself at that moment.
  useEffect(() => {
    if (order.unlockAt === null || order.unlockAt <= now) return undefined
    const timer = setTimeout(() => setNow(Date.now()), Math.min(order.unlockAt - now + 50, 60_000))
    return () => clearTimeout(timer)
  }, [order.unlockAt, now])

  const status = statusNow(order, now)
  const scale = priceScaleOf(order.kind, quote)
  const value = valuationOf({ ...order, status }, quote ?? undefined)
  const queued = (outbox ?? []).find((item) => queuedTargetId(item) === order.id && item.state !== 'failed')
  const long = order.direction === 'long'
  const openTime = order.openedAt === null ? '—' : formatDateTime(order.openedAt)
  const closeTime = order.closedAt === null ? '—' : formatDateTime(order.closedAt)
  const buy = long ? { price: order.entryPrice, time: openTime } : { price: order.exitPrice, time: closeTime }
  const sell = long ? { price: order.exitPrice, time: closeTime } : { price: order.entryPrice, time: openTime }
  const fees = order.fee + (order.closeFee ?? 0)
  const tax = order.stampDuty + (order.closeStampDuty ?? 0)
  const unlock = order.unlockAt === null ? null : formatDateTime(order.unlockAt)
  const squareOff = order.squareOffAt === null ? null : formatDateTime(order.squareOffAt)
  const lots = plural(order.lots, { one: '# lot', other: '# lots' })
  const quantity = formatQuantity(order.quantity, order.quantityScale)
  const placed = formatDateTime(order.createdAt)

  async function act(kind: 'close' | 'cancel') {
    setAsking(null)
    if (submitting) return
    setSubmitting(true)
    try {
      await (kind === 'close' ? closePosition(order.id) : cancelOrder(order.id))
      if (!navigator.onLine) toast(t`Queued, will send when online`)
    } catch (error) {
      toast.error(errorText(error))
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <>
      <section className="card position-head" data-testid="position-detail" data-status={status}>
        <div className="order-card-head">
          <strong className="order-card-symbol">{order.symbol}</strong>
          <span className={`pill pill--${order.direction}`}>{i18n._(DIRECTION_NAMES[order.direction])}</span>
          <span className={`pill pill--status-${status}`} data-testid="position-status">{i18n._(STATUS_NAMES[status])}</span>
          {order.dayTrading ? <span className="pill"><Trans>Day trading</Trans></span> : null}
        </div>
        <span className="muted">{order.name}</span>
        <div className="position-pnl">
          <span className="muted">{isOpen({ status }) ? <Trans>Unrealised profit/loss</Trans> : <Trans>Profit/loss</Trans>}</span>
          <strong><Pnl paise={isOpen({ status }) ? value?.pnl : order.pnl} testId="position-pnl" /></strong>
        </div>
      </section>

      <section className="card">
        <dl className="kv" data-testid="position-facts">
          <Row term={<Trans>Order number</Trans>} testId="fact-order-no">{order.orderNo}</Row>
          <Row term={<Trans>Type</Trans>}>{i18n._(TYPE_NAMES[order.type])}</Row>
          <Row term={<Trans>Direction</Trans>}>{i18n._(DIRECTION_NAMES[order.direction])}</Row>
          <Row term={<Trans>Status</Trans>}>
            {i18n._(STATUS_NAMES[status])}
            {order.closeReason ? ` · ${i18n._(CLOSE_REASONS[order.closeReason])}` : ''}
          </Row>
          <Row term={<Trans>Placed</Trans>}>{placed}</Row>
          {order.limitPrice !== null ? <Row term={<Trans>Limit price</Trans>}>{rupeePrice(order.limitPrice, scale)}</Row> : null}
          <Row term={<Trans>Buy price</Trans>} testId="fact-buy-price">{rupeePrice(buy.price, scale)}</Row>
          <Row term={<Trans>Buy time</Trans>}>{buy.price === null ? '—' : buy.time}</Row>
          <Row term={<Trans>Sell price</Trans>} testId="fact-sell-price">{rupeePrice(sell.price, scale)}</Row>
          <Row term={<Trans>Sell time</Trans>}>{sell.price === null ? '—' : sell.time}</Row>
          <Row term={<Trans>Quantity</Trans>}><Trans>{lots} ({quantity})</Trans></Row>
          <Row term={<Trans>Contract amount</Trans>}>{formatMoney(order.contractAmount)}</Row>
          <Row term={<Trans>Leverage</Trans>}>{`${order.leverage}×`}</Row>
          <Row term={<Trans>Margin</Trans>}>{formatMoney(order.margin)}</Row>
          <Row term={<Trans>Price now</Trans>}>{rupeePrice(quote?.price, scale)}</Row>
          <Row term={<Trans>Market value</Trans>} testId="fact-market-value">{value ? formatMoney(value.marketValue) : '—'}</Row>
          <Row term={<Trans>Profit/loss</Trans>}><Pnl paise={isOpen({ status }) ? value?.pnl : order.pnl} /></Row>
          <Row term={<Trans>Handling fees</Trans>}>{formatMoney(fees)}</Row>
          <Row term={<Trans>Tax (stamp duty)</Trans>}>{formatMoney(tax)}</Row>
          {order.cashReturned !== null ? <Row term={<Trans>Cash returned</Trans>}>{formatMoney(order.cashReturned)}</Row> : null}
          <Row term={<Trans>Lock</Trans>} testId="fact-lock">
            {unlock === null ? '—' : status === 'locked' ? <Trans>Locked until {unlock}</Trans> : <Trans>Unlocked since {unlock}</Trans>}
          </Row>
          <Row term={<Trans>Stop-out price</Trans>}>{rupeePrice(order.stopOutPrice, scale)}</Row>
          <Row term={<Trans>Square-off time</Trans>}>{squareOff ?? '—'}</Row>
        </dl>
      </section>

      <PositionActions order={order} status={status} unlock={unlock} queued={queued !== undefined || submitting} onAsk={setAsking} />

      <ConfirmDialog
        open={asking === 'close'}
        title={<Trans>Close this position?</Trans>}
        confirmLabel={<Trans>Close position</Trans>}
        danger
        onConfirm={() => void act('close')}
        onCancel={() => setAsking(null)}
      >
        <p><Trans>It is closed at the market price when the request reaches the exchange.</Trans></p>
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'cancel'}
        title={<Trans>Cancel this order?</Trans>}
        confirmLabel={<Trans>Cancel order</Trans>}
        cancelLabel={<Trans>Keep order</Trans>}
        danger
        onConfirm={() => void act('cancel')}
        onCancel={() => setAsking(null)}
      >
        <p><Trans>The pending limit order is withdrawn and its frozen margin and fees are released.</Trans></p>
      </ConfirmDialog>
    </>
  )
}

function PositionActions({
  order,
  status,
  unlock,
  queued,
  onAsk,
}: {
  order: OrderRow
  status: OrderStatus
  unlock: string | null
  queued: boolean
  onAsk: (kind: 'close' | 'cancel') => void
}) {
  const online = useOnline()
  if (queued) {
    return (
      <p className="order-queued" role="status" data-testid="position-queued">
        {online ? <Trans>Sending your request…</Trans> : <Trans>Your request is queued and will be sent when online.</Trans>}
      </p>
    )
  }
  if (status === 'pending') {
    return (
      <button type="button" className="btn btn--large btn--block btn--outline" onClick={() => onAsk('cancel')} data-testid="position-cancel">
        <Trans>Cancel order</Trans>
      </button>
    )
  }
  if (!isOpen({ status })) return null
  const locked = status === 'locked'
  const closing = status === 'preparing_to_close'
  return (
    <div className="order-submit">
      {locked && unlock ? (
        <p className="field-hint" data-testid="close-reason"><Trans>Locked until {unlock}: the position can be closed after its lock.</Trans></p>
      ) : closing ? (
        <p className="field-hint"><Trans>Closing: it is settled at the next price.</Trans></p>
      ) : null}
      <button
        type="button"
        className="btn btn--large btn--block btn--danger"
        disabled={locked || closing}
        onClick={() => onAsk('close')}
        data-testid="position-close"
      >
        <Trans>Close position</Trans>
      </button>
      {order.dayTrading && status === 'holding' ? (
        <p className="muted"><Trans>A day-trading position is also squared off automatically at the cut-off.</Trans></p>
      ) : null}
    </div>
  )
}

function Row({ term, children, testId }: { term: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  )
}
