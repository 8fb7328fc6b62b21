import { type FormEvent, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { toast } from '../../app/toast'
import { BackBar, useBack } from '../../app/BackBar'
import { PasswordField } from '../../app/fields'
import { checkConfirm, checkPassword } from '../../app/validation'
import { errorText, refusalCode } from '../../app/errors'
import { useAttemptKey } from '../../app/idempotency'
import { usePasswordRules } from '../../app/queries'
import { translateRefusal, type RefusalLike } from '../../i18n/serverMessages'
import { changePassword, type LoginPassForm } from './actions'
import './account.css'

type Errors = Partial<Record<keyof LoginPassForm | 'form', string>>

const FIELD_OF_CODE: Record<string, keyof LoginPassForm> = {
  password_wrong: 'oldPassword',
  password_length: 'password',
  password_same: 'password',
  password_mismatch: 'confirmPassword',
}

/** Change the login password; the published length rules are shown and checked first. */
export function LoginPassScreen() {
  const { t } = useLingui()
  const back = useBack()
  const rules = usePasswordRules()
  const { min: minLength, max: maxLength } = rules
  const attempt = useAttemptKey()
  const [form, setForm] = useState<LoginPassForm>({ oldPassword: '', password: '', confirmPassword: '' })
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)
  const set = (key: keyof LoginPassForm, value: string) => setForm((f) => ({ ...f, [key]: value }))

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    const say = (r: RefusalLike | null) => (r ? translateRefusal(r) : undefined)
    const found: Errors = {
      oldPassword: form.oldPassword ? undefined : t`Enter your current password.`,
      password:
        say(checkPassword(form.password, rules)) ??
        (form.password === form.oldPassword ? say({ code: 'password_same' }) : undefined),
      confirmPassword: say(checkConfirm(form.password, form.confirmPassword)),
    }
    setErrors(found)
    if (Object.values(found).some(Boolean)) return
    setBusy(true)
    try {
      await changePassword(form, attempt.keyFor(form))
      attempt.done()
      toast.success(t`Your login password has been changed`)
      back()
    } catch (error) {
      setBusy(false)
      const code = refusalCode(error)
      const field = code ? FIELD_OF_CODE[code] : undefined
      setErrors(field ? { [field]: errorText(error) } : { form: errorText(error) })
    }
  }

  return (
    <div className="account">
      <BackBar title={<Trans>Login password</Trans>} />
      <div className="page">
        <form className="card form" onSubmit={(event) => void submit(event)} noValidate>
          <PasswordField
            label={<Trans>Current password</Trans>}
            value={form.oldPassword}
            onValue={(v) => set('oldPassword', v)}
            error={errors.oldPassword}
            autoComplete="current-password"
            name="oldPassword"
          />
          <PasswordField
            label={<Trans>New password</Trans>}
            value={form.password}
            onValue={(v) => set('password', v)}
            error={errors.password}
            hint={<Trans>{minLength} to {maxLength} characters, different from the current one</Trans>}
            autoComplete="new-password"
            name="password"
          />
          <PasswordField
            label={<Trans>Confirm new password</Trans>}
            value={form.confirmPassword}
            onValue={(v) => set('confirmPassword', v)}
            error={errors.confirmPassword}
            autoComplete="new-password"
            name="confirmPassword"
          />
          <p className="muted"><Trans>Other devices signed in to this account will be logged out.</Trans></p>
          {errors.form ? <p className="form-error" role="alert">{errors.form}</p> : null}
          <button type="submit" className="btn btn--primary btn--block btn--large" disabled={busy}>
            {busy ? <Trans>Saving…</Trans> : <Trans>Change password</Trans>}
          </button>
        </form>
      </div>
    </div>
  )
}
