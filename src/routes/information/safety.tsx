import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { SafetyScreen } from '../../features/account/SafetyScreen'

export const Route = createFileRoute('/information/safety')({ beforeLoad: requireSession, component: SafetyScreen })
