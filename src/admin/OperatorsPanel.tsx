import { useState } from 'react'
import type { Operator } from '../contract/admin-replies'
import { when } from './format'
import { adminCall, errorText } from './session'
import { useAdminQuery } from './useAdminQuery'

/** Operator accounts: everyone signs in as themselves, so the audit log names a person. */
export function OperatorsPanel() {
  const list = useAdminQuery<{ data: Operator[] }>('/operator/list', {})
  const [message, setMessage] = useState<string | null>(null)
  return (
    <section>
      {list.error && <p className="admin-error">{list.error}</p>}
      <table className="admin-table">
        <tbody>
          {list.data?.data.map((o) => (
            <tr key={o.username}>
              <td>{o.username}</td>
              <td>{o.createdBy ? `added by ${o.createdBy}` : 'first operator (from TIJORI_OPERATOR)'}</td>
              <td>{when(o.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
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
        <input name="username" placeholder="New operator name" required autoComplete="off" />
        <input name="password" type="password" placeholder="Their password (10+ characters)" required autoComplete="new-password" />
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
    <form
      className="admin-search"
      onSubmit={(event) => {
        event.preventDefault()
        const formElement = event.currentTarget
        const form = new FormData(formElement)
        adminCall('/operator/password', { oldPassword: String(form.get('oldPassword')), password: String(form.get('newPassword')) }).then(
          () => {
            formElement.reset()
            setMessage('Password changed. Your other sessions are signed out.')
          },
          (e: unknown) => setMessage(errorText(e)),
        )
      }}
    >
      <strong>My password</strong>
      <input name="oldPassword" type="password" placeholder="Current password" required autoComplete="current-password" />
      <input name="newPassword" type="password" placeholder="New password (10+ characters)" required autoComplete="new-password" />
      <button type="submit">Change</button>
      {message && <span>{message}</span>}
    </form>
  )
}
