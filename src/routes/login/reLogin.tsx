import { createFileRoute } from '@tanstack/react-router'
import { ReLoginScreen } from '../../features/login/ReLoginScreen'

type Search = { account?: string }

export const Route = createFileRoute('/login/reLogin')({
  // The account whose session expired, so the user only types the password again.
  validateSearch: (search: Record<string, unknown>): Search =>
    typeof search.account === 'string' && /^[0-9]{10}$/.test(search.account) ? { account: search.account } : {},
  component: ReLoginScreen,
})
