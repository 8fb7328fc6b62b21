import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { AuthInfoScreen } from '../../features/identity/AuthInfoScreen'

export const Route = createFileRoute('/information/authInfo')({ beforeLoad: requireSession, component: AuthInfoScreen })
