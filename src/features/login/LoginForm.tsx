import { type FormEvent, type ReactNode, useState } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { AccountField, PasswordField } from '../../app/fields'
import { TotpCodeField } from '../../app/TotpCodeField'
import { checkAccount } from '../../app/validation'
import { errorText, refusalCode } from '../../app/errors'
import { onlySupportCanLift } from '../../app/supportOnly'
import { translateRefusal } from '../../i18n/serverMessages'
import { logIn } from './actions'

type Errors = { account?: string; password?: string; code?: string; form?: string; blocked?: boolean }

/**
 * Mobile number and password, checked here first for a fast answer and then by the server; the
 * input stays as typed when the server refuses. Shared by the login and re-login screens.
 * With two-step sign-in on, the server answers the password with totp_required (no session yet):
 * the form then asks for the authenticator's code (or a recovery code) and sends all three again.
 * A changed number or password goes back to the first step.
 */
export function LoginForm({ initialAccount = '', submitLabel }: { initialAccount?: string; submitLabel: ReactNode }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const [account, setAccount] = useState(initialAccount)
  const [password, setPassword] = useState('')
  /** null until the server asks for a code; then what the user typed. */
  const [code, setCode] = useState<string | null>(null)
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    const accountRefusal = checkAccount(account)
    const next: Errors = {
      account: accountRefusal ? translateRefusal(accountRefusal) : undefined,
      password: password ? undefined : t`Enter your password.`,
      code: code !== null && !code.trim() ? translateRefusal({ code: 'totp_required' }) : undefined,
    }
    setErrors(next)
    if (next.account || next.password || next.code) return
    setBusy(true)
    try {
      await logIn(account, password, code?.trim() || undefined)
      void navigate({ to: '/login/loginAfter', replace: true })
    } catch (error) {
      const refused = refusalCode(error)
      if (refused === 'totp_required') {
        setCode('')
        setErrors({})
      } else if (refused === 'totp_invalid') {
        setErrors({ code: errorText(error) })
      } else {
        setErrors(refused === 'account_invalid' ? { account: errorText(error) } : { form: errorText(error), blocked: onlySupportCanLift(refused) })
      }
      setBusy(false)
    }
  }

  function firstStep() {
    setCode(null)
  }

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <AccountField value={account} onValue={(v) => {
          setAccount(v)
          firstStep()
        }} error={errors.account} />
      <PasswordField
        label={<Trans>Password</Trans>}
        value={password}
        onValue={(v) => {
          setPassword(v)
          firstStep()
        }}
        error={errors.password}
        autoComplete="current-password"
        name="password"
        placeholder={t`Your password`}
        autoFocus={Boolean(initialAccount)}
      />
      {code !== null ? <TotpCodeField value={code} onValue={setCode} error={errors.code} autoFocus /> : null}
      {errors.form ? <p className="form-error" role="alert">{errors.form}</p> : null}
      {errors.blocked ? (
        <p>
          <Link to="/home/kefuCenter" search={{ topic: 'login_banned', account }} className="link" data-testid="login-contact-support">
            <Trans>Contact customer service</Trans>
          </Link>
        </p>
      ) : null}
      <button type="submit" className="btn btn--primary btn--block btn--large" disabled={busy}>
        {busy ? <Trans>Logging in…</Trans> : submitLabel}
      </button>
      <p className="auth-switch">
        <Link to="/home/kefuCenter" search={account ? { topic: 'password_reset', account } : { topic: 'password_reset' }} className="link" data-testid="login-forgot-password">
          <Trans>Forgot password?</Trans>
        </Link>
      </p>
    </form>
  )
}
