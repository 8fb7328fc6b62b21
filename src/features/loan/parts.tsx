/** Pieces shared by the loan screens: the "last updated" line, the skeleton, a fact, a loan's state, the refresh while open. */
import { type ReactNode, useEffect } from 'react'
import { Trans } from '@lingui/react/macro'
import { type LoanStatus } from '../../contract/replies'

// The shared line and placeholder (src/app/SyncedLine.tsx), under the names these screens use.
export { SyncedLine as Updated, CardSkeleton as Skeleton } from '../../app/SyncedLine'

export function Fact({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="loan-fact">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  )
}

/** A loan's state in words: pending review, rejected, borrowing (overdue past its due date), completed, cancelled. */
export function LoanStatusPill({ status, overdue = false }: { status: LoanStatus | 'queued' | 'refused'; overdue?: boolean }) {
  switch (status) {
    case 'pending':
      return <span className="pill pill--queued"><Trans>Pending review</Trans></span>
    case 'rejected':
      return <span className="pill pill--failed"><Trans>Rejected</Trans></span>
    case 'borrowing':
      return overdue ? <span className="pill pill--failed"><Trans>Overdue</Trans></span> : <span className="pill pill--ok"><Trans>Borrowing</Trans></span>
    case 'completed':
      return <span className="pill"><Trans>Completed</Trans></span>
    case 'cancelled':
      return <span className="pill"><Trans>Cancelled</Trans></span>
    case 'queued':
      return <span className="pill pill--queued"><Trans>Waiting to be sent</Trans></span>
    case 'refused':
      return <span className="pill pill--failed"><Trans>Refused</Trans></span>
  }
}

/**
 * Runs `load` again every `ms` while `when` holds, the screen is open and the page visible: a
 * loan or a request in review is fetched until its decision reaches this copy.
 */
export function useRefreshWhile(when: boolean, load: () => Promise<unknown>, ms: number): void {
  useEffect(() => {
    if (!when) return
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && navigator.onLine) void load().catch(() => undefined)
    }, ms)
    return () => clearInterval(timer)
    // `load` is a fresh closure each render; `when` and `ms` say when it means something else.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [when, ms])
}
