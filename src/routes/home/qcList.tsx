import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { loadArea } from '../../i18n/setup'
import { QcListScreen } from '../../features/follow/QcListScreen'

export const Route = createFileRoute('/home/qcList')({ beforeLoad: requireSession, loader: () => loadArea('follow'), component: QcListScreen })
