import { useEffect } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { getSession } from '../../data/session'
import { CheckIcon } from '../../app/icons'
import { refreshAfterLogin } from './actions'
import './login.css'

/** The welcome is shown at least this long, so it reads as a step and not a flicker. */
const WELCOME_MS = 1200
/** Home opens after this even if the network is slow: it shows what Dexie has. */
const MAX_WAIT_MS = 4000

/** Just logged in: fetch the user and the rules, say welcome, then home. */
export function LoginAfterScreen() {
  const navigate = useNavigate()
  const account = getSession()?.account ?? ''
  useEffect(() => {
    let cancelled = false
    const shown = new Promise((resolve) => setTimeout(resolve, WELCOME_MS))
    const slow = new Promise((resolve) => setTimeout(resolve, MAX_WAIT_MS))
    void Promise.all([shown, Promise.race([refreshAfterLogin(), slow])]).then(() => {
      if (!cancelled) void navigate({ to: '/home/index', replace: true })
    })
    return () => {
      cancelled = true
    }
  }, [navigate])
  return (
    <div className="splash splash--welcome" role="status">
      <span className="splash-check"><CheckIcon /></span>
      <h1 className="splash-title"><Trans>Welcome</Trans></h1>
      <p className="splash-tagline">{account}</p>
      <p className="splash-tagline"><Trans>Getting your account ready…</Trans></p>
    </div>
  )
}
