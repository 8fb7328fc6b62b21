import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { loadArea } from '../../i18n/setup'
import { AuthInfoScreen } from '../../features/identity/AuthInfoScreen'

export const Route = createFileRoute('/information/authInfo')({ beforeLoad: requireSession, loader: () => loadArea('identity'), component: AuthInfoScreen })
