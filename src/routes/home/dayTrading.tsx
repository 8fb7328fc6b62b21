import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { DayTradingScreen } from '../../features/trade/DayTradingScreen'
export const Route = createFileRoute('/home/dayTrading')({ beforeLoad: requireSession, component: DayTradingScreen })
