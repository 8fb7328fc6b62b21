import { useEffect, useState } from 'react'
import { AuditPanel } from './AuditPanel'
import { IpoPanel } from './IpoPanel'
import { OperatorsPanel } from './OperatorsPanel'
import { ReviewsPanel } from './ReviewsPanel'
import { SupportPanel } from './SupportPanel'
import { UsersPanel } from './UsersPanel'
import { adminCall, errorText, forget, signIn, storedOperator, type OperatorSession } from './session'

const PANELS = { reviews: 'Reviews', users: 'Users', ipo: 'New shares', support: 'Customer service', audit: 'Audit log', operators: 'Operators' } as const
type Panel = keyof typeof PANELS

/** Sign-in, then the panels. */
export function AdminApp() {
  const [operator, setOperator] = useState<OperatorSession | null>(storedOperator)
  const [panel, setPanel] = useState<Panel>('reviews')

  useEffect(() => {
    const signedOut = () => setOperator(null)
    window.addEventListener('operator-signed-out', signedOut)
    return () => window.removeEventListener('operator-signed-out', signedOut)
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
          {operator.username}{' '}
          <button type="button" onClick={() => void signOut()}>
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
