import { createFileRoute } from '@tanstack/react-router'
import { loadArea } from '../../i18n/setup'
import { IndexDetailScreen } from '../../features/market/IndexDetailScreen'
import { validateSymbolSearch } from '../../features/market/chart/choice'

export const Route = createFileRoute('/market/stockDetailzs')({ validateSearch: validateSymbolSearch, loader: () => loadArea('pages'), component: IndexDetailScreen })
