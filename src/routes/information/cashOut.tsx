import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { CashOutScreen } from '../../features/funds/CashOutScreen'
import { loadArea } from '../../i18n/setup'

export const Route = createFileRoute('/information/cashOut')({ beforeLoad: requireSession, loader: () => loadArea('funds'), component: CashOutScreen })
