import { Trans } from '@lingui/react/macro'
import { formatDateTime } from '../../../lib/dates'
import { useLastSynced } from '../../../app/queries'
import { useStreamStatus } from '../queries'

/**
 * "Last updated …" of a list (its last sync), with the live stream's state: prices keep moving
 * while it is live, and the list is the saved copy while it is not.
 */
export function Updated({ syncKey, loading }: { syncKey: string | null; loading?: boolean }) {
  const synced = useLastSynced(syncKey)
  const stream = useStreamStatus()
  const when = synced ? formatDateTime(synced) : null
  return (
    <p className="mkt-updated" role="status" data-testid="mkt-updated" data-synced={synced ?? ''}>
      <span>
        {when ? <Trans>Last updated {when}</Trans> : loading ? <Trans>Loading…</Trans> : <Trans>Not updated yet</Trans>}
      </span>
      {stream?.state === 'live' ? (
        <span className="mkt-live" data-testid="stream-live"><Trans>Live</Trans></span>
      ) : stream?.state === 'connecting' ? (
        <span className="mkt-live mkt-live--wait"><Trans>Connecting…</Trans></span>
      ) : stream?.state === 'offline' ? (
        <span className="mkt-live mkt-live--off"><Trans>Saved prices</Trans></span>
      ) : null}
    </p>
  )
}

/** The exchange is simulated, and every market screen says so (DESIGN.md section 5). */
export function SimulatedNote() {
  return (
    <p className="mkt-simulated" data-testid="simulated-note">
      <Trans>Prices are simulated. They come from Tijori's demo exchange, not from NSE.</Trans>
    </p>
  )
}
