import { createFileRoute } from '@tanstack/react-router'
import { AgreementScreen } from '../../features/account/AgreementScreen'
export const Route = createFileRoute('/information/agreement')({ component: AgreementScreen })
