import { useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { toast } from '../../app/toast'
import { NATIVE_NAMES, normalizeLanguage } from '../../i18n/languages'
import { BackBar } from '../../app/BackBar'
import { ConfirmDialog } from '../../app/ConfirmDialog'
import { AboutMenu, MenuLink } from './MenuLink'
import { logOut } from './actions'
import './account.css'

/** The logged-out toast is read for this long before the login screen opens. */
const AFTER_LOGOUT_MS = 1000

/** Settings: the account's screens again, and logging out (with a confirmation). */
export function SettingScreen() {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const [confirming, setConfirming] = useState(false)
  const [leaving, setLeaving] = useState(false)
  const language = NATIVE_NAMES[normalizeLanguage(i18n.locale)]

  async function confirmLogout() {
    setConfirming(false)
    setLeaving(true)
    await logOut()
    toast.success(t`You have logged out`)
    setTimeout(() => void navigate({ to: '/login/login', replace: true }), AFTER_LOGOUT_MS)
  }

  return (
    <div className="account">
      <BackBar title={<Trans>Settings</Trans>} />
      <div className="page">
        <ul className="menu">
          <MenuLink to="/information/changeLang" value={language}><Trans>Language</Trans></MenuLink>
          <MenuLink to="/information/loginPass"><Trans>Login password</Trans></MenuLink>
        </ul>
        <AboutMenu />
        <button
          type="button"
          className="btn btn--block btn--large logout-button"
          data-testid="logout-button"
          disabled={leaving}
          onClick={() => setConfirming(true)}
        >
          {leaving ? <Trans>Logging out…</Trans> : <Trans>Log out</Trans>}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={<Trans>Log out?</Trans>}
        confirmLabel={<Trans>Log out</Trans>}
        danger
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirmLogout()}
      >
        <Trans>Requests still waiting to be sent stay on this device and are sent after you log in again.</Trans>
      </ConfirmDialog>
    </div>
  )
}
