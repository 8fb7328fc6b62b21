import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { loadArea } from '../../i18n/setup'
import { BlockTradeScreen } from '../../features/block/BlockTradeScreen'

export const Route = createFileRoute('/home/blockTrade')({ beforeLoad: requireSession, loader: () => loadArea('block'), component: BlockTradeScreen })
