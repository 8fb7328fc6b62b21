import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { PositionDetailScreen } from '../../features/trade/PositionDetailScreen'

type Search = { id: number }

export const Route = createFileRoute('/trade/positionDetail')({
  validateSearch: (search: Record<string, unknown>): Search => {
    const id = Number(search.id)
    return { id: Number.isSafeInteger(id) && id > 0 ? id : 0 }
  },
  beforeLoad: requireSession,
  component: PositionDetailScreen,
})
