import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { loadArea } from '../../i18n/setup'
import { BankListScreen } from '../../features/identity/BankListScreen'

export const Route = createFileRoute('/information/bankList')({ beforeLoad: requireSession, loader: () => loadArea('identity'), component: BankListScreen })
