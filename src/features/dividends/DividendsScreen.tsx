import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { toast } from '../../app/toast'
import { BackBar } from '../../app/BackBar'
import { useLoading } from '../../app/useLoading'
import { useOnline } from '../../app/useOnline'
import { useConfig, useSessionAccount } from '../../app/queries'
import { errorText } from '../../app/errors'
import { type DividendEntitlement } from '../../data/dividends'
import { formatDateTime } from '../../lib/dates'
import { formatMoney } from '../../lib/money'
import { applyForDividend, refreshDividends } from './actions'
import { useDividends, useDividendsSynced, useQueuedApplications } from './queries'
import './dividends.css'

/**
 * /information/dividends: what each long position held at a record date was owed, with the
 * arithmetic (shares x the feed's dividend per share), and its state; where the published rule
 * asks for an application, the button that sends one to review. From Dexie, offline too.
 */
export function DividendsScreen() {
  const account = useSessionAccount()
  const dividends = useDividends(account)
  const synced = useDividendsSynced(account)
  const queued = useQueuedApplications(account)
  const loading = useLoading(refreshDividends, account ?? '')
  const required = useConfig('dividend_application_required') === '1'
  const when = synced ? formatDateTime(synced) : null

  return (
    <div className="account dividends">
      <BackBar title={<Trans>Dividends</Trans>} />
      <p className="list-updated" role="status" data-testid="dividends-updated">
        {when ? <Trans>Last updated {when}</Trans> : loading ? <Trans>Loading…</Trans> : <Trans>Not updated yet</Trans>}
      </p>
      <div className="page">
        <div className="card dividend-rule" data-testid="dividend-rule">
          <p>
            <Trans>A long position held when a company&apos;s shares go ex-dividend (the record date) is owed the dividend per share times its shares, as the market paid it.</Trans>
          </p>
          <p className="muted">
            {required ? (
              <Trans>Apply for each dividend; it is reviewed and then paid on its pay date. A review can approve or reject, never change the amount.</Trans>
            ) : (
              <Trans>It is paid to your available balance on its pay date; no application is needed.</Trans>
            )}
          </p>
        </div>
        {dividends === undefined || (dividends === null && loading) ? (
          <div className="card" aria-busy="true"><span className="skeleton skeleton--title" /><span className="skeleton skeleton--line" /></div>
        ) : dividends === null ? (
          <div className="card empty-state"><p><Trans>Your dividends show here once the app has been online.</Trans></p></div>
        ) : dividends.length === 0 ? (
          <div className="card empty-state" data-testid="dividends-empty"><p><Trans>No dividends yet. Hold a stock through its ex-dividend date to receive one.</Trans></p></div>
        ) : (
          <ul className="menu" data-testid="dividends">
            {dividends.map((d) => <DividendItem key={d.id} dividend={d} queued={queued?.has(d.id) ?? false} />)}
          </ul>
        )}
      </div>
    </div>
  )
}

function DividendItem({ dividend: d, queued }: { dividend: DividendEntitlement; queued: boolean }) {
  const { t } = useLingui()
  const online = useOnline()
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const shares = d.shares.toLocaleString('en-IN')
  const perShare = formatMoney(d.perShare)
  const amount = formatMoney(d.amount)
  const payDate = formatDateTime(d.payAt)
  const exDay = d.exDay
  const reason = d.reason ?? ''

  async function apply() {
    setBusy(true)
    try {
      await applyForDividend(d.id)
      toast(online ? t`Application sent` : t`Queued, will send when online`)
    } catch (error) {
      toast.error(errorText(error))
    } finally {
      setBusy(false)
      setConfirming(false)
    }
  }

  return (
    <li className="menu-item dividend" data-testid="dividend" data-status={d.status}>
      <div className="dividend-main">
        <strong>{d.symbol}</strong>
        <span className="muted"><Trans>Ex-date and record date {exDay} · pays {payDate}</Trans></span>
        <span data-testid="dividend-arithmetic"><Trans>{shares} shares × {perShare} = {amount}</Trans></span>
        {d.status === 'rejected' && reason ? <span className="form-error"><Trans>Rejected: {reason}</Trans></span> : null}
        {d.status === 'unclaimed' && !queued ? (
          confirming ? (
            <span className="dividend-confirm">
              <Trans>Apply for {amount}?</Trans>{' '}
              <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void apply()} data-testid="dividend-confirm"><Trans>Apply</Trans></button>{' '}
              <button type="button" className="btn" onClick={() => setConfirming(false)}><Trans>Cancel</Trans></button>
            </span>
          ) : (
            <button type="button" className="btn btn--primary" onClick={() => setConfirming(true)} data-testid="dividend-apply"><Trans>Apply</Trans></button>
          )
        ) : null}
      </div>
      <StatusPill status={queued && d.status === 'unclaimed' ? 'queued' : d.status} />
    </li>
  )
}

function StatusPill({ status }: { status: DividendEntitlement['status'] | 'queued' }) {
  if (status === 'paid') return <span className="pill pill--ok"><Trans>Paid</Trans></span>
  if (status === 'rejected') return <span className="pill pill--failed"><Trans>Rejected</Trans></span>
  if (status === 'queued') return <span className="pill pill--queued"><Trans>Queued</Trans></span>
  if (status === 'unclaimed') return <span className="pill pill--queued"><Trans>Apply to receive</Trans></span>
  if (status === 'applied') return <span className="pill"><Trans>Under review</Trans></span>
  return <span className="pill"><Trans>To be paid</Trans></span>
}
