import { useState } from 'react'
import type { Operator } from '../contract/admin-replies'
import { AdminTable } from './AdminTable'
import { when } from './format'
import { PasswordForm } from './PasswordForm'
import { adminCall, errorText } from './session'
import { useAdminQuery } from './useAdminQuery'

/** Operator accounts: everyone signs in as themselves, so the audit log names a person. */
export function OperatorsPanel() {
  const list = useAdminQuery<{ data: Operator[] }>('/operator/list', {})
  const [message, setMessage] = useState<string | null>(null)
  return (
    <section>
      {list.error && <p className="admin-error">{list.error}</p>}
      <AdminTable>
        {list.data?.data.map((o) => (
          <tr key={o.username} data-testid="operator-row">
            <td>{o.username}</td>
            <td>{o.createdBy ? `added by ${o.createdBy}` : 'first operator (from TIJORI_OPERATOR)'}</td>
            <td>{when(o.createdAt)}</td>
          </tr>
        ))}
      </AdminTable>
      <form
        className="admin-search"
        onSubmit={(event) => {
          event.preventDefault()
          const formElement = event.currentTarget
          const form = new FormData(formElement)
          adminCall('/operator/create', { username: String(form.get('username')), password: String(form.get('password')) }).then(
            () => {
              formElement.reset()
              setMessage('Added.')
              list.reload()
            },
            (e: unknown) => setMessage(errorText(e)),
          )
        }}
      >
        <input name="username" placeholder="New operator name" aria-label="New operator name" required autoComplete="off" />
        <input name="password" type="password" placeholder="Their password (10+ characters)" aria-label="Their password" required autoComplete="new-password" />
        <button type="submit">Add operator</button>
      </form>
      {message && <p>{message}</p>}
      <OwnPassword />
    </section>
  )
}

/** The signed-in operator's own password (the first one's came from the environment). */
function OwnPassword() {
  const [message, setMessage] = useState<string | null>(null)
  return (
    <section className="admin-card" aria-labelledby="own-password-title">
      <h2 id="own-password-title">My password</h2>
      <PasswordForm
        submitLabel="Change password"
        onChanged={() => setMessage('Password changed. Your other sessions are signed out.')}
      />
      {message && <p role="status">{message}</p>}
    </section>
  )
}
