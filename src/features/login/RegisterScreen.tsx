import { type FormEvent, useState } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { AccountField, PasswordField, TextField } from '../../app/fields'
import { checkAccount, checkConfirm, checkPassword } from '../../app/validation'
import { errorText, refusalCode } from '../../app/errors'
import { useAttemptKey } from '../../app/idempotency'
import { usePasswordRules } from '../../app/queries'
import { ApiRefusal } from '../../data/api'
import { translateRefusal, type RefusalLike } from '../../i18n/serverMessages'
import { AuthLayout } from './AuthLayout'
import { registerAndLogIn, type RegisterForm } from './actions'
import { useDemoInviteCode } from './queries'

type Field = 'account' | 'password' | 'confirmPassword' | 'inviteCode' | 'agree'
type Errors = Partial<Record<Field | 'form', string>>

/** Which field a refusal code is about, so its sentence shows under that field. */
const FIELD_OF_CODE: Record<string, Field> = {
  account_invalid: 'account',
  account_exists: 'account',
  password_length: 'password',
  password_mismatch: 'confirmPassword',
  invite_code_invalid: 'inviteCode',
  agreement_required: 'agree',
}

const FIELDS = ['account', 'password', 'confirmPassword', 'inviteCode', 'agree'] as const satisfies readonly Field[]

function isField(value: unknown): value is Field {
  return FIELDS.some((field) => field === value)
}

/** Create an account; the same checks as the server, with its published password rules. */
export function RegisterScreen() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const rules = usePasswordRules()
  const { min: minLength, max: maxLength } = rules
  const demoInvite = useDemoInviteCode()
  const attempt = useAttemptKey()
  const [form, setForm] = useState<RegisterForm>({ account: '', password: '', confirmPassword: '', inviteCode: '', agree: false })
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)
  const set = <K extends keyof RegisterForm>(key: K, value: RegisterForm[K]) => setForm((f) => ({ ...f, [key]: value }))

  function check(): Errors {
    const say = (r: RefusalLike | null) => (r ? translateRefusal(r) : undefined)
    return {
      account: say(checkAccount(form.account)),
      password: say(checkPassword(form.password, rules)),
      confirmPassword: say(checkConfirm(form.password, form.confirmPassword)),
      inviteCode: form.inviteCode.trim() ? undefined : t`Enter your invitation code.`,
      agree: form.agree ? undefined : say({ code: 'agreement_required' }),
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    const found = check()
    setErrors(found)
    if (Object.values(found).some(Boolean)) return
    const body = { ...form, inviteCode: form.inviteCode.trim() }
    setBusy(true)
    try {
      await registerAndLogIn(body, attempt.keyFor(body))
      attempt.done()
      void navigate({ to: '/login/loginAfter', replace: true })
    } catch (error) {
      setBusy(false)
      const code = refusalCode(error)
      const field = code ? fieldOf(code, error) : undefined
      setErrors(field ? { [field]: errorText(error) } : { form: errorText(error) })
    }
  }

  return (
    <AuthLayout back title={<Trans>Create an account</Trans>} subtitle={<Trans>It takes a minute. You need an invitation code.</Trans>}>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <AccountField value={form.account} onValue={(v) => set('account', v)} error={errors.account} />
        <PasswordField
          label={<Trans>Password</Trans>}
          value={form.password}
          onValue={(v) => set('password', v)}
          error={errors.password}
          hint={<Trans>{minLength} to {maxLength} characters</Trans>}
          autoComplete="new-password"
          name="password"
        />
        <PasswordField
          label={<Trans>Confirm password</Trans>}
          value={form.confirmPassword}
          onValue={(v) => set('confirmPassword', v)}
          error={errors.confirmPassword}
          autoComplete="new-password"
          name="confirmPassword"
        />
        <TextField
          label={<Trans>Invitation code</Trans>}
          value={form.inviteCode}
          onValue={(v) => set('inviteCode', v)}
          error={errors.inviteCode}
          hint={demoInvite ? <Trans>Demo invitation code: {demoInvite}</Trans> : undefined}
          autoCapitalize="characters"
          autoComplete="off"
          name="inviteCode"
        />
        <div className={errors.agree ? 'check-row check-row--error' : 'check-row'}>
          <input id="register-agree" type="checkbox" checked={form.agree} onChange={(e) => set('agree', e.target.checked)} aria-invalid={errors.agree ? true : undefined} />
          <label htmlFor="register-agree">
            <Trans>
              I have read and accept the <Link to="/information/agreement" className="link">user agreement and privacy notice</Link>
            </Trans>
          </label>
        </div>
        {errors.agree ? <p className="field-error" role="alert">{errors.agree}</p> : null}
        {errors.form ? <p className="form-error" role="alert">{errors.form}</p> : null}
        <button type="submit" className="btn btn--primary btn--block btn--large" disabled={busy}>
          {busy ? <Trans>Creating your account…</Trans> : <Trans>Register</Trans>}
        </button>
      </form>
      <p className="auth-switch">
        <Trans>Already have an account?</Trans>{' '}
        <Link to="/login/login" className="link"><Trans>Log in</Trans></Link>
      </p>
    </AuthLayout>
  )
}

function fieldOf(code: string, error: unknown): Field | undefined {
  if (code === 'bad_request' && error instanceof ApiRefusal) {
    const field = error.params?.field
    return isField(field) ? field : undefined
  }
  return FIELD_OF_CODE[code]
}
