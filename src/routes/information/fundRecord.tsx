import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { FundRecordScreen } from '../../features/funds/FundRecordScreen'
export const Route = createFileRoute('/information/fundRecord')({ beforeLoad: requireSession, component: FundRecordScreen })
