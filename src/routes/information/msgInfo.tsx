import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { loadArea } from '../../i18n/setup'
import { MsgInfoScreen } from '../../features/inbox/MsgInfoScreen'

export const Route = createFileRoute('/information/msgInfo')({ beforeLoad: requireSession, loader: () => loadArea('inbox'), component: MsgInfoScreen })
