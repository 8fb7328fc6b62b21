import { type FormEvent, useState } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { PasswordField, TextField } from '../../app/fields'
import { checkAccount, cleanAccountInput } from '../../app/validation'
import { errorText, refusalCode } from '../../app/errors'
import { translateRefusal } from '../../i18n/serverMessages'
import { AuthLayout } from './AuthLayout'
import { logIn } from './actions'

type Errors = { account?: string; password?: string; form?: string }

/** Log in with mobile number and password; input stays as typed when the server refuses. */
export function LoginScreen() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const [account, setAccount] = useState('')
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
      setErrors(refusalCode(error) === 'account_invalid' ? { account: errorText(error) } : { form: errorText(error) })
      setBusy(false)
    }
  }

  return (
    <AuthLayout title={<Trans>Log in</Trans>} subtitle={<Trans>Welcome back to Tijori</Trans>}>
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
          placeholder={t`10-digit mobile number`}
        />
        <PasswordField
          label={<Trans>Password</Trans>}
          value={password}
          onValue={setPassword}
          error={errors.password}
          autoComplete="current-password"
          name="password"
          placeholder={t`Your password`}
        />
        {errors.form ? <p className="form-error" role="alert">{errors.form}</p> : null}
        <button type="submit" className="btn btn--primary btn--block btn--large" disabled={busy}>
          {busy ? <Trans>Logging in…</Trans> : <Trans>Log in</Trans>}
        </button>
      </form>
      <p className="auth-switch">
        <Trans>New to Tijori?</Trans>{' '}
        <Link to="/login/register" className="link"><Trans>Create an account</Trans></Link>
      </p>
    </AuthLayout>
  )
}
