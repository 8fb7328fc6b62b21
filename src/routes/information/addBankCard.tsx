import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { AddBankCardScreen } from '../../features/identity/AddBankCardScreen'

export const Route = createFileRoute('/information/addBankCard')({ beforeLoad: requireSession, component: AddBankCardScreen })
