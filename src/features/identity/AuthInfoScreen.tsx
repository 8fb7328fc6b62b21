import { type FormEvent, useEffect, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { toast } from '../../app/toast'
import { BackBar } from '../../app/BackBar'
import { TextField } from '../../app/fields'
import { errorText, refusalCode } from '../../app/errors'
import { useAttemptKey } from '../../app/idempotency'
import { useOnline } from '../../app/useOnline'
import { useConfig, useSessionAccount } from '../../app/queries'
import { type StoredRealName } from '../../data/identity'
import { PAN_PATTERN } from '../../lib/validators'
import { refreshRealName, submitRealName } from './actions'
import { useRealName } from './queries'
import { PhotoField, UPLOAD_MAX_BYTES } from './PhotoField'
import './identity.css'

type Form = { name: string; idNumber: string; pan: string; front: File | null; back: File | null }
type Errors = Partial<Record<keyof Form | 'form', string>>

const FIELD_OF_CODE: Record<string, keyof Form> = { name_invalid: 'name', id_number_invalid: 'idNumber', pan_invalid: 'pan' }
/** While a review is open the screen asks again this often, so an approval shows by itself. */
const PENDING_POLL_MS = 3000

/** /information/authInfo: the identity's status, and the form that sends it for review. */
export function AuthInfoScreen() {
  const account = useSessionAccount()
  const info = useRealName(account)
  const status = info?.status
  useEffect(() => {
    void refreshRealName()
    if (status !== 'pending') return
    const timer = setInterval(() => void refreshRealName({ fresh: true }), PENDING_POLL_MS)
    return () => clearInterval(timer)
  }, [account, status])

  return (
    <div className="account identity">
      <BackBar title={<Trans>Identity verification</Trans>} />
      <div className="page">
        {info === undefined ? (
          <div className="card" aria-busy="true"><span className="skeleton skeleton--title" /><span className="skeleton skeleton--line" /></div>
        ) : (
          <StatusCard info={info} />
        )}
        {info !== undefined && (info === null || info.status === 'none' || info.status === 'failed') ? <RealNameForm /> : null}
      </div>
    </div>
  )
}

function StatusCard({ info }: { info: StoredRealName | null }) {
  const auto = useConfig('auto_review_seconds')
  const status = info?.status ?? 'none'
  const name = info?.name ?? ''
  const reason = info?.reason ?? ''
  return (
    <section className="card identity-status" data-testid="real-name-status" data-status={status}>
      {status === 'verified' ? (
        <>
          <h2 className="section-title"><Trans>Your identity is verified</Trans></h2>
          <p><Trans>Name: {name}</Trans></p>
          <Link to="/information/bankList" className="btn btn--outline btn--block"><Trans>Bank cards</Trans></Link>
        </>
      ) : status === 'pending' ? (
        <>
          <h2 className="section-title"><Trans>Under review</Trans></h2>
          <p className="muted"><Trans>We are checking your details and photos. This screen updates by itself.</Trans></p>
          {auto ? <p className="demo-note"><Trans>Demo: reviews are approved automatically after {auto} seconds.</Trans></p> : null}
        </>
      ) : status === 'failed' ? (
        <>
          <h2 className="section-title"><Trans>Verification failed</Trans></h2>
          {reason ? <p className="form-error" data-testid="real-name-reason"><Trans>Reason: {reason}</Trans></p> : null}
          <p className="muted"><Trans>Correct what the reason names and send again.</Trans></p>
        </>
      ) : (
        <>
          <h2 className="section-title"><Trans>Not verified yet</Trans></h2>
          <p className="muted"><Trans>Trading, deposits and withdrawals need a verified identity: your name as on your ID, your ID number, your PAN and photos of both sides of your ID.</Trans></p>
        </>
      )}
    </section>
  )
}

function RealNameForm() {
  const { t } = useLingui()
  const online = useOnline()
  const attempt = useAttemptKey()
  const [form, setForm] = useState<Form>({ name: '', idNumber: '', pan: '', front: null, back: null })
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }))

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    const pan = form.pan.trim().toUpperCase()
    const tooLarge = t`A photo may be at most 5 MB.`
    const found: Errors = {
      name: form.name.trim() ? undefined : t`Enter your name as on your ID.`,
      idNumber: form.idNumber.trim() ? undefined : t`Enter your ID number.`,
      pan: PAN_PATTERN.test(pan) ? undefined : t`The PAN must be five letters, four digits and a letter, like ABCDE1234F.`,
      front: !form.front ? t`Add a photo of the front of your ID.` : form.front.size > UPLOAD_MAX_BYTES ? tooLarge : undefined,
      back: !form.back ? t`Add a photo of the back of your ID.` : form.back.size > UPLOAD_MAX_BYTES ? tooLarge : undefined,
    }
    setErrors(found)
    if (Object.values(found).some(Boolean) || !form.front || !form.back) return
    setBusy(true)
    const input = { name: form.name.trim(), idNumber: form.idNumber.trim(), pan, front: form.front, back: form.back }
    try {
      const fingerprint = { ...input, front: [form.front.name, form.front.size, form.front.lastModified], back: [form.back.name, form.back.size, form.back.lastModified] }
      await submitRealName(input, attempt.keyFor(fingerprint))
      attempt.done()
      toast.success(t`Sent for review`)
    } catch (error) {
      const code = refusalCode(error)
      const field = code ? FIELD_OF_CODE[code] : undefined
      setErrors(field ? { [field]: errorText(error) } : { form: errorText(error) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="card form" onSubmit={(event) => void submit(event)} noValidate data-testid="real-name-form">
      <TextField label={<Trans>Name as on your ID</Trans>} value={form.name} onValue={(v) => set('name', v)} error={errors.name} name="name" autoComplete="name" maxLength={100} />
      <TextField label={<Trans>ID number</Trans>} value={form.idNumber} onValue={(v) => set('idNumber', v)} error={errors.idNumber} name="idNumber" autoComplete="off" maxLength={32} />
      <TextField
        label={<Trans>PAN</Trans>}
        value={form.pan}
        onValue={(v) => set('pan', v.toUpperCase())}
        error={errors.pan}
        hint={<Trans>Five letters, four digits and a letter, like ABCDE1234F</Trans>}
        name="pan"
        autoComplete="off"
        maxLength={10}
      />
      <PhotoField label={<Trans>Front of your ID</Trans>} file={form.front} onFile={(f) => set('front', f)} error={errors.front} testId="photo-front" />
      <PhotoField label={<Trans>Back of your ID</Trans>} file={form.back} onFile={(f) => set('back', f)} error={errors.back} testId="photo-back" />
      {!online ? <p className="form-error" role="status"><Trans>Sending photos needs the internet. Your entries stay here until you are online.</Trans></p> : null}
      {errors.form ? <p className="form-error" role="alert" data-testid="real-name-error">{errors.form}</p> : null}
      <button type="submit" className="btn btn--primary btn--block btn--large" disabled={busy || !online} data-testid="real-name-submit">
        {busy ? <Trans>Sending photos…</Trans> : <Trans>Send for review</Trans>}
      </button>
    </form>
  )
}
