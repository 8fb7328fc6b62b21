import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { loadArea } from '../../i18n/setup'
import { BlockDetailScreen } from '../../features/block/BlockDetailScreen'
import { offeringSearch } from '../../features/block/search'

export const Route = createFileRoute('/home/blockTradeDetail')({ validateSearch: offeringSearch, beforeLoad: requireSession, loader: () => loadArea('block'), component: Screen })

function Screen() {
  return <BlockDetailScreen id={Route.useSearch({ select: (s) => s.id })} />
}
