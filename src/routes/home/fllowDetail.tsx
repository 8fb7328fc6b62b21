import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { loadArea } from '../../i18n/setup'
import { FollowDetailScreen } from '../../features/follow/FollowDetailScreen'
import { productSearch } from '../../features/follow/search'

export const Route = createFileRoute('/home/fllowDetail')({ validateSearch: productSearch, beforeLoad: requireSession, loader: () => loadArea('follow'), component: Screen })

function Screen() {
  return <FollowDetailScreen id={Route.useSearch({ select: (s) => s.id })} />
}
