import { useEffect, useState } from 'react'
import { AuditPanel } from './AuditPanel'
import { IpoPanel } from './IpoPanel'
import { OperatorsPanel } from './OperatorsPanel'
import { PasswordForm } from './PasswordForm'
import { ReviewsPanel } from './ReviewsPanel'
import { SupportPanel } from './SupportPanel'
import { UsersPanel } from './UsersPanel'
import { adminCall, errorText, forget, signIn, storedOperator, type OperatorSession } from './session'

const PANELS = { reviews: 'Reviews', users: 'Users', ipo: 'New shares', support: 'Customer service', audit: 'Audit log', operators: 'Operators' } as const
type Panel = keyof typeof PANELS

/** Sign-in, the password change a first operator owes, then the panels. */
export function AdminApp() {
  const [operator, setOperator] = useState<OperatorSession | null>(storedOperator)
  const [panel, setPanel] = useState<Panel>('reviews')

  useEffect(() => {
    const signedOut = () => setOperator(null)
    // The server said this operator must change the password first (another tab, an old session).
    const mustChange = () => setOperator(storedOperator())
    window.addEventListener('operator-signed-out', signedOut)
    window.addEventListener('operator-must-change-password', mustChange)
    return () => {
      window.removeEventListener('operator-signed-out', signedOut)
      window.removeEventListener('operator-must-change-password', mustChange)
    }
  }, [])

  if (!operator)
    return (
      <main>
        <SignIn onSignedIn={setOperator} />
      </main>
    )

  const signOut = async () => {
    await adminCall('/operator/logout').catch(() => undefined)
    forget()
    setOperator(null)
  }

  if (operator.mustChangePassword) return <FirstPassword username={operator.username} onChanged={() => setOperator(storedOperator())} onSignOut={() => void signOut()} />

  return (
    <div className="admin">
      <header className="admin-bar">
        <h1 className="admin-title">Tijori back office</h1>
        <nav>
          {(Object.keys(PANELS) as Panel[]).map((p) => (
            <button key={p} type="button" className={p === panel ? 'active' : ''} onClick={() => setPanel(p)} data-testid={`panel-${p}`}>
              {PANELS[p]}
            </button>
          ))}
        </nav>
        <span className="admin-who">
          <span className="admin-username">{operator.username}</span>
          <button type="button" onClick={() => void signOut()} data-testid="sign-out">
            Sign out
          </button>
        </span>
      </header>
      <main className="admin-main">
        {panel === 'reviews' && <ReviewsPanel />}
        {panel === 'users' && <UsersPanel />}
        {panel === 'ipo' && <IpoPanel />}
        {panel === 'support' && <SupportPanel />}
        {panel === 'audit' && <AuditPanel />}
        {panel === 'operators' && <OperatorsPanel />}
      </main>
    </div>
  )
}

/** The first operator's password came from a setting everyone can read: nothing else works until it is changed (the server refuses too). */
function FirstPassword({ username, onChanged, onSignOut }: { username: string; onChanged: () => void; onSignOut: () => void }) {
  return (
    <main className="admin-signin" data-testid="first-password">
      <h1>Choose your own password</h1>
      <p>
        {username}, you signed in with the password you were given when the back office was set up. Others may know it: choose your own before anything
        else. Your other sessions will be signed out.
      </p>
      <PasswordForm submitLabel="Change password and continue" onChanged={onChanged} />
      <button type="button" onClick={onSignOut}>
        Sign out
      </button>
    </main>
  )
}

function SignIn({ onSignedIn }: { onSignedIn: (o: OperatorSession) => void }) {
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  return (
    <form
      className="admin-signin"
      onSubmit={(event) => {
        event.preventDefault()
        const form = new FormData(event.currentTarget)
        setBusy(true)
        setError(null)
        signIn(String(form.get('username')), String(form.get('password'))).then(onSignedIn, (e: unknown) => {
          setError(errorText(e))
          setBusy(false)
        })
      }}
    >
      <h1>Tijori back office</h1>
      <label>
        Operator
        <input name="username" autoComplete="username" required />
      </label>
      <label>
        Password
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      {error && (
        <p className="admin-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  )
}
