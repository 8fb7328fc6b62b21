import { createFileRoute } from '@tanstack/react-router'
import { VerifyDrawScreen } from '../../features/ipo/VerifyDrawScreen'
import { loadArea } from '../../i18n/setup'

type Search = { id: number; ref: string }

// No session guard: a draw is public (it names no person), anyone may re-run it.
export const Route = createFileRoute('/home/newStockDraw')({
  validateSearch: (search: Record<string, unknown>): Search => {
    const id = Number(search.id)
    return { id: Number.isSafeInteger(id) && id > 0 ? id : 0, ref: typeof search.ref === 'string' ? search.ref.slice(0, 64) : '' }
  },
  loader: () => loadArea('shares'),
  component: VerifyDrawScreen,
})
