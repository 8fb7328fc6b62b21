import { createFileRoute } from '@tanstack/react-router'
import { MarketScreen } from '../../features/market/MarketScreen'
import { readMarketTab, type MarketIndexTab } from '../../features/market/queries'

type Search = { tab?: MarketIndexTab }

export const Route = createFileRoute('/market/index')({
  // Quotes is the default tab and stays out of the URL.
  validateSearch: (search: Record<string, unknown>): Search => (search.tab === 'funds' || search.tab === 'forex' ? { tab: search.tab } : {}),
  loaderDeps: ({ search }) => ({ tab: search.tab ?? 'quotes' }),
  loader: ({ deps }) => readMarketTab(deps.tab),
  gcTime: 0,
  staticData: { tab: 'market' },
  component: MarketScreen,
})
