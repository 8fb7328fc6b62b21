import { type FormEvent, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { PasswordField, TextField } from '../../app/fields'
import { errorText } from '../../app/errors'
import { useAttemptKey } from '../../app/idempotency'
import { QrCode } from '../../app/QrCode'
import { saveFile } from '../../app/saveFile'
import { toast } from '../../app/toast'
import { useOnline } from '../../app/useOnline'
import { type TotpSetup } from '../../data/privacy'
import { TOTP_CODE_MAX } from '../../app/TotpCodeField'
import { disableTotp, enableTotp, setupTotp } from './actions'
import './privacy.css'

/**
 * Two-step sign-in (TOTP, RFC 6238) on the account safety screen. Turning it on: the login
 * password, then the secret as a QR code and as text for an authenticator app, then one of its
 * codes to prove it works, then the ten recovery codes, shown this once (the server keeps only
 * their hashes) to copy or download. Turning it off takes the password and a code. The secret
 * and the codes live in this component's state only: nothing of them is written to the device.
 */
export function TwoStepCard({ enabled }: { enabled: boolean }) {
  // The step in progress wins over the stored flag: the codes stay on screen after /user/info
  // has already said "on", until the user says they are saved.
  const [step, setStep] = useState<Step>({ at: 'idle' })
  return (
    <section className="card privacy-card" data-testid="totp-card" data-enabled={enabled}>
      <h2 className="section-title"><Trans>Two-step sign-in</Trans></h2>
      {step.at === 'password' ? (
        <PasswordStep onSetup={(setup) => setStep({ at: 'scan', setup })} onCancel={() => setStep({ at: 'idle' })} />
      ) : step.at === 'scan' ? (
        <ScanStep setup={step.setup} onEnabled={(codes) => setStep({ at: 'codes', codes })} onCancel={() => setStep({ at: 'idle' })} />
      ) : step.at === 'codes' ? (
        <RecoveryCodes codes={step.codes} onDone={() => setStep({ at: 'idle' })} />
      ) : step.at === 'disable' ? (
        <DisableStep onDone={() => setStep({ at: 'idle' })} />
      ) : enabled ? (
        <>
          <p><span className="pill pill--ok" data-testid="totp-on"><Trans>On</Trans></span> <Trans>Signing in and withdrawing need a code from your authenticator app.</Trans></p>
          <button type="button" className="btn btn--outline btn--block" onClick={() => setStep({ at: 'disable' })} data-testid="totp-disable-start">
            <Trans>Turn off two-step sign-in</Trans>
          </button>
        </>
      ) : (
        <>
          <p className="muted"><Trans>Ask for a code from an authenticator app (Google Authenticator, Microsoft Authenticator and others) when you sign in and when you withdraw, so a stolen password is not enough.</Trans></p>
          <button type="button" className="btn btn--primary btn--block" onClick={() => setStep({ at: 'password' })} data-testid="totp-start">
            <Trans>Turn on two-step sign-in</Trans>
          </button>
        </>
      )}
    </section>
  )
}

type Step = { at: 'idle' } | { at: 'password' } | { at: 'scan'; setup: TotpSetup } | { at: 'codes'; codes: string[] } | { at: 'disable' }

function PasswordStep({ onSetup, onCancel }: { onSetup: (setup: TotpSetup) => void; onCancel: () => void }) {
  const { t } = useLingui()
  const online = useOnline()
  const attempt = useAttemptKey()
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    if (!password) return setError(t`Enter your password.`)
    setBusy(true)
    try {
      const setup = await setupTotp(password, attempt.keyFor({ password }))
      attempt.done()
      onSetup(setup)
    } catch (e) {
      setError(errorText(e))
      setBusy(false)
    }
  }

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate data-testid="totp-password-form">
      <PasswordField label={<Trans>Login password</Trans>} value={password} onValue={setPassword} name="totpPassword" autoComplete="current-password" error={error} autoFocus />
      {!online ? <p className="form-error" role="status"><Trans>This needs the internet.</Trans></p> : null}
      <div className="privacy-buttons">
        <button type="button" className="btn btn--outline" onClick={onCancel}><Trans>Cancel</Trans></button>
        <button type="submit" className="btn btn--primary" disabled={!online || busy} data-testid="totp-password-submit">
          {busy ? <Trans>Sending…</Trans> : <Trans>Continue</Trans>}
        </button>
      </div>
    </form>
  )
}

/** Groups of four, as authenticator apps show a typed key: easier to read out and to type. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ')
}

function ScanStep({ setup, onEnabled, onCancel }: { setup: TotpSetup; onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const { t } = useLingui()
  const online = useOnline()
  const attempt = useAttemptKey()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    if (!/^\d{6}$/.test(code)) return setError(t`Enter the 6-digit code your app shows.`)
    setBusy(true)
    try {
      const { recoveryCodes } = await enableTotp(code, attempt.keyFor({ code }))
      attempt.done()
      onEnabled(recoveryCodes)
    } catch (e) {
      setError(errorText(e))
      setBusy(false)
    }
  }

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate data-testid="totp-scan-form">
      <p><Trans>1. In your authenticator app, add an account and scan this code.</Trans></p>
      <div className="privacy-qr">
        <QrCode value={setup.otpauthUrl} size={200} label={t`QR code for your authenticator app`} testId="totp-qr" />
      </div>
      <p className="muted"><Trans>Cannot scan? Type this key instead (time-based):</Trans></p>
      <p className="privacy-secret" data-testid="totp-secret" data-secret={setup.secret}>{grouped(setup.secret)}</p>
      <p><Trans>2. Enter the 6-digit code the app shows now.</Trans></p>
      <TextField
        label={<Trans>Code from the app</Trans>}
        value={code}
        onValue={(v) => setCode(v.replace(/\D/g, '').slice(0, 6))}
        name="totpEnableCode"
        inputMode="numeric"
        autoComplete="one-time-code"
        error={error}
        data-testid="totp-enable-code"
      />
      <div className="privacy-buttons">
        <button type="button" className="btn btn--outline" onClick={onCancel}><Trans>Cancel</Trans></button>
        <button type="submit" className="btn btn--primary" disabled={!online || busy} data-testid="totp-enable-submit">
          {busy ? <Trans>Sending…</Trans> : <Trans>Turn on</Trans>}
        </button>
      </div>
    </form>
  )
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useLingui()
  const [saved, setSaved] = useState(false)
  const text = codes.join('\n')

  async function copy() {
    try {
      await navigator.clipboard.writeText(text)
      toast.success(t`Recovery codes copied.`)
    } catch {
      toast.error(t`Could not copy. Write the codes down or download them.`)
    }
  }

  return (
    <div className="privacy-card" data-testid="totp-recovery">
      <p><span className="pill pill--ok"><Trans>On</Trans></span> <Trans>Two-step sign-in is on.</Trans></p>
      <p><strong><Trans>Save these recovery codes now: they are shown only this once.</Trans></strong></p>
      <p className="muted"><Trans>Each code works once in place of a code from the app, if you lose your phone.</Trans></p>
      <ul className="privacy-codes" data-testid="totp-recovery-codes">
        {codes.map((code) => <li key={code}>{code}</li>)}
      </ul>
      <div className="privacy-buttons">
        <button type="button" className="btn btn--outline" onClick={() => void copy()} data-testid="totp-recovery-copy"><Trans>Copy</Trans></button>
        <button type="button" className="btn btn--outline" onClick={() => saveFile(new Blob([`${text}\n`], { type: 'text/plain' }), 'tijori-recovery-codes.txt')} data-testid="totp-recovery-download">
          <Trans>Download</Trans>
        </button>
      </div>
      <label className="privacy-check">
        <input type="checkbox" checked={saved} onChange={(e) => setSaved(e.target.checked)} data-testid="totp-recovery-saved" />
        <span><Trans>I saved them somewhere safe</Trans></span>
      </label>
      <button type="button" className="btn btn--primary btn--block" disabled={!saved} onClick={onDone} data-testid="totp-recovery-done"><Trans>Done</Trans></button>
    </div>
  )
}

function DisableStep({ onDone }: { onDone: () => void }) {
  const { t } = useLingui()
  const online = useOnline()
  const attempt = useAttemptKey()
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    if (!password) return setError(t`Enter your password.`)
    if (!code.trim()) return setError(t`Enter a code from your app or a recovery code.`)
    setBusy(true)
    const input = { password, code: code.trim() }
    try {
      await disableTotp(input.password, input.code, attempt.keyFor(input))
      attempt.done()
      toast.success(t`Two-step sign-in is off.`)
      onDone()
    } catch (e) {
      setError(errorText(e))
      setBusy(false)
    }
  }

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate data-testid="totp-disable-form">
      <PasswordField label={<Trans>Login password</Trans>} value={password} onValue={setPassword} name="totpDisablePassword" autoComplete="current-password" />
      <TextField
        label={<Trans>Code from the app, or a recovery code</Trans>}
        value={code}
        onValue={(v) => setCode(v.slice(0, TOTP_CODE_MAX))}
        name="totpDisableCode"
        autoComplete="one-time-code"
        autoCapitalize="none"
        data-testid="totp-disable-code"
      />
      {error ? <p className="form-error" role="alert">{error}</p> : null}
      <div className="privacy-buttons">
        <button type="button" className="btn btn--outline" onClick={onDone}><Trans>Cancel</Trans></button>
        <button type="submit" className="btn btn--danger" disabled={!online || busy} data-testid="totp-disable-submit">
          {busy ? <Trans>Sending…</Trans> : <Trans>Turn off</Trans>}
        </button>
      </div>
    </form>
  )
}
