import { type ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
import { formatDateTime } from '../lib/dates'

/**
 * A screen's "Last updated …" line (its last sync), or why there is nothing yet: still loading,
 * or never fetched on this device. `children` follows it (an offline note, say).
 */
export function SyncedLine({
  synced,
  loading,
  testId,
  className = 'list-updated',
  children,
}: {
  synced: number | null | undefined
  loading: boolean
  testId?: string
  className?: string
  children?: ReactNode
}) {
  const when = synced ? formatDateTime(synced) : null
  return (
    <p className={className} role="status" data-testid={testId}>
      {when ? <Trans>Last updated {when}</Trans> : loading ? <Trans>Loading…</Trans> : <Trans>Not updated yet</Trans>}
      {children}
    </p>
  )
}

/** A card's placeholder while its first rows are read. */
export function CardSkeleton({ lines = 1 }: { lines?: number }) {
  return (
    <div className="card" aria-busy="true">
      <span className="skeleton skeleton--title" />
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="skeleton skeleton--line" />
      ))}
    </div>
  )
}
