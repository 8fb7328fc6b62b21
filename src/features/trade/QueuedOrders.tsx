import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import { toast } from '../../app/toast'
import { type OutboxItem, type QuoteRow } from '../../data/db'
import { type PlaceOrderInput } from '../../data/trade'
import { formatDateTime } from '../../lib/dates'
import { translateRefusal } from '../../i18n/serverMessages'
import { errorText } from '../../app/errors'
import { useOnline } from '../../app/useOnline'
import { DIRECTION_NAMES, TYPE_NAMES, rupeePrice } from './labels'
import { confirmHeldOrder, discard, discardHeldOrder } from './actions'
import { useQuote } from './queries'
import { QuizLink } from './QuizLink'

/** The body of a queued /order/create, read defensively: it was stored by an older app version too. */
export function queuedOrderBody(item: OutboxItem): PlaceOrderInput | null {
  const b = item.body
  if (item.kind !== 'order.create' || typeof b.symbol !== 'string') return null
  return {
    symbol: b.symbol,
    direction: b.direction === 'short' ? 'short' : 'long',
    type: b.type === 'limit' ? 'limit' : 'market',
    price: typeof b.price === 'number' ? b.price : undefined,
    lots: typeof b.lots === 'number' ? b.lots : 0,
    leverage: typeof b.leverage === 'number' ? b.leverage : 1,
    dayTrading: b.dayTrading === true,
  }
}

/** The order id a queued cancel or close is about. */
export function queuedTargetId(item: OutboxItem): number | null {
  return (item.kind === 'order.cancel' || item.kind === 'order.close') && typeof item.body.id === 'number' ? item.body.id : null
}

/**
 * New orders not yet accepted by the server: queued (will send when online), held (a market
 * order that waited too long: confirm at the current price or discard) or refused.
 */
export function QueuedOrders({ items, quotes }: { items: OutboxItem[]; quotes: ReadonlyMap<string, QuoteRow> | undefined }) {
  const orders = items.map((item) => ({ item, body: queuedOrderBody(item) })).filter((x) => x.body !== null)
  if (orders.length === 0) return null
  return (
    <ul className="order-list" data-testid="queued-orders">
      {orders.map(({ item, body }) => (body ? <QueuedOrder key={item.key} item={item} body={body} quote={quotes?.get(body.symbol)} /> : null))}
    </ul>
  )
}

function QueuedOrder({ item, body, quote }: { item: OutboxItem; body: PlaceOrderInput; quote: QuoteRow | undefined }) {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const created = formatDateTime(item.createdAt)
  const priceScale = quote?.priceScale ?? 100
  const current = rupeePrice(quote?.price, priceScale)
  const lots = plural(body.lots, { one: '# lot', other: '# lots' })
  const direction = i18n._(DIRECTION_NAMES[body.direction])
  const type = i18n._(TYPE_NAMES[body.type])

  // One decision at a time: a confirm racing a discard's round trip would undo what it learns.
  const [busy, setBusy] = useState(false)
  async function decide(action: () => Promise<void>) {
    if (busy) return
    setBusy(true)
    try {
      await action()
    } catch (error) {
      // Offline, or the server still working on it: whether it was placed is not known yet, so it stays.
      toast.error(errorText(error))
    } finally {
      setBusy(false)
    }
  }
  const confirm = () =>
    decide(async () => {
      if (!(await confirmHeldOrder(item.key))) toast(t`This order is no longer waiting for confirmation.`)
    })
  const discardHeld = () =>
    decide(async () => {
      const outcome = await discardHeldOrder(item.key)
      if (outcome === 'placed') toast(t`This order had already reached the exchange: it is in your orders.`)
      else if (outcome === 'discarded') toast(t`Order discarded`)
    })

  async function discardQueued() {
    if (!(await discard(item.key))) toast(t`Already being sent: it can no longer be discarded.`)
  }

  return (
    <li className="order-card order-card--queued" data-testid="queued-order" data-state={item.state}>
      <div className="order-card-head">
        <strong className="order-card-symbol">{body.symbol}</strong>
        <span className={`pill pill--${body.direction}`}>{direction}</span>
        <span className="pill">{type}</span>
        <span className={`pill pill--${item.state === 'held' ? 'queued' : item.state}`}>
          {item.state === 'held' ? (
            <Trans>Needs confirmation</Trans>
          ) : item.state === 'failed' ? (
            <Trans>Refused</Trans>
          ) : item.state === 'sending' ? (
            <Trans>Sending…</Trans>
          ) : (
            <Trans>Queued</Trans>
          )}
        </span>
      </div>
      <p className="order-card-line muted">
        <Trans>{lots} · placed {created}</Trans>
        {body.type === 'limit' && body.price !== undefined ? ` · ${rupeePrice(body.price, priceScale)}` : null}
      </p>
      {item.state === 'queued' ? (
        <p className="order-card-note">{online ? <Trans>Queued, sending again shortly</Trans> : <Trans>Queued, will send when online</Trans>}</p>
      ) : null}
      {item.state === 'failed' && item.error ? (
        <p className="outbox-item-error">
          {translateRefusal(item.error)}
          {item.error.code === 'margin_trading_disabled' ? <> <QuizLink /></> : null}
        </p>
      ) : null}
      {item.state === 'held' ? (
        <>
          <p className="order-card-note" data-testid="held-note">
            <Trans>This market order waited too long to be sent. Confirm at current price {current}?</Trans>
          </p>
          <div className="order-card-actions">
            <button type="button" className="btn btn--small btn--ghost" onClick={() => void discardHeld()} disabled={busy} data-testid="held-discard">
              <Trans>Discard</Trans>
            </button>
            <button type="button" className="btn btn--small btn--primary" onClick={() => void confirm()} disabled={busy} data-testid="held-confirm" aria-label={t`Confirm at current price ${current}`}>
              <Trans>Confirm at {current}</Trans>
            </button>
          </div>
        </>
      ) : item.state === 'queued' || item.state === 'failed' ? (
        <div className="order-card-actions">
          <button type="button" className="btn btn--small btn--ghost" onClick={() => void discardQueued()}>
            <Trans>Discard</Trans>
          </button>
        </div>
      ) : null}
    </li>
  )
}

/** One line saying which order an outbox item is about (the outbox sheet's detail). */
export function QueuedOrderLine({ item }: { item: OutboxItem }) {
  const { i18n } = useLingui()
  const body = queuedOrderBody(item)
  const target = queuedTargetId(item)
  if (body) {
    const direction = i18n._(DIRECTION_NAMES[body.direction])
    const type = i18n._(TYPE_NAMES[body.type])
    const symbol = body.symbol
    const lots = plural(body.lots, { one: '# lot', other: '# lots' })
    return <p className="outbox-item-detail"><Trans>{symbol} · {direction} · {type} · {lots}</Trans></p>
  }
  if (target !== null) return <p className="outbox-item-detail"><Trans>Order {target}</Trans></p>
  return null
}

/** A held market order: the price it would now trade at, to confirm or discard. */
export function HeldOrderNote({ item }: { item: OutboxItem }) {
  const body = queuedOrderBody(item)
  const quote = useQuote(body?.symbol ?? '')
  if (!body) return null
  const current = rupeePrice(quote?.price, quote?.priceScale ?? 100)
  return (
    <p className="outbox-item-detail" data-testid="held-note">
      <Trans>This market order waited too long to be sent. Confirm at current price {current}?</Trans>
    </p>
  )
}
