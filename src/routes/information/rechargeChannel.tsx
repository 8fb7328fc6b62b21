import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { RechargeChannelScreen } from '../../features/funds/RechargeChannelScreen'
import { loadArea } from '../../i18n/setup'

type Search = { channel: string; amount: number }

export const Route = createFileRoute('/information/rechargeChannel')({
  validateSearch: (search: Record<string, unknown>): Search => {
    const channel = typeof search.channel === 'string' ? search.channel.slice(0, 32) : ''
    const amount = Number(search.amount)
    return { channel, amount: Number.isSafeInteger(amount) && amount > 0 ? amount : 0 }
  },
  beforeLoad: requireSession,
  loader: () => loadArea('funds'),
  component: RechargeChannelScreen,
})
