import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { ExchangeScreen } from '../../features/funds/ExchangeScreen'

export const Route = createFileRoute('/information/exChange')({ beforeLoad: requireSession, component: ExchangeScreen })
