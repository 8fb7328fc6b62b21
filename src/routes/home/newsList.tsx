import { createFileRoute } from '@tanstack/react-router'
import { NewsListScreen } from '../../features/news/NewsListScreen'
import { readNewsPages } from '../../features/news/queries'

type Search = { pages?: number }

export const Route = createFileRoute('/home/newsList')({
  // How many pages the list shows, so going back to it shows as many and restores the scroll.
  validateSearch: (search: Record<string, unknown>): Search => {
    const pages = Number(search.pages)
    return Number.isSafeInteger(pages) && pages > 1 ? { pages: Math.min(pages, 100) } : {}
  },
  loaderDeps: ({ search }) => ({ pages: search.pages ?? 1 }),
  loader: ({ deps }) => readNewsPages(deps.pages),
  // Read Dexie again on every visit (milliseconds) rather than show an older read first.
  gcTime: 0,
  staticData: { tab: 'news' },
  component: NewsListScreen,
})
