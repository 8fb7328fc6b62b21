import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
export const Route = createFileRoute('/login/start')({ component: () => <p><Trans>Welcome to Tijori</Trans></p> })
