import { createFileRoute } from '@tanstack/react-router'
import { IndicesScreen } from '../../features/market/IndicesScreen'

export const Route = createFileRoute('/home/zhishu')({ component: IndicesScreen })
