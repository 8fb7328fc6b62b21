import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { loadArea } from '../../i18n/setup'
import { FollowScreen } from '../../features/follow/FollowScreen'

export const Route = createFileRoute('/home/fllow')({ beforeLoad: requireSession, loader: () => loadArea('follow'), component: FollowScreen })
