import { createFileRoute } from '@tanstack/react-router'
import { NewsDetailScreen } from '../../features/news/NewsDetailScreen'

type Search = { id: number }

export const Route = createFileRoute('/home/newsDetail')({
  validateSearch: (search: Record<string, unknown>): Search => {
    const id = Number(search.id)
    return { id: Number.isSafeInteger(id) && id > 0 ? id : 0 }
  },
  staticData: { tab: 'news' },
  component: NewsDetailScreen,
})
