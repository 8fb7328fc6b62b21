import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { UserInfoScreen } from '../../features/account/UserInfoScreen'

export const Route = createFileRoute('/information/userInfo')({ beforeLoad: requireSession, component: UserInfoScreen })
