import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { RechargeScreen } from '../../features/funds/RechargeScreen'
import { loadArea } from '../../i18n/setup'

export const Route = createFileRoute('/information/recharge')({ beforeLoad: requireSession, loader: () => loadArea('funds'), component: RechargeScreen })
