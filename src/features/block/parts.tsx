import { type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { type BlockApplication, type BlockOffering } from '../../data/block'
import { formatDateTime } from '../../lib/dates'
import type { BlockStage } from '../../contract/replies'
import { formatCountdown } from './rules'

// The shared line and placeholder (src/app/SyncedLine.tsx), under the names these screens use.
export { SyncedLine as Updated, CardSkeleton as Skeleton } from '../../app/SyncedLine'

export type BlockView = 'offerings' | 'progress' | 'records'

/** The three list screens of block trades, as tabs under the top bar. */
export function BlockTabs({ on }: { on: BlockView }) {
  const { t } = useLingui()
  const tab = (view: BlockView) => (view === on ? 'tab tab--on' : 'tab')
  const current = (view: BlockView) => (view === on ? ('page' as const) : undefined)
  return (
    <nav className="tabs" aria-label={t`Block trades`}>
      <Link to="/home/blockTrade" replace className={tab('offerings')} aria-current={current('offerings')} data-testid="block-tab-offerings"><Trans>Offerings</Trans></Link>
      <Link to="/home/blockTrade1" replace className={tab('progress')} aria-current={current('progress')} data-testid="block-tab-progress"><Trans>In progress</Trans></Link>
      <Link to="/home/blockTrade2" replace className={tab('records')} aria-current={current('records')} data-testid="block-tab-records"><Trans>Records</Trans></Link>
    </nav>
  )
}

export function StagePill({ stage }: { stage: BlockStage }) {
  if (stage === 'upcoming') return <span className="pill" data-testid="block-stage"><Trans>Not open yet</Trans></span>
  if (stage === 'open') return <span className="pill pill--ok" data-testid="block-stage"><Trans>Window open</Trans></span>
  if (stage === 'closed') return <span className="pill pill--queued" data-testid="block-stage"><Trans>Window closed, allocation pending</Trans></span>
  if (stage === 'allocated') return <span className="pill" data-testid="block-stage"><Trans>Allocated</Trans></span>
  return <span className="pill pill--failed" data-testid="block-stage"><Trans>Cancelled</Trans></span>
}

/** An offering's name, symbol and stage, as its card and its detail open. */
export function OfferingHead({ offering, stage }: { offering: Pick<BlockOffering, 'name' | 'symbol'>; stage: BlockStage }) {
  return (
    <header className="block-card-head">
      <div>
        <strong className="block-name">{offering.name}</strong>
        <span className="muted"> {offering.symbol}</span>
      </div>
      <StagePill stage={stage} />
    </header>
  )
}

export function SessionName({ session }: { session: BlockOffering['session'] }) {
  return session === 'morning' ? <Trans>Morning window</Trans> : <Trans>Afternoon window</Trans>
}

/** Where the window stands, with a countdown to its next step. */
export function WindowState({ offering, stage, now }: { offering: BlockOffering; stage: BlockStage; now: number }) {
  const opensIn = formatCountdown(offering.opensAt - now)
  const closesIn = formatCountdown(offering.closesAt - now)
  const allocateAt = formatDateTime(offering.allocateAt)
  const allocatedAt = formatDateTime(offering.allocatedAt ?? offering.allocateAt)
  const reason = offering.cancelReason ?? ''
  return (
    <span data-testid="block-window-state">
      {stage === 'upcoming' ? (
        <Trans>Opens in {opensIn}</Trans>
      ) : stage === 'open' ? (
        <Trans>Closes in {closesIn}</Trans>
      ) : stage === 'closed' ? (
        <Trans>Allocation at {allocateAt}</Trans>
      ) : stage === 'allocated' ? (
        <Trans>Allocated on {allocatedAt}</Trans>
      ) : reason ? (
        <Trans>Cancelled: {reason}</Trans>
      ) : (
        <Trans>Cancelled</Trans>
      )}
    </span>
  )
}

/** How long allocated shares stay locked. */
export function LockText({ offering }: { offering: Pick<BlockOffering, 'lockUnit' | 'lockCount'> }) {
  const count = offering.lockCount
  return offering.lockUnit === 'day' ? <Trans>{count} day(s) after allocation</Trans> : <Trans>{count} minute(s) after allocation</Trans>
}

export function ApplicationStatusPill({ status }: { status: BlockApplication['status'] | 'queued' | 'refused' }) {
  switch (status) {
    case 'queued':
      return <span className="pill pill--queued"><Trans>Waiting to send</Trans></span>
    case 'refused':
      return <span className="pill pill--failed"><Trans>Refused</Trans></span>
    case 'applied':
      return <span className="pill pill--queued"><Trans>Applied, money frozen</Trans></span>
    case 'allocated':
      return <span className="pill pill--ok"><Trans>Allocated</Trans></span>
    case 'not_allocated':
      return <span className="pill"><Trans>Not allocated</Trans></span>
    case 'cancelled':
      return <span className="pill pill--failed"><Trans>Cancelled</Trans></span>
  }
}

export function Fact({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="block-fact" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}
