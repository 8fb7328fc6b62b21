import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { EyeIcon } from './icons'
import { cleanAccountInput } from './validation'

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'>

type FieldProps = InputProps & {
  label: ReactNode
  value: string
  onValue: (value: string) => void
  error?: string | null
  hint?: ReactNode
  prefix?: ReactNode
}

/** A labelled input with its hint and error; the error is tied to the input for screen readers. */
export function TextField({ label, value, onValue, error, hint, prefix, ...input }: FieldProps) {
  const id = useId()
  const noteId = `${id}-note`
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <label className="field-label" htmlFor={id}>{label}</label>
      <div className="field-box">
        {prefix ? <span className="field-prefix">{prefix}</span> : null}
        <input
          {...input}
          id={id}
          className="field-input"
          value={value}
          onChange={(event) => onValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? noteId : undefined}
        />
      </div>
      {error ? (
        <p className="field-error" id={noteId} role="alert">{error}</p>
      ) : hint ? (
        <p className="field-hint" id={noteId}>{hint}</p>
      ) : null}
    </div>
  )
}

/** The mobile number that is the account: +91 shown, digits only kept (see cleanAccountInput). */
export function AccountField({ value, onValue, error }: { value: string; onValue: (account: string) => void; error?: string | null }) {
  const { t } = useLingui()
  return (
    <TextField
      label={<Trans>Mobile number</Trans>}
      prefix="+91"
      value={value}
      onValue={(v) => onValue(cleanAccountInput(v))}
      error={error}
      inputMode="numeric"
      autoComplete="username"
      name="account"
      placeholder={t`10-digit mobile number`}
    />
  )
}

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<FieldProps, 'type' | 'prefix'>) {
  const { t } = useLingui()
  const [shown, setShown] = useState(false)
  return (
    <div className="password-field">
      <TextField {...props} type={shown ? 'text' : 'password'} autoCapitalize="off" autoCorrect="off" spellCheck={false} />
      <button
        type="button"
        className="password-toggle"
        onClick={() => setShown((v) => !v)}
        aria-label={shown ? t`Hide password` : t`Show password`}
        aria-pressed={shown}
      >
        <EyeIcon off={shown} />
      </button>
    </div>
  )
}
