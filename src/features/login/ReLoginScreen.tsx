import { Link, getRouteApi } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { getSession } from '../../data/session'
import { AuthLayout } from './AuthLayout'
import { LoginForm } from './LoginForm'

const route = getRouteApi('/login/reLogin')

/** The session expired (401): the account is filled in, the user types the password again. */
export function ReLoginScreen() {
  const search = route.useSearch()
  return (
    <AuthLayout title={<Trans>Session expired</Trans>} subtitle={<Trans>For your safety, please log in again.</Trans>}>
      <LoginForm initialAccount={search.account ?? getSession()?.account ?? ''} submitLabel={<Trans>Log in again</Trans>} />
      <p className="auth-switch">
        <Link to="/login/login" className="link"><Trans>Use another account</Trans></Link>
      </p>
    </AuthLayout>
  )
}
