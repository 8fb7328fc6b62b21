import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { FundPassScreen } from '../../features/account/FundPassScreen'

export const Route = createFileRoute('/information/fundPass')({ beforeLoad: requireSession, component: FundPassScreen })
