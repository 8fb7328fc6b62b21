import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react'
import { Link, getRouteApi, useNavigate, useRouter } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { toast } from '../../app/toast'
import { BackBar } from '../../app/BackBar'
import { ConfirmDialog } from '../../app/ConfirmDialog'
import { QrCode } from '../../app/QrCode'
import { errorText, refusalCode } from '../../app/errors'
import { useAttemptKey } from '../../app/idempotency'
import { useOnline } from '../../app/useOnline'
import { useConfig, useSessionAccount } from '../../app/queries'
import { type RechargeChannel } from '../../data/recharges'
import { formatMoney } from '../../lib/money'
import { paymentTarget } from '../../lib/paymentTarget'
import { PhotoField, UPLOAD_MAX_BYTES } from '../identity/PhotoField'
import { refreshRechargeChannels, refreshRecharges, requestRecharge } from './actions'
import { useRechargeChannels, useRecharges } from './queries'
import { ChannelName } from './RechargeHistory'
// PhotoField's look lives with the identity screens that introduced it.
import '../identity/identity.css'
import './funds.css'
import './recharge.css'

const route = getRouteApi('/information/rechargeChannel')
/** The published minimum (server/funds/rules.ts) until /common/config has been read. */
const DEFAULT_MIN = 500_000
/** Refusals that are about the receipt picture: shown under it. */
const RECEIPT_CODES = new Set(['upload_not_image', 'upload_too_large', 'upload_too_many_pixels', 'upload_not_found', 'receipt_already_used'])

/** /information/rechargeChannel: where to send the money (copy or scan), then the receipt, then review. */
export function RechargeChannelScreen() {
  const { channel: channelId, amount } = route.useSearch()
  const account = useSessionAccount()
  const channels = useRechargeChannels(account)
  const recharges = useRecharges(account)
  const min = Number(useConfig('recharge_min') ?? DEFAULT_MIN) || DEFAULT_MIN
  useEffect(() => {
    void refreshRechargeChannels()
    void refreshRecharges()
  }, [account])

  const channel = channels?.find((c) => c.id === channelId)
  const pending = recharges?.some((r) => r.status === 'pending') ?? false
  let body: ReactNode
  if (channels === undefined || recharges === undefined) {
    body = <div className="card" aria-busy="true"><span className="skeleton skeleton--title" /><span className="skeleton skeleton--line" /></div>
  } else if (channels === null) {
    body = <p className="card muted"><Trans>Connect to the internet to see where to send your deposit.</Trans></p>
  } else if (!channel || amount < min) {
    body = <StartAgain text={<Trans>This deposit is not set up. Choose the channel and the amount again.</Trans>} />
  } else if (pending) {
    body = <StartAgain text={<Trans>A deposit of yours is already being reviewed. You can ask for another once it is decided.</Trans>} />
  } else {
    body = (
      <>
        <PayTo channel={channel} amount={amount} account={account ?? ''} />
        <ReceiptForm channel={channel} amount={amount} />
      </>
    )
  }

  return (
    <div className="funds">
      <BackBar title={channel ? <ChannelName kind={channel.kind} /> : <Trans>Deposit</Trans>} />
      <div className="page">{body}</div>
    </div>
  )
}

function StartAgain({ text }: { text: ReactNode }) {
  return (
    <div className="card" data-testid="recharge-channel-blocked">
      <p>{text}</p>
      <Link to="/information/recharge" replace className="btn btn--primary btn--block"><Trans>Back to deposits</Trans></Link>
    </div>
  )
}

/** The channel's details, each with a copy button, and for UPI and USDT a QR code of the payment target. */
function PayTo({ channel, amount, account }: { channel: RechargeChannel; amount: number; account: string }) {
  const { t } = useLingui()
  const amountText = formatMoney(amount)
  const note = `Tijori ${account}`
  const target = paymentTarget(channel, amount, note)
  const network = channel.kind === 'usdt' ? channel.network : ''
  return (
    <section className="card pay-to" data-testid="recharge-pay-to">
      <p className="pay-amount-label muted"><Trans>Send exactly</Trans></p>
      <strong className="pay-amount" data-testid="recharge-pay-amount">{amountText}</strong>
      {target ? (
        <div className="pay-qr">
          <QrCode value={target} size={256} label={channel.kind === 'upi' ? t`UPI payment QR code` : t`USDT address QR code`} testId="recharge-qr" />
        </div>
      ) : null}
      <div className="pay-rows">
        {channel.kind === 'bank' ? (
          <>
            <CopyRow label={<Trans>Beneficiary</Trans>} value={channel.beneficiary} testId="pay-beneficiary" />
            <CopyRow label={<Trans>Account number</Trans>} value={channel.accountNumber} testId="pay-account" />
            <CopyRow label={<Trans>IFSC</Trans>} value={channel.ifsc} testId="pay-ifsc" />
            <CopyRow label={<Trans>Bank</Trans>} value={channel.bank} testId="pay-bank" />
          </>
        ) : channel.kind === 'upi' ? (
          <>
            <CopyRow label={<Trans>UPI ID</Trans>} value={channel.vpa} testId="pay-vpa" />
            <CopyRow label={<Trans>Payee</Trans>} value={channel.payee} testId="pay-payee" />
          </>
        ) : (
          <>
            <CopyRow label={<Trans>Network</Trans>} value={channel.network} testId="pay-network" />
            <CopyRow label={<Trans>Address</Trans>} value={channel.address} testId="pay-address" />
          </>
        )}
        {channel.kind !== 'usdt' ? <CopyRow label={<Trans>Remarks</Trans>} value={note} testId="pay-note" /> : null}
      </div>
      {channel.kind === 'usdt' ? (
        <p className="form-error"><Trans>Send USDT worth {amountText} on the {network} network only: a transfer on another network is lost.</Trans></p>
      ) : (
        <p className="muted"><Trans>Put the remarks above on your transfer, so it is matched to your account quickly.</Trans></p>
      )}
    </section>
  )
}

function CopyRow({ label, value, testId }: { label: ReactNode; value: string; testId: string }) {
  const { t } = useLingui()
  const labelId = useId()
  async function copy() {
    try {
      await navigator.clipboard.writeText(value)
      toast.success(t`Copied`)
    } catch {
      toast.error(t`Could not copy. Select the text and copy it yourself.`)
    }
  }
  return (
    <div className="pay-row">
      <span className="pay-row-label muted" id={labelId}>{label}</span>
      <span className="pay-row-value" data-testid={testId}>{value}</span>
      <button type="button" className="btn btn--small btn--outline" onClick={() => void copy()} aria-describedby={labelId} data-testid={`${testId}-copy`}>
        <Trans>Copy</Trans>
      </button>
    </div>
  )
}

function ReceiptForm({ channel, amount }: { channel: RechargeChannel; amount: number }) {
  const { t } = useLingui()
  const online = useOnline()
  const attempt = useAttemptKey()
  const router = useRouter()
  const navigate = useNavigate()
  const [receipt, setReceipt] = useState<File | null>(null)
  const [receiptError, setReceiptError] = useState<string | undefined>(undefined)
  const [error, setError] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const amountText = formatMoney(amount)

  function ask(event: FormEvent) {
    event.preventDefault()
    if (!receipt) return setReceiptError(t`Add a picture of your transfer receipt.`)
    if (receipt.size > UPLOAD_MAX_BYTES) return setReceiptError(t`A photo may be at most 5 MB.`)
    setReceiptError(undefined)
    setError(null)
    setConfirming(true)
  }

  async function send() {
    setConfirming(false)
    if (!receipt || busy) return
    setBusy(true)
    try {
      const fingerprint = { channel: channel.id, amount, receipt: [receipt.name, receipt.size, receipt.lastModified] }
      await requestRecharge({ channel: channel.id, amount, receipt }, attempt.keyFor(fingerprint))
      attempt.done()
      toast.success(t`Deposit of ${amountText} sent for review.`)
      // Back to the deposits screen, where the new request heads the list.
      if (router.history.canGoBack()) router.history.back()
      else void navigate({ to: '/information/recharge', replace: true })
    } catch (e) {
      const code = refusalCode(e)
      if (code && RECEIPT_CODES.has(code)) setReceiptError(errorText(e))
      else setError(errorText(e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="card form" onSubmit={ask} noValidate data-testid="recharge-receipt-form">
      <PhotoField
        label={<Trans>Receipt of your transfer</Trans>}
        file={receipt}
        onFile={(file) => {
          setReceipt(file)
          setReceiptError(undefined)
        }}
        error={receiptError}
        testId="recharge-receipt"
      />
      {!online ? <p className="form-error" role="status"><Trans>Sending the receipt needs the internet.</Trans></p> : null}
      {error ? <p className="form-error" role="alert" data-testid="recharge-error">{error}</p> : null}
      <button type="submit" className="btn btn--primary btn--block btn--large" disabled={busy || !online} data-testid="recharge-submit">
        {busy ? <Trans>Sending…</Trans> : <Trans>I have paid: send for review</Trans>}
      </button>
      <ConfirmDialog
        open={confirming}
        title={<Trans>Send your deposit of {amountText} for review?</Trans>}
        confirmLabel={<Trans>Send</Trans>}
        onConfirm={() => void send()}
        onCancel={() => setConfirming(false)}
      >
        <p><Trans>Only send it after the money has left your account. It is credited once the transfer is confirmed.</Trans></p>
      </ConfirmDialog>
    </form>
  )
}
