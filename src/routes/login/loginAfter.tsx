import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { LoginAfterScreen } from '../../features/login/LoginAfterScreen'
export const Route = createFileRoute('/login/loginAfter')({ beforeLoad: requireSession, component: LoginAfterScreen })
