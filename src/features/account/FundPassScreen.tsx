import { type FormEvent, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { toast } from '../../app/toast'
import { BackBar, useBack } from '../../app/BackBar'
import { PasswordField } from '../../app/fields'
import { errorText, refusalCode } from '../../app/errors'
import { useAttemptKey } from '../../app/idempotency'
import { useSessionAccount, useUser } from '../../app/queries'
import { FUND_PASSWORD_PATTERN } from '../../lib/validators'
import { saveFundPassword } from './actions'
import './account.css'

type Form = { proof: string; fundPassword: string; confirmFundPassword: string }
type Errors = Partial<Record<keyof Form | 'form', string>>

const FIELD_OF_CODE: Record<string, keyof Form> = {
  password_wrong: 'proof',
  fund_password_wrong: 'proof',
  fund_password_format: 'fundPassword',
  password_mismatch: 'confirmFundPassword',
}

/**
 * /information/fundPass: the six-digit password asked before money leaves. The first one is
 * proved by the login password; changing it, by the current fund password.
 */
export function FundPassScreen() {
  const { t } = useLingui()
  // Done: back to the screen that sent the user here (the withdrawal form, the security list);
  // opened on its own, to the security list where the fund password lives, not to Home.
  const back = useBack('/information/safety')
  const account = useSessionAccount()
  const user = useUser(account)
  const isSet = user?.fundPasswordSet === true
  const attempt = useAttemptKey()
  const [form, setForm] = useState<Form>({ proof: '', fundPassword: '', confirmFundPassword: '' })
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)
  const set = (key: keyof Form, value: string) => setForm((f) => ({ ...f, [key]: value }))
  const digits = (v: string) => v.replace(/[^0-9]/g, '').slice(0, 6)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    const found: Errors = {
      proof: form.proof ? undefined : isSet ? t`Enter your current fund password.` : t`Enter your login password.`,
      fundPassword: FUND_PASSWORD_PATTERN.test(form.fundPassword) ? undefined : t`The fund password is six digits.`,
      confirmFundPassword: form.confirmFundPassword === form.fundPassword ? undefined : t`The two passwords do not match.`,
    }
    setErrors(found)
    if (Object.values(found).some(Boolean)) return
    setBusy(true)
    const input = isSet
      ? { oldFundPassword: form.proof, fundPassword: form.fundPassword, confirmFundPassword: form.confirmFundPassword }
      : { password: form.proof, fundPassword: form.fundPassword, confirmFundPassword: form.confirmFundPassword }
    try {
      await saveFundPassword(input, attempt.keyFor(input))
      attempt.done()
      toast.success(isSet ? t`Your fund password has been changed` : t`Your fund password is set`)
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
      <BackBar title={<Trans>Fund password</Trans>} />
      <div className="page">
        <form className="card form" onSubmit={(event) => void submit(event)} noValidate data-testid="fund-pass-form" data-set={isSet}>
          <p className="muted">
            {isSet ? <Trans>Change the six-digit password asked before money leaves your account.</Trans> : <Trans>Set the six-digit password asked before money leaves your account. It is not your login password.</Trans>}
          </p>
          <PasswordField
            label={isSet ? <Trans>Current fund password</Trans> : <Trans>Login password</Trans>}
            value={form.proof}
            onValue={(v) => set('proof', isSet ? digits(v) : v)}
            error={errors.proof}
            autoComplete={isSet ? 'off' : 'current-password'}
            inputMode={isSet ? 'numeric' : undefined}
            name="proof"
          />
          <PasswordField label={<Trans>New fund password</Trans>} value={form.fundPassword} onValue={(v) => set('fundPassword', digits(v))} error={errors.fundPassword} hint={<Trans>Six digits</Trans>} autoComplete="off" inputMode="numeric" name="fundPassword" />
          <PasswordField label={<Trans>Confirm new fund password</Trans>} value={form.confirmFundPassword} onValue={(v) => set('confirmFundPassword', digits(v))} error={errors.confirmFundPassword} autoComplete="off" inputMode="numeric" name="confirmFundPassword" />
          {errors.form ? <p className="form-error" role="alert">{errors.form}</p> : null}
          <button type="submit" className="btn btn--primary btn--block btn--large" disabled={busy || user === undefined} data-testid="fund-pass-submit">
            {busy ? <Trans>Saving…</Trans> : isSet ? <Trans>Change fund password</Trans> : <Trans>Set fund password</Trans>}
          </button>
        </form>
      </div>
    </div>
  )
}
