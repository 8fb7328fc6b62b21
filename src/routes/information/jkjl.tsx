import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { loadArea } from '../../i18n/setup'
import { LoanRecordsScreen } from '../../features/loan/LoanRecordsScreen'

export const Route = createFileRoute('/information/jkjl')({ beforeLoad: requireSession, loader: () => loadArea('loan'), component: LoanRecordsScreen })
