import { type ReactNode, useMemo, useState } from 'react'
import { Link, getRouteApi } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { toast } from '../../app/toast'
import { type OrderRow, type OutboxItem, type QuoteRow } from '../../data/db'
import { ordersKey } from '../../data/trade'
import { formatMoney } from '../../lib/money'
import { formatDateTime } from '../../lib/dates'
import { TitleBar } from '../../app/BackBar'
import { ConfirmDialog } from '../../app/ConfirmDialog'
import { errorText } from '../../app/errors'
import { useLastSynced, useSessionAccount } from '../../app/queries'
import { useLiveQuotes } from '../../app/useLiveQuotes'
import { useLoading } from '../../app/useLoading'
import { HoldingCard, OrderCard, Pnl } from './OrderCard'
import { QueuedOrders, queuedOrderBody, queuedTargetId } from './QueuedOrders'
import { isOpen, priceScaleOf } from './labels'
import { holdingItems, holdingsSummary, ordersOfTab } from './positions'
import { TRADE_TABS, type TradeTab } from './tabs'
import { useOrderOutbox, useOrders, useQuotes } from './queries'
import { cancelOrder, refreshTrade } from './actions'
import './trade.css'

const route = getRouteApi('/trade/index')

const TAB_NAMES: Record<TradeTab, MessageDescriptor> = {
  open: msg`In progress`,
  pending: msg`Pending order`,
  ended: msg`Ended`,
  holding: msg`Holding items`,
  crypto: msg`Digital currency`,
  forex: msg`Forex`,
}

/** The trade tab: positions and orders from Dexie, valued live from the quote stream; works offline. */
export function TradeScreen() {
  const { t, i18n } = useLingui()
  const tab = route.useSearch({ select: (s) => s.tab })
  const loaded = route.useLoaderData()
  const account = useSessionAccount()
  // The loader's read is the first render's rows (offline too), until the live read answers.
  const who = account === undefined ? loaded.account : account
  const orders = useOrders(who, who === loaded.account ? loaded.orders : undefined)
  const outbox = useOrderOutbox(account)
  const synced = useLastSynced(account ? ordersKey(account) : null)
  const when = synced ? formatDateTime(synced) : null
  const loading = useLoading(refreshTrade, account ?? '')

  const shown = useMemo(() => ordersOfTab(orders ?? [], tab), [orders, tab])
  const newOrders = useMemo(() => (outbox ?? []).filter((item) => showsQueued(item, tab)), [outbox, tab])
  // Every open position's symbol, whatever the tab: the holdings summary values them all.
  const symbols = useMemo(() => {
    const set = new Set([...shown, ...(orders ?? []).filter(isOpen)].filter((o) => o.status !== 'closed' && o.status !== 'cancelled').map((o) => o.symbol))
    for (const item of newOrders) {
      const body = queuedOrderBody(item)
      if (body) set.add(body.symbol)
    }
    return [...set].sort()
  }, [shown, orders, newOrders])
  useLiveQuotes(symbols)
  const quotes = useQuotes(symbols)

  return (
    <div className="trade">
      <TitleBar title={<Trans>Trade</Trans>} />
      <nav className="tabs" aria-label={t`Orders`}>
        {TRADE_TABS.map((name) => (
          <Link
            key={name}
            to="/trade/index"
            search={{ tab: name }}
            replace
            className={name === tab ? 'tab tab--on' : 'tab'}
            aria-current={name === tab ? 'page' : undefined}
            data-testid={`trade-tab-${name}`}
          >
            {i18n._(TAB_NAMES[name])}
          </Link>
        ))}
      </nav>
      <p className="list-updated" role="status" data-testid="trade-updated">
        {when ? <Trans>Last updated {when}</Trans> : loading ? <Trans>Loading…</Trans> : <Trans>Not updated yet</Trans>}
      </p>
      <div className="page trade-page">
        <HoldingsCard orders={orders} quotes={quotes} />
        <QueuedOrders items={newOrders} quotes={quotes} />
        {orders === undefined || (orders.length === 0 && loading && newOrders.length === 0) ? (
          <ListSkeleton />
        ) : shown.length === 0 && newOrders.length === 0 ? (
          <EmptyTab tab={tab} />
        ) : tab === 'holding' ? (
          <ul className="order-list" data-testid="holding-list">
            {holdingItems(shown, quotes ?? new Map()).map((item) => (
              <HoldingCard key={item.key} item={item} priceScale={priceScaleOf(item.kind, quotes?.get(item.symbol))} />
            ))}
          </ul>
        ) : (
          <OrderList orders={shown} quotes={quotes} outbox={outbox ?? []} />
        )}
      </div>
    </div>
  )
}

/** Which queued new orders a tab shows: market orders where positions are, limit orders with pending. */
function showsQueued(item: OutboxItem, tab: TradeTab): boolean {
  const body = queuedOrderBody(item)
  if (!body) return false
  if (tab === 'pending') return body.type === 'limit'
  return tab === 'open' && body.type === 'market'
}

function OrderList({ orders, quotes, outbox }: { orders: OrderRow[]; quotes: ReadonlyMap<string, QuoteRow> | undefined; outbox: OutboxItem[] }) {
  const { t } = useLingui()
  const [cancelling, setCancelling] = useState<OrderRow | null>(null)
  const queued = new Map<number, 'cancel' | 'close'>()
  for (const item of outbox) {
    const id = queuedTargetId(item)
    if (id !== null && item.state !== 'failed') queued.set(id, item.kind === 'order.cancel' ? 'cancel' : 'close')
  }

  async function cancel(order: OrderRow) {
    setCancelling(null)
    try {
      await cancelOrder(order.id)
      if (!navigator.onLine) toast(t`Queued, will send when online`)
    } catch (error) {
      toast.error(errorText(error))
    }
  }

  const symbol = cancelling?.symbol ?? ''
  return (
    <>
      <ul className="order-list" data-testid="order-list">
        {orders.map((order) => (
          <OrderCard
            key={order.id}
            order={order}
            quote={quotes?.get(order.symbol)}
            queuedAction={queued.get(order.id)}
            action={
              order.status === 'pending' && !queued.has(order.id) ? (
                <button type="button" className="btn btn--small btn--outline order-row-action" onClick={() => setCancelling(order)} data-testid="order-cancel">
                  <Trans>Cancel order</Trans>
                </button>
              ) : null
            }
          />
        ))}
      </ul>
      <ConfirmDialog
        open={cancelling !== null}
        title={<Trans>Cancel this order?</Trans>}
        confirmLabel={<Trans>Cancel order</Trans>}
        cancelLabel={<Trans>Keep order</Trans>}
        danger
        onConfirm={() => cancelling && void cancel(cancelling)}
        onCancel={() => setCancelling(null)}
      >
        <p><Trans>The pending limit order for {symbol} is withdrawn and its frozen margin and fees are released.</Trans></p>
      </ConfirmDialog>
    </>
  )
}

/** Invested, current value, day's and total P&L of the open positions (holdingsSummary), dated by their quotes. */
function HoldingsCard({ orders, quotes }: { orders: OrderRow[] | undefined; quotes: ReadonlyMap<string, QuoteRow> | undefined }) {
  const summary = useMemo(() => holdingsSummary(orders ?? [], quotes ?? new Map()), [orders, quotes])
  if (summary.positions === 0) return null
  const pricedAt = summary.pricedAt === undefined ? null : formatDateTime(summary.pricedAt)
  return (
    <section
      className="card trade-summary"
      data-testid="trade-summary"
      data-positions={summary.positions}
      data-invested={summary.invested}
      data-current-value={summary.currentValue}
      data-day-pnl={summary.dayPnl}
      data-total-pnl={summary.totalPnl}
    >
      <Summary label={<Trans>Invested</Trans>} testId="trade-invested">{formatMoney(summary.invested)}</Summary>
      <Summary label={<Trans>Current value</Trans>} testId="trade-current-value">{summary.currentValue === undefined ? '—' : formatMoney(summary.currentValue)}</Summary>
      <Summary label={<Trans>Day's P&L</Trans>}><Pnl paise={summary.dayPnl} testId="trade-day-pnl" /></Summary>
      <Summary label={<Trans>Total P&L</Trans>} lead><Pnl paise={summary.totalPnl} testId="trade-total-pnl" /></Summary>
      {pricedAt ? <p className="trade-summary-time muted" data-testid="trade-priced-at"><Trans>Prices as of {pricedAt}</Trans></p> : null}
    </section>
  )
}

function Summary({ label, children, testId, lead }: { label: ReactNode; children: ReactNode; testId?: string; lead?: boolean }) {
  return (
    <div className={lead ? 'trade-summary-item trade-summary-item--lead' : 'trade-summary-item'}>
      <span className="muted">{label}</span>
      <strong data-testid={testId}>{children}</strong>
    </div>
  )
}

function EmptyTab({ tab }: { tab: TradeTab }) {
  return (
    <div className="card empty-state" data-testid="trade-empty">
      {tab === 'pending' ? (
        <p><Trans>No pending limit orders.</Trans></p>
      ) : tab === 'ended' ? (
        <p><Trans>No closed or cancelled orders yet.</Trans></p>
      ) : tab === 'crypto' ? (
        <p><Trans>No open digital currency positions.</Trans></p>
      ) : tab === 'forex' ? (
        <p><Trans>No open forex positions.</Trans></p>
      ) : (
        <p><Trans>No open positions.</Trans></p>
      )}
      <p className="muted"><Trans>Orders you place appear here, also when you are offline.</Trans></p>
      <Link to="/market/index" search={{ tab: 'quotes' }} className="btn btn--primary btn--small"><Trans>Go to the market</Trans></Link>
    </div>
  )
}

function ListSkeleton() {
  return (
    <ul className="order-list" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <li key={i} className="order-card">
          <span className="skeleton skeleton--title" />
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line" style={{ width: '50%' }} />
        </li>
      ))}
    </ul>
  )
}
