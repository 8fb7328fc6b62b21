import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { CashOutScreen } from '../../features/funds/CashOutScreen'

export const Route = createFileRoute('/information/cashOut')({ beforeLoad: requireSession, component: CashOutScreen })
