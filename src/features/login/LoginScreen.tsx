import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { AuthLayout } from './AuthLayout'
import { LoginForm } from './LoginForm'

/** Log in with mobile number and password. */
export function LoginScreen() {
  return (
    <AuthLayout title={<Trans>Log in</Trans>} subtitle={<Trans>Welcome back to Tijori</Trans>}>
      <LoginForm submitLabel={<Trans>Log in</Trans>} />
      <p className="auth-switch">
        <Trans>New to Tijori?</Trans>{' '}
        <Link to="/login/register" className="link"><Trans>Create an account</Trans></Link>
      </p>
    </AuthLayout>
  )
}
