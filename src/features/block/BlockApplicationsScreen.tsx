import { useEffect } from 'react'
import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { BackBar } from '../../app/BackBar'
import { useSessionAccount } from '../../app/queries'
import { useLoading } from '../../app/useLoading'
import { useNow } from '../../app/useNow'
import { type BlockApplication, type BlockOffering } from '../../data/block'
import { type OutboxItem } from '../../data/db'
import { translateRefusal } from '../../i18n/serverMessages'
import { formatDateTime } from '../../lib/dates'
import { formatMoney } from '../../lib/money'
import { refreshBlockApplications } from './actions'
import { ApplicationStatusPill, BlockTabs, Skeleton, Updated } from './parts'
import { useBlockApplications, useBlockApplicationsSynced, useOfferings, useQueuedBlock } from './queries'
import { inProgress, released } from './rules'
import './block.css'

/**
 * /home/blockTrade1 (progress: applied, money frozen, waiting for the allocation, and applications
 * still queued on this device) and /home/blockTrade2 (records: allocated, not allocated or
 * cancelled, with what was paid and released and the locked position). From Dexie, offline too.
 */
export function BlockApplicationsScreen({ view }: { view: 'progress' | 'records' }) {
  const account = useSessionAccount()
  const applications = useBlockApplications(account)
  const synced = useBlockApplicationsSynced(account)
  const queued = useQueuedBlock(account)
  const offerings = useOfferings()
  const loading = useLoading(() => refreshBlockApplications(), account ?? '')
  const now = useNow(5_000)
  const shown = applications?.filter((a) => inProgress(a) === (view === 'progress'))
  const waiting = view === 'progress' ? (queued ?? []) : []
  const offeringOf = (id: number) => offerings?.find((o) => o.id === id)
  // An application still "applied" after its offering's allocation time: fetched again every few
  // seconds while on screen, until the job's allocation reaches this copy.
  const due = applications?.some((a) => inProgress(a) && (offeringOf(a.offeringId)?.allocateAt ?? Infinity) <= now) ?? false
  const round = due ? Math.floor(now / 5_000) : 0
  useEffect(() => {
    if (due) void refreshBlockApplications().catch(() => undefined)
  }, [due, round])
  return (
    <div className="block">
      <BackBar title={view === 'progress' ? <Trans>Block trades in progress</Trans> : <Trans>Block trade records</Trans>} />
      <BlockTabs on={view} />
      <Updated synced={synced} loading={loading} testId="block-records-updated" />
      <div className="page">
        {waiting.length > 0 ? (
          <ul className="menu block-list" data-testid="block-queued">
            {waiting.map((item) => <QueuedItem key={item.key} item={item} offering={offeringOf(Number(item.body.id))} />)}
          </ul>
        ) : null}
        {shown === undefined || (applications === null && loading) ? (
          <Skeleton />
        ) : applications === null ? (
          <div className="card empty-state"><p><Trans>Your applications show here once the app has been online.</Trans></p></div>
        ) : shown.length === 0 ? (
          waiting.length > 0 ? null : (
            <div className="card empty-state" data-testid="block-records-empty">
              <p>{view === 'progress' ? <Trans>No applications waiting for an allocation.</Trans> : <Trans>No block trade records yet.</Trans>}</p>
              <Link to="/home/blockTrade" className="link"><Trans>See the offerings</Trans></Link>
            </div>
          )
        ) : (
          <ul className="menu block-list" data-testid="block-records">
            {shown.map((a) => <ApplicationItem key={a.id} application={a} offering={offeringOf(a.offeringId)} now={now} />)}
          </ul>
        )}
      </div>
    </div>
  )
}

/** An application this device holds and the server has not taken (or refused). */
function QueuedItem({ item, offering }: { item: OutboxItem; offering: BlockOffering | undefined }) {
  const shares = Number(item.body.shares).toLocaleString('en-IN')
  const refused = item.state === 'failed' && item.error ? translateRefusal(item.error) : null
  return (
    <li className="menu-item block-record" data-testid="block-queued-item" data-state={item.state}>
      <div className="block-record-main">
        <strong>{offering ? <>{offering.name} <span className="muted">{offering.symbol}</span></> : <Trans>Block offering</Trans>}</strong>
        <span><Trans>{shares} shares</Trans></span>
        {refused ? <span className="form-error">{refused}</span> : <span className="muted"><Trans>Sent when the app is online; nothing is frozen until the server takes it.</Trans></span>}
      </div>
      <ApplicationStatusPill status={refused ? 'refused' : 'queued'} />
    </li>
  )
}

function ApplicationItem({ application: a, offering, now }: { application: BlockApplication; offering: BlockOffering | undefined; now: number }) {
  const shares = a.shares.toLocaleString('en-IN')
  const price = formatMoney(a.price)
  const amount = formatMoney(a.amount)
  const fee = formatMoney(a.fee)
  const frozen = formatMoney(a.frozen)
  const allocated = a.allocatedShares.toLocaleString('en-IN')
  const paid = formatMoney(a.paid)
  const back = formatMoney(released(a))
  const ref = a.ref
  const appliedAt = formatDateTime(a.createdAt)
  const allocateAt = offering ? formatDateTime(offering.allocateAt) : null
  const unlock = a.unlockAt === null ? null : formatDateTime(a.unlockAt)
  const locked = a.unlockAt !== null && now < a.unlockAt
  return (
    <li className="menu-item block-record" data-testid="block-record" data-status={a.status} data-symbol={a.symbol}>
      <div className="block-record-main">
        <strong>{a.name} <span className="muted">{a.symbol}</span></strong>
        <span className="muted"><Trans>Ref {ref} · applied {appliedAt}</Trans></span>
        <span><Trans>{shares} shares at {price} = {amount}</Trans></span>
        <span className="muted"><Trans>Fee and stamp duty {fee} · frozen {frozen}</Trans></span>
        {a.status === 'applied' ? (
          allocateAt ? <span data-testid="block-record-allocate-at"><Trans>Allocation at {allocateAt}</Trans></span> : null
        ) : (
          <span data-testid="block-record-allocated"><Trans>{allocated} shares allocated · paid {paid} · released {back}</Trans></span>
        )}
        {unlock ? (
          <span data-testid="block-record-lock" data-locked={locked}>
            {locked ? <Trans>Locked until {unlock}</Trans> : <Trans>Unlocked since {unlock}</Trans>}
          </span>
        ) : null}
        <span className="block-record-links">
          <Link to="/home/blockTradeDetail" search={{ id: a.offeringId }} className="link" data-testid="block-record-offering"><Trans>The offering</Trans></Link>
          {a.orderId !== null ? (
            <Link to="/trade/positionDetail" search={{ id: a.orderId }} className="link" data-testid="block-record-position"><Trans>The position</Trans></Link>
          ) : null}
        </span>
      </div>
      <ApplicationStatusPill status={a.status} />
    </li>
  )
}
