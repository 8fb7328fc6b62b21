/** Actions of the trading screens: orders through the outbox, reads through src/data refreshers. */
import { cancelOrder, closePosition, confirmHeldOrder, discardHeldOrder, placeOrder, refreshOrders } from '../../data/trade'
import { refreshStockDetail, refreshStockList } from '../../data/market'
import { refreshUserInfo } from '../../data/sync'
import { discard } from '../../data/outbox'
import { refreshVipInfo } from '../../data/vip'

export { cancelOrder, closePosition, confirmHeldOrder, discardHeldOrder, placeOrder, discard }

/** Orders and balances; offline is fine, the screens keep what Dexie has. */
export function refreshTrade(): Promise<void> {
  return Promise.all([refreshOrders().catch(() => undefined), refreshUserInfo().catch(() => undefined)]).then(() => undefined)
}

/** The account's VIP level, whose handling-fee discount the order form's preview takes; offline keeps the last. */
export async function refreshVipDiscount(): Promise<void> {
  await refreshVipInfo().catch(() => undefined)
}

/** The instrument's quote and detail for the order form; offline keeps the last. */
export async function refreshInstrument(symbol: string): Promise<void> {
  if (symbol) await refreshStockDetail(symbol).catch(() => undefined)
}

/** The stock list for the day-trading screen's choice; offline keeps the last. */
export function refreshStocks(): void {
  void refreshStockList('stock').catch(() => undefined)
}

