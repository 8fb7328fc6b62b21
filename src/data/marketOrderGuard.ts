/**
 * The 60-second rule (issue 3), the guard of outbox kind 'order.create': a MARKET order that
 * would be sent more than market_order_reconfirm_seconds after the user placed (or last
 * confirmed) it is held instead of sent at a price the user never saw. A limit order names its
 * own price, so it is sent however late. It runs inside the outbox's claiming transaction, so it
 * is synchronous and reads the config from memory; its own module so the registry
 * (outboxKinds.ts) can import it without loading trading.ts.
 */
import { getConfigNumber } from './config'
import { type OutboxItem } from './db'

const DEFAULT_RECONFIRM_SECONDS = 60

function reconfirmMs(): number {
  const seconds = getConfigNumber('market_order_reconfirm_seconds', DEFAULT_RECONFIRM_SECONDS)
  return (Number.isFinite(seconds) && seconds >= 0 ? seconds : DEFAULT_RECONFIRM_SECONDS) * 1000
}

/** Holds a market order that has waited too long (error market_order_stale {createdAt}). */
export function staleMarketOrder(item: OutboxItem, now: number): OutboxItem['error'] {
  if (item.body.type !== 'market') return undefined
  const since = item.confirmedAt ?? item.createdAt
  if (now - since <= reconfirmMs()) return undefined
  return {
    code: 'market_order_stale',
    params: { createdAt: since },
    msg: 'This market order waited too long to be sent; confirm it at the current price.',
  }
}
