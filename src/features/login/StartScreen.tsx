import { useEffect } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { getSession } from '../../data/session'
import { useSiteTitle } from './queries'
import './login.css'

/** How long the splash stays: long enough to read the name, short enough not to be in the way. */
const SPLASH_MS = 900

/** Splash: logo and title, then home with a session or the welcome screen without. */
export function StartScreen() {
  const navigate = useNavigate()
  const title = useSiteTitle()
  useEffect(() => {
    const timer = setTimeout(() => {
      void navigate({ to: getSession() ? '/home/index' : '/login/start1', replace: true })
    }, SPLASH_MS)
    return () => clearTimeout(timer)
  }, [navigate])
  return (
    <div className="splash">
      <img className="splash-mark" src="/icons/icon-192.png" alt="" width="96" height="96" />
      <h1 className="splash-title">{title}</h1>
      <p className="splash-tagline"><Trans>Invest in India, online or offline</Trans></p>
    </div>
  )
}
