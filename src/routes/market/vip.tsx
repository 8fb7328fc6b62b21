import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { loadArea } from '../../i18n/setup'
import { VipScreen } from '../../features/vip/VipScreen'

export const Route = createFileRoute('/market/vip')({ beforeLoad: requireSession, loader: () => loadArea('vip'), staticData: { tab: 'market' }, component: VipScreen })
