import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { BackBar } from '../../app/BackBar'
import { ConfirmDialog } from '../../app/ConfirmDialog'
import { errorText } from '../../app/errors'
import { toast } from '../../app/toast'
import { useSessionAccount } from '../../app/queries'
import { useLoading } from '../../app/useLoading'
import { useNow } from '../../app/useNow'
import { useOnline } from '../../app/useOnline'
import { type IpoApplication } from '../../data/ipo'
import { formatDateTime } from '../../lib/dates'
import { formatMoney } from '../../lib/money'
import { payAllotment, refreshApplications, waiveAllotment } from './actions'
import { useApplications, useApplicationsSynced, useQueuedIpo } from './queries'
import './ipo.css'

/**
 * /home/newStockRecord: the account's applications with their state, allotment, place in the draw
 * and what is owed; pay or give up a pay-after-win allotment (each confirmed first); open the draw
 * to check it. From Dexie, so it opens offline.
 */
export function NewStockRecordScreen() {
  const account = useSessionAccount()
  const applications = useApplications(account)
  const synced = useApplicationsSynced(account)
  const queued = useQueuedIpo(account)
  const loading = useLoading(() => refreshApplications(), account ?? '')
  const now = useNow(10_000)
  const when = synced ? formatDateTime(synced) : null
  const waiting = queued?.filter((item) => item.kind === 'ipo.subscribe').length ?? 0
  const busyIds = new Set(queued?.filter((item) => item.kind !== 'ipo.subscribe').map((item) => Number(item.body.id)))
  return (
    <div className="ipo">
      <BackBar title={<Trans>My applications</Trans>} />
      <p className="list-updated" role="status" data-testid="ipo-records-updated">
        {when ? <Trans>Last updated {when}</Trans> : loading ? <Trans>Loading…</Trans> : <Trans>Not updated yet</Trans>}
      </p>
      <div className="page">
        {waiting > 0 ? (
          <p className="card ipo-queued" data-testid="ipo-queued">
            <Trans>{waiting} application(s) waiting to be sent.</Trans>
          </p>
        ) : null}
        {applications === undefined || (applications === null && loading) ? (
          <div className="card" aria-busy="true"><span className="skeleton skeleton--title" /><span className="skeleton skeleton--line" /></div>
        ) : applications === null ? (
          <div className="card empty-state"><p><Trans>Your applications show here once the app has been online.</Trans></p></div>
        ) : applications.length === 0 ? (
          <div className="card empty-state" data-testid="ipo-records-empty">
            <p><Trans>No applications yet.</Trans></p>
            <Link to="/home/newStock" className="link"><Trans>See the issues</Trans></Link>
          </div>
        ) : (
          <ul className="menu" data-testid="ipo-records">
            {applications.map((a) => <ApplicationItem key={a.id} application={a} now={now} busy={busyIds.has(a.id)} />)}
          </ul>
        )}
      </div>
    </div>
  )
}

function ApplicationItem({ application: a, now, busy }: { application: IpoApplication; now: number; busy: boolean }) {
  const { t } = useLingui()
  const online = useOnline()
  const [asking, setAsking] = useState<'pay' | 'waive' | null>(null)
  const amount = formatMoney(a.amount)
  const owed = formatMoney(a.owed)
  const deadline = a.payDeadline === null ? '' : formatDateTime(a.payDeadline)
  const lots = a.lots
  const allotted = a.allottedLots
  const rank = a.rank ?? 0
  const ref = a.ref
  const pan = a.pan
  const appliedAt = formatDateTime(a.createdAt)
  const canAct = a.status === 'pending_payment' && a.payDeadline !== null && now < a.payDeadline && !busy

  async function act(what: 'pay' | 'waive') {
    setAsking(null)
    try {
      await (what === 'pay' ? payAllotment(a.id) : waiveAllotment(a.id))
      toast(online ? (what === 'pay' ? t`Paying…` : t`Giving up the lots…`) : t`Queued, will send when online`)
    } catch (error) {
      toast.error(errorText(error))
    }
  }

  return (
    <li className="menu-item ipo-record" data-testid="ipo-record" data-status={a.status} data-ref={a.ref}>
      <div className="ipo-record-main">
        <strong>{a.name} <span className="muted">{a.symbol}</span></strong>
        <span className="muted"><Trans>Ref {ref} · PAN {pan} · {appliedAt}</Trans></span>
        <span><Trans>Applied {lots} lot(s) · {amount}</Trans></span>
        {a.rank !== null ? (
          <span data-testid="ipo-record-allotted"><Trans>Place {rank} in the draw · {allotted} lot(s) allotted</Trans></span>
        ) : null}
        {a.status === 'pending_payment' ? (
          <span className="ipo-owed" data-testid="ipo-owed"><Trans>Owed {owed}, by {deadline}</Trans></span>
        ) : null}
        <span className="ipo-record-links">
          <Link to="/home/newStockDraw" search={{ id: a.issueId, ref: a.ref }} className="link" data-testid="ipo-record-draw"><Trans>The draw</Trans></Link>
          {a.orderId !== null ? <Link to="/trade/positionDetail" search={{ id: a.orderId }} className="link" data-testid="ipo-record-position"><Trans>The position</Trans></Link> : null}
        </span>
        {canAct ? (
          <span className="ipo-record-actions">
            <button type="button" className="btn btn--primary" onClick={() => setAsking('pay')} data-testid="ipo-pay"><Trans>Pay {owed}</Trans></button>
            <button type="button" className="btn btn--ghost" onClick={() => setAsking('waive')} data-testid="ipo-waive"><Trans>Give up</Trans></button>
          </span>
        ) : null}
      </div>
      <StatusPill status={busy ? 'queued' : a.status} />
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'pay' ? <Trans>Pay {owed} for your allotted shares?</Trans> : <Trans>Give up your unpaid lots?</Trans>}
        confirmLabel={asking === 'pay' ? <Trans>Pay</Trans> : <Trans>Give up</Trans>}
        danger={asking === 'waive'}
        onConfirm={() => void act(asking ?? 'pay')}
        onCancel={() => setAsking(null)}
      >
        {asking === 'pay' ? <Trans>It is paid from your available balance; the shares list as a position on the listing day.</Trans> : <Trans>They go to the next applications in the draw order. This cannot be undone.</Trans>}
      </ConfirmDialog>
    </li>
  )
}

function StatusPill({ status }: { status: IpoApplication['status'] | 'queued' }) {
  switch (status) {
    case 'queued':
      return <span className="pill pill--queued"><Trans>Queued</Trans></span>
    case 'applied':
      return <span className="pill"><Trans>Pending draw</Trans></span>
    case 'won':
      return <span className="pill pill--ok"><Trans>Won</Trans></span>
    case 'not_won':
      return <span className="pill"><Trans>Not won</Trans></span>
    case 'pending_payment':
      return <span className="pill pill--queued"><Trans>Pending payment</Trans></span>
    case 'paid':
      return <span className="pill pill--ok"><Trans>Paid</Trans></span>
    case 'waived':
      return <span className="pill"><Trans>Waived</Trans></span>
    case 'payment_failed':
      return <span className="pill pill--failed"><Trans>Payment failed</Trans></span>
    case 'refunded':
      return <span className="pill"><Trans>Refunded</Trans></span>
    case 'listed':
      return <span className="pill pill--ok"><Trans>Listed</Trans></span>
    case 'cancelled':
      return <span className="pill pill--failed"><Trans>Cancelled</Trans></span>
  }
}
