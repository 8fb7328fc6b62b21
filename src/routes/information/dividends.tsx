import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { DividendsScreen } from '../../features/dividends/DividendsScreen'

export const Route = createFileRoute('/information/dividends')({
  beforeLoad: requireSession,
  component: DividendsScreen,
})
