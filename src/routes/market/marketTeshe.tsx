import { createFileRoute } from '@tanstack/react-router'
import { FeaturedScreen } from '../../features/market/FeaturedScreen'

export const Route = createFileRoute('/market/marketTeshe')({ staticData: { tab: 'market' }, component: FeaturedScreen })
