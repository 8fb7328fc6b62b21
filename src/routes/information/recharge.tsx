import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { RechargeScreen } from '../../features/funds/RechargeScreen'

export const Route = createFileRoute('/information/recharge')({ beforeLoad: requireSession, component: RechargeScreen })
