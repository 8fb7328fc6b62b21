import { createFileRoute } from '@tanstack/react-router'
import { loadArea } from '../../i18n/setup'
import { AgreementScreen } from '../../features/account/AgreementScreen'
export const Route = createFileRoute('/information/agreement')({ loader: () => loadArea('pages'), component: AgreementScreen })
