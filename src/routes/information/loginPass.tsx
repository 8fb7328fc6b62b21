import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { LoginPassScreen } from '../../features/account/LoginPassScreen'
export const Route = createFileRoute('/information/loginPass')({ beforeLoad: requireSession, component: LoginPassScreen })
