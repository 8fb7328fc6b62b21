import { type FormEvent, useState } from 'react'
import { Link, getRouteApi, useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { PasswordField, TextField } from '../../app/fields'
import { checkAccount, cleanAccountInput } from '../../app/validation'
import { errorText } from '../../app/errors'
import { getSession } from '../../data/session'
import { translateRefusal } from '../../i18n/serverMessages'
import { AuthLayout } from './AuthLayout'
import { logIn } from './actions'

const route = getRouteApi('/login/reLogin')

type Errors = { account?: string; password?: string; form?: string }

/** The session expired (401): the account is filled in, the user types the password again. */
export function ReLoginScreen() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const search = route.useSearch()
  const [account, setAccount] = useState(() => search.account ?? getSession()?.account ?? '')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    const accountRefusal = checkAccount(account)
    const next: Errors = {
      account: accountRefusal ? translateRefusal(accountRefusal) : undefined,
      password: password ? undefined : t`Enter your password.`,
    }
    setErrors(next)
    if (next.account || next.password) return
    setBusy(true)
    try {
      await logIn(account, password)
      void navigate({ to: '/login/loginAfter', replace: true })
    } catch (error) {
      setErrors({ form: errorText(error) })
      setBusy(false)
    }
  }

  return (
    <AuthLayout title={<Trans>Session expired</Trans>} subtitle={<Trans>For your safety, please log in again.</Trans>}>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={<Trans>Mobile number</Trans>}
          prefix="+91"
          value={account}
          onValue={(v) => setAccount(cleanAccountInput(v))}
          error={errors.account}
          inputMode="numeric"
          autoComplete="username"
          name="account"
        />
        <PasswordField
          label={<Trans>Password</Trans>}
          value={password}
          onValue={setPassword}
          error={errors.password}
          autoComplete="current-password"
          name="password"
          autoFocus={Boolean(account)}
        />
        {errors.form ? <p className="form-error" role="alert">{errors.form}</p> : null}
        <button type="submit" className="btn btn--primary btn--block btn--large" disabled={busy}>
          {busy ? <Trans>Logging in…</Trans> : <Trans>Log in again</Trans>}
        </button>
      </form>
      <p className="auth-switch">
        <Link to="/login/login" className="link"><Trans>Use another account</Trans></Link>
      </p>
    </AuthLayout>
  )
}
