import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { loadArea } from '../../i18n/setup'
import { NewStockRecordScreen } from '../../features/ipo/NewStockRecordScreen'

export const Route = createFileRoute('/home/newStockRecord')({
  beforeLoad: requireSession,
  loader: () => loadArea('shares'),
  component: NewStockRecordScreen,
})
