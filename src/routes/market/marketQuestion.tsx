import { createFileRoute } from '@tanstack/react-router'
import { loadArea } from '../../i18n/setup'
import { MarketRulesScreen } from '../../features/market/MarketRulesScreen'

export const Route = createFileRoute('/market/marketQuestion')({ staticData: { tab: 'market' }, loader: () => loadArea('pages'), component: MarketRulesScreen })
