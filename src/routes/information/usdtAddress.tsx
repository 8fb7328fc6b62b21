import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { UsdtAddressScreen } from '../../features/funds/UsdtAddressScreen'

export const Route = createFileRoute('/information/usdtAddress')({ beforeLoad: requireSession, component: UsdtAddressScreen })
