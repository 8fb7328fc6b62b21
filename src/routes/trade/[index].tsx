import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { getSession } from '../../data/session'
import { TradeScreen } from '../../features/trade/TradeScreen'
import { readOrders } from '../../features/trade/queries'
import { isTradeTab, type TradeTab } from '../../features/trade/tabs'

type Search = { tab: TradeTab }

export const Route = createFileRoute('/trade/index')({
  validateSearch: (search: Record<string, unknown>): Search => ({ tab: isTradeTab(search.tab) ? search.tab : 'open' }),
  beforeLoad: requireSession,
  // The positions are on the first render, from Dexie, online or not.
  loader: async () => {
    const account = getSession()?.account ?? null
    return { account, orders: await readOrders(account) }
  },
  // Read Dexie again on every visit (milliseconds) rather than show an older read first.
  gcTime: 0,
  staticData: { tab: 'trade' },
  component: TradeScreen,
})
