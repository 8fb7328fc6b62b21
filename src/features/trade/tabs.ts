/**
 * The tabs of the trade screen, on their own: the route checks its `tab` search param with
 * isTradeTab, and the route file is in the first route's bundle, which positions.ts (and the
 * trading maths it imports) need not be.
 */
export const TRADE_TABS = ['open', 'pending', 'ended', 'holding', 'crypto', 'forex'] as const
export type TradeTab = (typeof TRADE_TABS)[number]

export function isTradeTab(value: unknown): value is TradeTab {
  return typeof value === 'string' && (TRADE_TABS as readonly string[]).includes(value)
}
