import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { loadArea } from '../../i18n/setup'
import { DividendsScreen } from '../../features/dividends/DividendsScreen'

export const Route = createFileRoute('/information/dividends')({
  beforeLoad: requireSession,
  loader: () => loadArea('shares'),
  component: DividendsScreen,
})
