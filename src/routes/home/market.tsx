import { createFileRoute } from '@tanstack/react-router'
import { OverviewScreen } from '../../features/market/OverviewScreen'

export const Route = createFileRoute('/home/market')({ component: OverviewScreen })
