import { createFileRoute } from '@tanstack/react-router'
import { MarketRulesScreen } from '../../features/market/MarketRulesScreen'

export const Route = createFileRoute('/market/marketQuestion')({ staticData: { tab: 'market' }, component: MarketRulesScreen })
