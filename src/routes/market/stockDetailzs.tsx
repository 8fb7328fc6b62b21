import { createFileRoute } from '@tanstack/react-router'
import { IndexDetailScreen } from '../../features/market/IndexDetailScreen'
import { validateSymbolSearch } from '../../features/market/chart/choice'

export const Route = createFileRoute('/market/stockDetailzs')({ validateSearch: validateSymbolSearch, component: IndexDetailScreen })
