import { useEffect, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { lazyToast } from './toaster'

type Updater = (reloadPage?: boolean) => Promise<void>

/**
 * The service worker waits (registerType 'prompt') until the user accepts the new version here;
 * "Reload" posts SKIP_WAITING and reloads once the new worker controls the page.
 */
export function UpdatePrompt() {
  const { t } = useLingui()
  const [update, setUpdate] = useState<Updater | null>(null)
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return
    let cancelled = false
    // Loaded after the first screen: workbox-window is not needed to show it.
    void import('virtual:pwa-register').then(({ registerSW }) => {
      if (cancelled) return
      const updateSW = registerSW({
        onNeedRefresh: () => setUpdate(() => updateSW),
        onOfflineReady: () => {
          const message = t`Tijori is ready to work offline`
          lazyToast((toast) => toast.success(message))
        },
      })
    })
    return () => {
      cancelled = true
    }
    // Register once per page load; the translated toast text is read when it fires.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  if (!update) return null
  return (
    <div className="update-prompt" role="alertdialog" aria-live="polite" aria-label={t`Update available`} data-testid="update-prompt">
      <span><Trans>A new version of Tijori is available.</Trans></span>
      <div className="update-prompt-actions">
        <button type="button" className="btn btn--small btn--ghost-light" onClick={() => setUpdate(null)}>
          <Trans>Later</Trans>
        </button>
        <button type="button" className="btn btn--small btn--light" onClick={() => reloadInto(update)} data-testid="update-reload">
          <Trans>Reload</Trans>
        </button>
      </div>
    </div>
  )
}

/**
 * Activates the waiting worker, then reloads once it controls the page. workbox-window reloads
 * by itself only for a worker it counts as its own update; one the browser found on a later
 * check (an update found over a minute after registering, or on a page the worker first
 * installed on) it counts as external and leaves the page on the old version.
 */
function reloadInto(update: Updater): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true })
  void update(true)
}
