import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { loadArea } from '../../i18n/setup'
import { NewStockScreen } from '../../features/ipo/NewStockScreen'
import { issueListSearch } from '../../features/ipo/search'

export const Route = createFileRoute('/home/newStockps')({ validateSearch: issueListSearch, beforeLoad: requireSession, loader: () => loadArea('shares'), component: Screen })

function Screen() {
  return <NewStockScreen kind="placement" tab={Route.useSearch({ select: (s) => s.tab ?? 'open' })} />
}
