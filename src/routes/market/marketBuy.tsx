import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { MarketBuyScreen } from '../../features/trade/MarketBuyScreen'

type Search = { symbol: string; direction: 'long' | 'short'; dayTrading?: boolean }

export const Route = createFileRoute('/market/marketBuy')({
  validateSearch: (search: Record<string, unknown>): Search => {
    const symbol = typeof search.symbol === 'string' ? search.symbol.trim().toUpperCase().slice(0, 32) : ''
    const direction = search.direction === 'short' ? 'short' : 'long'
    const dayTrading = search.dayTrading === true || search.dayTrading === 'true' || search.dayTrading === 1
    return dayTrading ? { symbol, direction, dayTrading } : { symbol, direction }
  },
  beforeLoad: requireSession,
  component: MarketBuyScreen,
})
