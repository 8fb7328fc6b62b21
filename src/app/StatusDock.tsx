import { lazy, Suspense, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { formatDateTime } from '../lib/dates'
import { useLastSynced, usePendingOutbox } from './queries'
import { useOnline } from './useOnline'
import { CloudOffIcon, UploadIcon } from './icons'

// The sheet is only needed when the user opens it: keep it out of the first screen's JS.
const OutboxSheet = lazy(() => import('./OutboxSheet').then((m) => ({ default: m.OutboxSheet })))

/** Fixed above the bottom bar: the offline banner and the outbox badge, when there is something to say. */
export function StatusDock() {
  const online = useOnline()
  const pending = usePendingOutbox()
  const [sheetOpen, setSheetOpen] = useState(false)
  const count = pending?.length ?? 0
  const failed = pending?.some((item) => item.state === 'failed') ?? false
  if (online && count === 0 && !sheetOpen) return null
  return (
    <div className="status-dock">
      {count > 0 ? (
        <OutboxBadge count={count} failed={failed} onOpen={() => setSheetOpen(true)} />
      ) : null}
      {online ? null : <OfflineBanner />}
      {sheetOpen ? (
        <Suspense fallback={null}>
          <OutboxSheet items={pending ?? []} onClose={() => setSheetOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  )
}

function OfflineBanner() {
  const synced = useLastSynced('any')
  const when = synced ? formatDateTime(synced) : null
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      <CloudOffIcon className="offline-icon" />
      <span>
        <strong><Trans>You are offline.</Trans></strong>{' '}
        {when ? (
          <Trans>Last synced {when}</Trans>
        ) : (
          <Trans>Not synced yet.</Trans>
        )}
      </span>
    </div>
  )
}

function OutboxBadge({ count, failed, onOpen }: { count: number; failed: boolean; onOpen: () => void }) {
  const { t } = useLingui()
  return (
    <button
      type="button"
      className={failed ? 'outbox-badge outbox-badge--failed' : 'outbox-badge'}
      data-testid="outbox-badge"
      onClick={onOpen}
      aria-label={failed ? t`Requests waiting: ${count}, some failed` : t`Requests waiting to be sent: ${count}`}
    >
      <UploadIcon className="outbox-badge-icon" />
      <span className="outbox-badge-count">{count}</span>
    </button>
  )
}
