import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { ExchangeScreen } from '../../features/funds/ExchangeScreen'
import { loadArea } from '../../i18n/setup'

export const Route = createFileRoute('/information/exChange')({ beforeLoad: requireSession, loader: () => loadArea('funds'), component: ExchangeScreen })
