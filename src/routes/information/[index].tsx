import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { AccountScreen } from '../../features/account/AccountScreen'
export const Route = createFileRoute('/information/index')({ beforeLoad: requireSession, staticData: { tab: 'account' }, component: AccountScreen })
