import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { loadArea } from '../../i18n/setup'
import { FollowRecordScreen } from '../../features/follow/FollowRecordScreen'

export const Route = createFileRoute('/home/fllowRecord')({ beforeLoad: requireSession, loader: () => loadArea('follow'), component: FollowRecordScreen })
