import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { BankListScreen } from '../../features/identity/BankListScreen'

export const Route = createFileRoute('/information/bankList')({ beforeLoad: requireSession, component: BankListScreen })
