import { type FormEvent, useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { toast } from '../../app/toast'
import { BackBar } from '../../app/BackBar'
import { TextField } from '../../app/fields'
import { errorText } from '../../app/errors'
import { useOnline } from '../../app/useOnline'
import { useSessionAccount, useUser } from '../../app/queries'
import { type BankCardInput } from '../../data/identity'
import { BANK_ACCOUNT_PATTERN, IFSC_PATTERN, normalizeName } from '../../lib/validators'
import { addBankCard } from './actions'
import './identity.css'

type Errors = Partial<Record<keyof BankCardInput | 'form', string>>

/** /information/addBankCard: a card in the verified holder's name, checked here first, queued to send. */
export function AddBankCardScreen() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const online = useOnline()
  const account = useSessionAccount()
  const user = useUser(account)
  const verifiedName = user?.realName.status === 'verified' ? user.realName.name : null
  const [form, setForm] = useState<BankCardInput>({ holder: '', accountNumber: '', ifsc: '', bank: '', branch: '' })
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)
  const set = (key: keyof BankCardInput, value: string) => setForm((f) => ({ ...f, [key]: value }))
  const holder = form.holder || verifiedName || ''

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    const input = { ...form, holder: holder.trim(), accountNumber: form.accountNumber.replace(/\s+/g, ''), ifsc: form.ifsc.trim().toUpperCase(), bank: form.bank.trim(), branch: form.branch.trim() }
    const found: Errors = {
      holder: verifiedName && normalizeName(input.holder) === normalizeName(verifiedName) ? undefined : t`The card holder must be the verified account holder.`,
      accountNumber: BANK_ACCOUNT_PATTERN.test(input.accountNumber) ? undefined : t`The account number must be 9 to 18 digits.`,
      ifsc: IFSC_PATTERN.test(input.ifsc) ? undefined : t`The IFSC must be four letters, a zero and six letters or digits, like SBIN0001234.`,
      bank: input.bank ? undefined : t`Enter the bank.`,
      branch: input.branch ? undefined : t`Enter the branch.`,
    }
    setErrors(found)
    if (Object.values(found).some(Boolean)) return
    setBusy(true)
    try {
      await addBankCard(input)
      toast(online ? t`Adding the card…` : t`Queued, will send when online`)
      void navigate({ to: '/information/bankList', replace: true })
    } catch (error) {
      setErrors({ form: errorText(error) })
      setBusy(false)
    }
  }

  return (
    <div className="account identity">
      <BackBar title={<Trans>Add a bank card</Trans>} />
      <div className="page">
        <form className="card form" onSubmit={(event) => void submit(event)} noValidate data-testid="card-form">
          <TextField label={<Trans>Card holder</Trans>} value={holder} onValue={(v) => set('holder', v)} error={errors.holder} hint={<Trans>Your verified name</Trans>} name="holder" autoComplete="name" maxLength={100} />
          <TextField label={<Trans>Account number</Trans>} value={form.accountNumber} onValue={(v) => set('accountNumber', v.replace(/[^0-9 ]/g, ''))} error={errors.accountNumber} name="accountNumber" inputMode="numeric" autoComplete="off" maxLength={24} />
          <TextField label={<Trans>IFSC</Trans>} value={form.ifsc} onValue={(v) => set('ifsc', v.toUpperCase())} error={errors.ifsc} hint={<Trans>11 characters, like SBIN0001234</Trans>} name="ifsc" autoComplete="off" maxLength={11} />
          <TextField label={<Trans>Bank</Trans>} value={form.bank} onValue={(v) => set('bank', v)} error={errors.bank} name="bank" maxLength={100} />
          <TextField label={<Trans>Branch</Trans>} value={form.branch} onValue={(v) => set('branch', v)} error={errors.branch} name="branch" maxLength={200} />
          {errors.form ? <p className="form-error" role="alert">{errors.form}</p> : null}
          <button type="submit" className="btn btn--primary btn--block btn--large" disabled={busy || !verifiedName} data-testid="card-submit">
            <Trans>Add card</Trans>
          </button>
        </form>
      </div>
    </div>
  )
}
