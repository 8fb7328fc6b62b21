import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { loadArea } from '../../i18n/setup'
import { UserInfoScreen } from '../../features/account/UserInfoScreen'

export const Route = createFileRoute('/information/userInfo')({ beforeLoad: requireSession, loader: () => loadArea('pages'), component: UserInfoScreen })
