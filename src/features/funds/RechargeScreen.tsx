import { type FormEvent, type ReactNode, useEffect, useState } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { BackBar } from '../../app/BackBar'
import { Stepper } from '../../app/Stepper'
import { useConfig, useSessionAccount, useUser } from '../../app/queries'
import { type Recharge, type RechargeChannel } from '../../data/recharges'
import { formatMoney } from '../../lib/money'
import { refreshRechargeChannels, refreshRecharges, refreshWithdrawals } from './actions'
import { useRechargeChannels, useRecharges, useWithdrawals } from './queries'
import { ChannelName, RechargeHistory } from './RechargeHistory'
import './funds.css'
import './recharge.css'

/** While a deposit is under review the screen asks again this often, so its decision shows by itself. */
const PENDING_POLL_MS = 3000
/** The published minimum (server/funds/rules.ts) until /common/config has been read. */
const DEFAULT_MIN = 500_000

/** /information/recharge: choose how to pay and how much, with the published rules; then the channel's details. */
export function RechargeScreen() {
  const account = useSessionAccount()
  const user = useUser(account)
  const channels = useRechargeChannels(account)
  const recharges = useRecharges(account)
  const withdrawals = useWithdrawals(account)
  const pending = recharges?.find((r) => r.status === 'pending')
  const withdrawalPending = withdrawals?.some((w) => w.status === 'pending') ?? false

  useEffect(() => {
    void refreshRechargeChannels()
    void refreshRecharges()
    void refreshWithdrawals()
  }, [account])
  useEffect(() => {
    if (!pending) return
    const timer = setInterval(() => void refreshRecharges({ fresh: true }), PENDING_POLL_MS)
    return () => clearInterval(timer)
  }, [account, pending])

  let body: ReactNode
  if (user === undefined || channels === undefined) {
    body = <div className="card" aria-busy="true"><span className="skeleton skeleton--title" /><span className="skeleton skeleton--line" /></div>
  } else if (user && user.realName.status !== 'verified') {
    body = (
      <div className="card" data-testid="recharge-blocked">
        <p><Trans>Verify your identity first.</Trans></p>
        <Link to="/information/authInfo" className="btn btn--primary btn--block"><Trans>Verify your identity</Trans></Link>
      </div>
    )
  } else if (pending) {
    body = <PendingCard recharge={pending} />
  } else if (withdrawalPending) {
    body = <p className="card muted" data-testid="recharge-blocked"><Trans>A withdrawal of yours is being reviewed. You can ask for a deposit once it is decided.</Trans></p>
  } else if (channels === null) {
    body = <p className="card muted" data-testid="recharge-blocked"><Trans>Connect to the internet to see where to send your deposit.</Trans></p>
  } else if (channels.length === 0) {
    body = <p className="card muted" data-testid="recharge-blocked"><Trans>Deposits are not open at the moment.</Trans></p>
  } else {
    body = <RechargeForm channels={channels} />
  }

  return (
    <div className="funds">
      <BackBar title={<Trans>Deposit</Trans>} />
      <div className="page">
        {body}
        <RechargeHistory recharges={recharges} channels={channels ?? []} />
      </div>
    </div>
  )
}

function PendingCard({ recharge }: { recharge: Recharge }) {
  const auto = useConfig('auto_review_seconds')
  const amountText = formatMoney(recharge.amount)
  return (
    <section className="card recharge-status" data-testid="recharge-pending">
      <h2 className="section-title"><Trans>Your deposit of {amountText} is being reviewed</Trans></h2>
      <p className="muted"><Trans>It is credited to your available balance once the transfer is confirmed. This screen updates by itself.</Trans></p>
      {auto ? <p className="muted recharge-demo"><Trans>Demo: reviews are approved automatically after {auto} seconds.</Trans></p> : null}
    </section>
  )
}

function RechargeForm({ channels }: { channels: RechargeChannel[] }) {
  const navigate = useNavigate()
  const min = Number(useConfig('recharge_min') ?? DEFAULT_MIN) || DEFAULT_MIN
  const window = useConfig('recharge_window')
  const days = useConfig('recharge_days')
  const [channelId, setChannelId] = useState(channels[0]?.id ?? '')
  const [amount, setAmount] = useState(min)
  const minText = formatMoney(min)
  const allDay = window === '00:00-24:00' && days !== 'weekdays'

  function next(event: FormEvent) {
    event.preventDefault()
    if (!channels.some((c) => c.id === channelId)) return
    void navigate({ to: '/information/rechargeChannel', search: { channel: channelId, amount: Math.max(min, amount) } })
  }

  return (
    <form className="card form" onSubmit={next} noValidate data-testid="recharge-form">
      <fieldset className="channel-list">
        <legend className="field-label"><Trans>Pay by</Trans></legend>
        {channels.map((c) => (
          <label key={c.id} className="channel-option" data-testid={`recharge-channel-${c.id}`}>
            <input type="radio" name="channel" value={c.id} checked={c.id === channelId} onChange={() => setChannelId(c.id)} />
            <span className="channel-option-name"><ChannelName kind={c.kind} /></span>
            <span className="muted channel-option-hint"><ChannelHint channel={c} /></span>
          </label>
        ))}
      </fieldset>
      <Stepper
        label={<Trans>Amount (₹)</Trans>}
        value={amount}
        onValue={setAmount}
        bounds={{ min, step: 100, decimals: 2 }}
        hint={<Trans>At least {minText}.</Trans>}
        testId="recharge-amount"
      />
      {window && !allDay ? (
        <p className="muted">{days === 'weekdays' ? <Trans>Deposits are taken on weekdays, {window} India time.</Trans> : <Trans>Deposits are taken {window} India time.</Trans>}</p>
      ) : null}
      <p className="muted"><Trans>Next you see where to send the money. Keep the receipt of your transfer: you add a picture of it to finish.</Trans></p>
      <button type="submit" className="btn btn--primary btn--block btn--large" data-testid="recharge-next">
        <Trans>Next</Trans>
      </button>
    </form>
  )
}

function ChannelHint({ channel }: { channel: RechargeChannel }) {
  if (channel.kind === 'bank') {
    const bank = channel.bank
    return <Trans>NEFT, RTGS or IMPS to our account at {bank}</Trans>
  }
  if (channel.kind === 'upi') {
    const vpa = channel.vpa
    return <Trans>Scan or pay to {vpa}</Trans>
  }
  const network = channel.network
  return <Trans>USDT on the {network} network</Trans>
}
