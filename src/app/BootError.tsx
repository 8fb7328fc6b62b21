import { useState } from 'react'
import { Trans } from '@lingui/react/macro'

/**
 * Shown when the app cannot start: the first start needs the server's published rules
 * (/common/config) and there is neither a network nor a saved copy.
 */
export function BootError({ firstStart, onRetry }: { firstStart: boolean; onRetry: () => Promise<void> }) {
  const [busy, setBusy] = useState(false)
  return (
    <div className="boot-error" role="alert">
      <img className="boot-error-logo" src="/icons/icon-192.png" alt="" width="72" height="72" />
      <h1><Trans>Tijori cannot start</Trans></h1>
      {firstStart ? (
        <p><Trans>Connect to the internet once to set up the app. After that it also opens offline.</Trans></p>
      ) : (
        <p><Trans>Something went wrong while opening the app's storage. Please try again.</Trans></p>
      )}
      <button
        type="button"
        className="btn btn--primary btn--block"
        disabled={busy}
        onClick={() => {
          setBusy(true)
          void onRetry().finally(() => setBusy(false))
        }}
      >
        {busy ? <Trans>Trying…</Trans> : <Trans>Retry</Trans>}
      </button>
    </div>
  )
}
