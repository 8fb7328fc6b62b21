import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { loadArea } from '../../i18n/setup'
import { BlockApplicationsScreen } from '../../features/block/BlockApplicationsScreen'

export const Route = createFileRoute('/home/blockTrade1')({ beforeLoad: requireSession, loader: () => loadArea('block'), component: Screen })

function Screen() {
  return <BlockApplicationsScreen view="progress" />
}
