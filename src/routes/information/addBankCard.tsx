import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { loadArea } from '../../i18n/setup'
import { AddBankCardScreen } from '../../features/identity/AddBankCardScreen'

export const Route = createFileRoute('/information/addBankCard')({ beforeLoad: requireSession, loader: () => loadArea('identity'), component: AddBankCardScreen })
