import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { loadArea } from '../../i18n/setup'
import { NewStockBuyScreen } from '../../features/ipo/NewStockBuyScreen'

type Search = { id: number }

export const Route = createFileRoute('/home/newStockPsBuy')({
  validateSearch: (search: Record<string, unknown>): Search => {
    const id = Number(search.id)
    return { id: Number.isSafeInteger(id) && id > 0 ? id : 0 }
  },
  beforeLoad: requireSession,
  loader: () => loadArea('shares'),
  component: Screen,
})

function Screen() {
  const id = Route.useSearch({ select: (s) => s.id })
  return <NewStockBuyScreen kind="placement" id={id} />
}
