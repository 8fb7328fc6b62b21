import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { loadArea } from '../../i18n/setup'
import { NewStockBuyScreen } from '../../features/ipo/NewStockBuyScreen'
import { issueSearch } from '../../features/ipo/search'

export const Route = createFileRoute('/home/newStockPsBuy')({ validateSearch: issueSearch, beforeLoad: requireSession, loader: () => loadArea('shares'), component: Screen })

function Screen() {
  return <NewStockBuyScreen kind="placement" id={Route.useSearch({ select: (s) => s.id })} />
}
