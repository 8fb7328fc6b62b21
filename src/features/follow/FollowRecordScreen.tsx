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
import { type FollowInvestment } from '../../data/follow'
import { formatDateTime } from '../../lib/dates'
import { formatMoney } from '../../lib/money'
import { redeem, refreshInvestments } from './actions'
import { Fact } from './ProductCard'
import { useInvestments, useInvestmentsSynced, useQueuedFollow, useRefreshEvery } from './queries'
import { canRedeem, formatNav, formatUnits } from './rules'
import './follow.css'

/**
 * /home/fllowRecord: the account's investments, each with its units, the NAV it was bought at,
 * its value now and profit or loss, its stop-loss and lock, and its state; redeem one after its
 * lock (confirmed first). Value now follows the NAV while the screen is open. From Dexie, so it
 * opens offline.
 */
export function FollowRecordScreen() {
  const account = useSessionAccount()
  const investments = useInvestments(account)
  const synced = useInvestmentsSynced(account)
  const queued = useQueuedFollow(account)
  const loading = useLoading(() => refreshInvestments(), account ?? '')
  useRefreshEvery(() => refreshInvestments(), 5_000, account ?? '')
  const now = useNow(1_000)
  const when = synced ? formatDateTime(synced) : null
  const waiting = queued?.filter((item) => item.kind === 'follow.invest').length ?? 0
  const busyIds = new Set(queued?.filter((item) => item.kind === 'follow.redeem').map((item) => Number(item.body.id)))
  return (
    <div className="follow">
      <BackBar title={<Trans>My copy-trading investments</Trans>} />
      <p className="list-updated" role="status" data-testid="follow-records-updated">
        {when ? <Trans>Last updated {when}</Trans> : loading ? <Trans>Loading…</Trans> : <Trans>Not updated yet</Trans>}
      </p>
      <div className="page">
        {waiting > 0 ? (
          <p className="card follow-queued" data-testid="follow-queued">
            <Trans>{waiting} investment(s) waiting to be sent.</Trans>
          </p>
        ) : null}
        {investments === undefined || (investments === null && loading) ? (
          <div className="card" aria-busy="true"><span className="skeleton skeleton--title" /><span className="skeleton skeleton--line" /></div>
        ) : investments === null ? (
          <div className="card empty-state"><p><Trans>Your investments show here once the app has been online.</Trans></p></div>
        ) : investments.length === 0 ? (
          <div className="card empty-state" data-testid="follow-records-empty">
            <p><Trans>No investments yet.</Trans></p>
            <Link to="/home/fllow" className="link"><Trans>Copy-trading products</Trans></Link>
          </div>
        ) : (
          investments.map((inv) => <InvestmentCard key={inv.id} investment={inv} now={now} busy={busyIds.has(inv.id)} />)
        )}
      </div>
    </div>
  )
}

function InvestmentCard({ investment: inv, now, busy }: { investment: FollowInvestment; now: number; busy: boolean }) {
  const { t } = useLingui()
  const online = useOnline()
  const [asking, setAsking] = useState(false)
  const name = inv.name
  const number = inv.number
  const amount = formatMoney(inv.amount)
  const units = formatUnits(inv.units)
  const navAtInvest = formatNav(inv.navAtInvest)
  const nav = formatNav(inv.nav)
  const value = formatMoney(inv.value)
  const pnl = `${inv.pnl > 0 ? '+' : ''}${formatMoney(inv.pnl)}`
  const stopPercent = inv.stopLossPercent ?? 0
  const stopValue = inv.stopLossValue === null ? '' : formatMoney(inv.stopLossValue)
  const unlockAt = formatDateTime(inv.unlockAt)
  const investedAt = formatDateTime(inv.createdAt)
  const endedAt = inv.endedAt === null ? '' : formatDateTime(inv.endedAt)
  const redeemable = canRedeem(inv, now) && !busy

  async function doRedeem() {
    setAsking(false)
    try {
      await redeem(inv.id)
      toast(online ? t`Redeeming…` : t`Queued, will send when online`)
    } catch (error) {
      toast.error(errorText(error))
    }
  }

  return (
    <article className="card follow-card" data-testid="follow-record" data-id={inv.id} data-status={busy ? 'queued' : inv.status} data-end={inv.endReason ?? ''}>
      <header className="follow-card-head">
        <div>
          <strong className="follow-name">{name}</strong>
          <span className="muted"> <Trans>No. {number} · invested {investedAt}</Trans></span>
        </div>
        <StatusPill investment={inv} busy={busy} />
      </header>
      <dl className="follow-facts">
        <Fact label={<Trans>Amount invested</Trans>}>{amount}</Fact>
        <Fact label={<Trans>Units</Trans>}>{units}</Fact>
        <Fact label={<Trans>NAV at invest</Trans>}>{navAtInvest}</Fact>
        <Fact label={inv.status === 'ended' ? <Trans>NAV at the end</Trans> : <Trans>NAV now</Trans>}><span data-testid="follow-record-nav" data-nav={inv.nav}>{nav}</span></Fact>
        <Fact label={inv.status === 'ended' ? <Trans>Value paid back</Trans> : <Trans>Value now</Trans>}><span data-testid="follow-record-value">{value}</span></Fact>
        <Fact label={<Trans>Profit/loss</Trans>}>
          <span className={inv.pnl > 0 ? 'follow-pnl--up' : inv.pnl < 0 ? 'follow-pnl--down' : undefined} data-testid="follow-record-pnl">{pnl}</span>
        </Fact>
        <Fact label={<Trans>Stop-loss</Trans>}>
          {inv.stopLossPercent === null ? <Trans>None</Trans> : <Trans>{stopPercent}%: at {stopValue} or less</Trans>}
        </Fact>
        <Fact label={<Trans>Locked until</Trans>}><span data-testid="follow-record-unlock">{unlockAt}</span></Fact>
      </dl>
      <p className="muted follow-small" data-testid="follow-record-arithmetic">
        <Trans>Value = {units} units × {nav} a unit, rounded down to the paisa; profit/loss = value − {amount} invested.</Trans>
      </p>
      {inv.status === 'ended' ? (
        <p className="muted" data-testid="follow-record-ended">
          {inv.endReason === 'stop_loss' ? <Trans>Ended {endedAt}: the stop-loss redeemed it.</Trans> : <Trans>Ended {endedAt}: redeemed.</Trans>}
        </p>
      ) : (
        <div className="follow-actions">
          <button type="button" className="btn btn--primary" disabled={!redeemable} onClick={() => setAsking(true)} data-testid="follow-redeem">
            {now < inv.unlockAt ? <Trans>Locked until {unlockAt}</Trans> : <Trans>Redeem</Trans>}
          </button>
        </div>
      )}
      <ConfirmDialog
        open={asking}
        title={<Trans>Redeem {name}?</Trans>}
        confirmLabel={<Trans>Redeem</Trans>}
        onConfirm={() => void doRedeem()}
        onCancel={() => setAsking(false)}
      >
        <Trans>All {units} units are sold at the NAV when the server takes the request (now about {nav}, worth {value}); the money goes to your available balance.</Trans>
      </ConfirmDialog>
    </article>
  )
}

function StatusPill({ investment, busy }: { investment: FollowInvestment; busy: boolean }) {
  if (busy) return <span className="pill pill--queued"><Trans>Queued</Trans></span>
  if (investment.status === 'in_progress') return <span className="pill pill--ok"><Trans>In progress</Trans></span>
  return <span className="pill"><Trans>Ended</Trans></span>
}
