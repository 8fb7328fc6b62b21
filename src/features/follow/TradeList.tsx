import { useRef } from 'react'
import { Trans } from '@lingui/react/macro'
import { useVirtualizer } from '@tanstack/react-virtual'
import { type FollowTrade } from '../../contract/replies'
import { formatMoney } from '../../lib/money'
import { formatDay } from './rules'

const ROW_HEIGHT = 44
const BOX_HEIGHT = 360

/**
 * The strategy's trades, newest first, in a box of their own: a year of daily rebalancing is
 * thousands of rows, so only those in view (and a few around) exist. The box takes the keyboard
 * focus so that it scrolls without a pointer too, named by the heading above it.
 */
export function TradeList({ trades, labelledBy }: { trades: readonly FollowTrade[]; labelledBy: string }) {
  const box = useRef<HTMLDivElement>(null)
  const rows = [...trades].reverse()
  // Not memoised by the compiler, and nothing here needs it to be: the rows are read from the
  // virtualiser on every render it triggers.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => box.current, estimateSize: () => ROW_HEIGHT, overscan: 8 })
  if (rows.length === 0) return <p className="muted" data-testid="follow-no-trades"><Trans>No trades yet.</Trans></p>
  return (
    <div ref={box} className="follow-trades" role="region" aria-labelledby={labelledBy} tabIndex={0} style={{ maxHeight: BOX_HEIGHT }} data-testid="follow-trades" data-count={rows.length}>
      <ul style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const trade = rows[item.index] as FollowTrade
          return <TradeRow key={item.key} trade={trade} top={item.start} />
        })}
      </ul>
    </div>
  )
}

function TradeRow({ trade, top }: { trade: FollowTrade; top: number }) {
  const day = formatDay(trade.day)
  const qty = trade.qty.toLocaleString('en-IN')
  const price = formatMoney(trade.price)
  const fees = formatMoney(trade.fees)
  const symbol = trade.symbol
  return (
    <li className="follow-trade" style={{ transform: `translateY(${top}px)`, height: ROW_HEIGHT }} data-testid="follow-trade">
      <span className="follow-trade-main">
        <span className={trade.side === 'buy' ? 'follow-side follow-side--buy' : 'follow-side follow-side--sell'}>
          {trade.side === 'buy' ? <Trans>Buy</Trans> : <Trans>Sell</Trans>}
        </span>{' '}
        <strong>{symbol}</strong> <span className="muted">{day}</span>
      </span>
      <span className="follow-trade-side">
        <Trans>{qty} at {price}, fees {fees}</Trans>
      </span>
    </li>
  )
}
