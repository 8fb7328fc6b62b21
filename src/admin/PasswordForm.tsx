import { useId, useState } from 'react'
import { changePassword, errorText } from './session'

/**
 * The operator's own password change: the current one, the new one twice (a mistyped new password
 * would lock the operator out). The server checks the current one, guess-limited, and the length.
 */
export function PasswordForm({ submitLabel, onChanged }: { submitLabel: string; onChanged: () => void }) {
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const id = useId()
  return (
    <form
      className="admin-password"
      data-testid="password-form"
      onSubmit={(event) => {
        event.preventDefault()
        const formElement = event.currentTarget
        const form = new FormData(formElement)
        const password = String(form.get('newPassword'))
        if (password !== String(form.get('confirmPassword'))) {
          setError('The two new passwords differ.')
          return
        }
        setBusy(true)
        setError(null)
        changePassword(String(form.get('oldPassword')), password).then(
          () => {
            formElement.reset()
            setBusy(false)
            onChanged()
          },
          (e: unknown) => {
            setError(errorText(e))
            setBusy(false)
          },
        )
      }}
    >
      <label htmlFor={`${id}-old`}>Current password</label>
      <input id={`${id}-old`} name="oldPassword" type="password" required autoComplete="current-password" />
      <label htmlFor={`${id}-new`}>New password (10 or more characters)</label>
      <input id={`${id}-new`} name="newPassword" type="password" required minLength={10} autoComplete="new-password" />
      <label htmlFor={`${id}-confirm`}>New password again</label>
      <input id={`${id}-confirm`} name="confirmPassword" type="password" required minLength={10} autoComplete="new-password" />
      {error && (
        <p className="admin-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy} data-testid="password-submit">
        {busy ? 'Changing…' : submitLabel}
      </button>
    </form>
  )
}
