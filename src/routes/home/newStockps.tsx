import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { loadArea } from '../../i18n/setup'
import { NewStockScreen } from '../../features/ipo/NewStockScreen'
import { IPO_TABS, type IpoTab } from '../../features/ipo/rules'

/** Optional, so a plain link opens the open tab. */
type Search = { tab?: IpoTab }

export const Route = createFileRoute('/home/newStockps')({
  validateSearch: (search: Record<string, unknown>): Search => {
    const tab = IPO_TABS.find((name) => name === search.tab)
    return tab && tab !== 'open' ? { tab } : {}
  },
  beforeLoad: requireSession,
  loader: () => loadArea('shares'),
  component: Screen,
})

function Screen() {
  const tab = Route.useSearch({ select: (s) => s.tab ?? 'open' })
  return <NewStockScreen kind="placement" tab={tab} />
}
