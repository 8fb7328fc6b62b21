import { createFileRoute } from '@tanstack/react-router'
import { StockDetailScreen } from '../../features/market/StockDetailScreen'
import { validateSymbolSearch } from '../../features/market/chart/choice'

export const Route = createFileRoute('/market/stockDetail')({ validateSearch: validateSymbolSearch, component: StockDetailScreen })
