import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { SearchScreen } from '../../features/watchlist/SearchScreen'

type Search = { q?: string }

export const Route = createFileRoute('/favorite/search')({
  validateSearch: (search: Record<string, unknown>): Search => (typeof search.q === 'string' && search.q !== '' ? { q: search.q.slice(0, 20) } : {}),
  beforeLoad: requireSession,
  component: SearchScreen,
})
