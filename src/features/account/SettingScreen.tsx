import { useId, useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { toast } from '../../app/toast'
import { NATIVE_NAMES, normalizeLanguage } from '../../i18n/languages'
import { BackBar } from '../../app/BackBar'
import { ConfirmDialog } from '../../app/ConfirmDialog'
import { Modal } from '../../app/Sheet'
import { DeviceCard } from '../device/DeviceCard'
import { AboutMenu, MenuLink } from './MenuLink'
import { logOut, sendBeforeLogout } from './actions'
import './account.css'

/** The logged-out toast is read for this long before the login screen opens. */
const AFTER_LOGOUT_MS = 1000

/**
 * Settings: the account's screens again, and logging out (with a confirmation). Logging out
 * forgets the account on this device; requests it has not sent are counted first, and the user
 * sends them or lets them go: they are never dropped without being asked.
 */
export function SettingScreen() {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const [confirming, setConfirming] = useState(false)
  const [leaving, setLeaving] = useState(false)
  const [unsent, setUnsent] = useState(0)
  const [sending, setSending] = useState(false)
  const unsentTitleId = useId()
  const language = NATIVE_NAMES[normalizeLanguage(i18n.locale)]

  async function leave(opts: { discardUnsent?: boolean } = {}) {
    setConfirming(false)
    setLeaving(true)
    const result = await logOut(opts)
    if (!result.loggedOut) {
      setLeaving(false)
      setUnsent(result.unsent)
      return
    }
    setUnsent(0)
    toast.success(t`You have logged out`)
    setTimeout(() => void navigate({ to: '/login/login', replace: true }), AFTER_LOGOUT_MS)
  }

  async function sendFirst() {
    setSending(true)
    const remaining = await sendBeforeLogout()
    setSending(false)
    if (remaining === 0) {
      await leave()
      return
    }
    setUnsent(remaining)
    toast.error(t`Some requests could not be sent. Try again when online, or discard them.`)
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
        <DeviceCard />
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
        onConfirm={() => void leave()}
      >
        <Trans>Your account's data is removed from this device. It stays safe on the server.</Trans>
      </ConfirmDialog>
      <Modal open={unsent > 0} onClose={() => setUnsent(0)} variant="dialog" labelledBy={unsentTitleId} testId="logout-unsent">
        <h2 id={unsentTitleId} className="modal-title">
          <Trans>Requests not sent</Trans>
        </h2>
        <div className="modal-text" data-testid="logout-unsent-count" data-count={unsent}>
          <Plural
            value={unsent}
            one="# request has not reached the server yet. Send it before logging out, or discard it."
            other="# requests have not reached the server yet. Send them before logging out, or discard them."
          />
        </div>
        <div className="modal-actions">
          <button type="button" className="btn btn--ghost" onClick={() => setUnsent(0)}>
            <Trans>Cancel</Trans>
          </button>
          <button type="button" className="btn btn--danger" data-testid="logout-discard" disabled={sending} onClick={() => void leave({ discardUnsent: true })}>
            <Trans>Discard and log out</Trans>
          </button>
          <button type="button" className="btn btn--primary" data-testid="logout-send" disabled={sending} onClick={() => void sendFirst()}>
            {sending ? <Trans>Sending…</Trans> : <Trans>Send first</Trans>}
          </button>
        </div>
      </Modal>
    </div>
  )
}
