import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../../app/guards'
import { UsdtAddressScreen } from '../../features/funds/UsdtAddressScreen'
import { loadArea } from '../../i18n/setup'

export const Route = createFileRoute('/information/usdtAddress')({ beforeLoad: requireSession, loader: () => loadArea('funds'), component: UsdtAddressScreen })
