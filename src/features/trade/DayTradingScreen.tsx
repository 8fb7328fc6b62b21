import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { indiaDay, formatDateTime } from '../../lib/dates'
import { tradingRulesFromConfig } from '../../lib/trade'
import { BackBar } from '../../app/BackBar'
import { useLastSynced, useSessionAccount } from '../../app/queries'
import { ordersKey } from '../../data/trade'
import { OrderCard } from './OrderCard'
import { dayTradingWindow, marketHoursFromConfig } from './checks'
import { isOpen } from './labels'
import { useConfigMap, useOrders, useQuotes, useStocks } from './queries'
import { refreshStocks, refreshTrade } from './actions'
import { useNow } from '../../app/useNow'
import { useLiveQuotes } from '../../app/useLiveQuotes'
import { useLoading } from '../../app/useLoading'
import './trade.css'

/** Day trading: the cut-off rule, today's day-trading positions, and a way into the order form. */
export function DayTradingScreen() {
  const { t } = useLingui()
  const account = useSessionAccount()
  const config = useConfigMap()
  const rules = tradingRulesFromConfig((name) => config?.get(name))
  const orders = useOrders(account)
  const stocks = useStocks()
  const synced = useLastSynced(account ? ordersKey(account) : null)
  const when = synced ? formatDateTime(synced) : null
  const [symbol, setSymbol] = useState('')
  const now = useNow(30_000)
  // "Loading" waits for the orders only; the stock list for the choice refreshes alongside.
  const loading = useLoading(() => {
    refreshStocks()
    return refreshTrade()
  }, account ?? '')

  const today = indiaDay(now)
  const todays = (orders ?? []).filter((o) => o.dayTrading && (isOpen(o) || o.status === 'pending' || indiaDay(o.createdAt) === today))
  const symbols = [...new Set(todays.filter((o) => isOpen(o) || o.status === 'pending').map((o) => o.symbol))].sort()
  useLiveQuotes(symbols)
  const quotes = useQuotes(symbols)
  const chosen = symbol || stocks?.[0]?.symbol || ''
  const cutoff = rules.dayTradingCutoff
  const hours = marketHoursFromConfig((name) => config?.get(name))
  const window = dayTradingWindow(now, cutoff, hours)
  const closed = !window.open
  const reopens = !window.open && window.opensAt !== null ? formatDateTime(window.opensAt) : null
  const sessionOpen = hours.open

  return (
    <div className="trade">
      <BackBar title={<Trans>Day trading</Trans>} />
      <div className="page">
        <section className="card daytrading-rule" data-testid="daytrading-rule">
          <h2 className="section-title"><Trans>The cut-off rule</Trans></h2>
          <p>
            <Trans>
              A day-trading position is squared off automatically at {cutoff} India time on the day it opens, at the market
              price. No day-trading order is taken after the cut-off.
            </Trans>
          </p>
          <p data-testid="daytrading-session" data-always-open={hours.alwaysOpen}>
            {hours.alwaysOpen ? (
              <Trans>This demo market trades around the clock, so day trading runs every day from 00:00 to {cutoff} India time.</Trans>
            ) : (
              <Trans>Day trading runs on trading days from the market's open at {sessionOpen} to {cutoff} India time.</Trans>
            )}
          </p>
          <p className={closed ? 'pill pill--failed' : 'pill pill--ok'} data-testid="daytrading-state" data-open={!closed}>
            {!closed ? (
              <Trans>Open until {cutoff} today</Trans>
            ) : reopens ? (
              <Trans>Closed now. Opens again at {reopens}.</Trans>
            ) : (
              <Trans>Closed now.</Trans>
            )}
          </p>
        </section>

        <section className="card daytrading-start">
          <h2 className="section-title"><Trans>Start a day trade</Trans></h2>
          {stocks === undefined ? (
            <span className="skeleton skeleton--line" aria-hidden="true" />
          ) : stocks.length === 0 ? (
            <p className="muted"><Trans>No instruments on this device yet. Open the market once while online.</Trans></p>
          ) : (
            <>
              <label className="field">
                <span className="field-label"><Trans>Stock</Trans></span>
                <select className="field-box daytrading-select" value={chosen} onChange={(e) => setSymbol(e.target.value)} data-testid="daytrading-symbol">
                  {stocks.map((q) => (
                    <option key={q.symbol} value={q.symbol}>{`${q.symbol} — ${q.name}`}</option>
                  ))}
                </select>
              </label>
              <div className="daytrading-actions">
                <Link
                  to="/market/marketBuy"
                  search={{ symbol: chosen, direction: 'long', dayTrading: true }}
                  className="btn btn--long"
                  aria-disabled={closed}
                  data-testid="daytrading-long"
                >
                  <Trans>Buy long</Trans>
                </Link>
                <Link
                  to="/market/marketBuy"
                  search={{ symbol: chosen, direction: 'short', dayTrading: true }}
                  className="btn btn--short"
                  aria-disabled={closed}
                  data-testid="daytrading-short"
                >
                  <Trans>Sell short</Trans>
                </Link>
              </div>
            </>
          )}
        </section>

        <section>
          <div className="section-head">
            <h2 className="section-title"><Trans>Today's day-trading positions</Trans></h2>
          </div>
          <p className="list-updated list-updated--inline" role="status">
            {when ? <Trans>Last updated {when}</Trans> : loading ? <Trans>Loading…</Trans> : <Trans>Not updated yet</Trans>}
          </p>
          {orders === undefined ? (
            <span className="skeleton skeleton--line" aria-hidden="true" />
          ) : todays.length === 0 ? (
            <p className="card empty" data-testid="daytrading-empty"><Trans>No day-trading positions today.</Trans></p>
          ) : (
            <ul className="order-list" aria-label={t`Today's day-trading positions`}>
              {todays.map((order) => (
                <OrderCard key={order.id} order={order} quote={quotes?.get(order.symbol)} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  )
}
