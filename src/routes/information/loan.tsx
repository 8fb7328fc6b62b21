import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { loadArea } from '../../i18n/setup'
import { LoanScreen } from '../../features/loan/LoanScreen'

export const Route = createFileRoute('/information/loan')({ beforeLoad: requireSession, loader: () => loadArea('loan'), component: LoanScreen })
