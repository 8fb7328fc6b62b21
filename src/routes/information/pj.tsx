import { createFileRoute } from '@tanstack/react-router'
import { loadArea } from '../../i18n/setup'
import { PrivacyScreen } from '../../features/privacy/PrivacyScreen'

// Public, like the user agreement: the policy is read before signing up; its actions need a session.
export const Route = createFileRoute('/information/pj')({ loader: () => loadArea('privacy'), component: PrivacyScreen })
