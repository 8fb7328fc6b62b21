import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { loadArea } from '../../i18n/setup'
import { SafetyScreen } from '../../features/account/SafetyScreen'

// The two-step sign-in card is the privacy area's: its catalog comes with the screen.
export const Route = createFileRoute('/information/safety')({ beforeLoad: requireSession, loader: () => loadArea('privacy'), component: SafetyScreen })
