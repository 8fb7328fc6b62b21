import { createFileRoute } from '@tanstack/react-router'
import { IndicatorsScreen } from '../../features/market/IndicatorsScreen'

export const Route = createFileRoute('/market/marketZhiBiao')({ staticData: { tab: 'market' }, component: IndicatorsScreen })
