import { createFileRoute } from '@tanstack/react-router'
import { loadArea } from '../../i18n/setup'
import { IndicesScreen } from '../../features/market/IndicesScreen'

export const Route = createFileRoute('/home/zhishu')({ loader: () => loadArea('pages'), component: IndicesScreen })
