import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { getSession } from '../../data/session'
import { WatchlistScreen } from '../../features/watchlist/WatchlistScreen'
import { readWatchlist } from '../../features/watchlist/queries'

export const Route = createFileRoute('/favorite/index')({
  beforeLoad: requireSession,
  // Read Dexie before the first render so "back" restores the scroll position.
  loader: () => readWatchlist(getSession()?.account),
  gcTime: 0,
  component: WatchlistScreen,
})
