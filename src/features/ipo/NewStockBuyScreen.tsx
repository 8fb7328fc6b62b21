import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { BackBar } from '../../app/BackBar'
import { ConfirmDialog } from '../../app/ConfirmDialog'
import { Stepper } from '../../app/Stepper'
import { errorText } from '../../app/errors'
import { toast } from '../../app/toast'
import { useConfig, useSessionAccount, useUser } from '../../app/queries'
import { useLoading } from '../../app/useLoading'
import { useNow } from '../../app/useNow'
import { useOnline } from '../../app/useOnline'
import { type IpoIssue, type IpoKind } from '../../data/ipo'
import { refreshRealName } from '../../data/identity'
import { formatDateTime } from '../../lib/dates'
import { maskTail } from '../../lib/mask'
import { formatMoney } from '../../lib/money'
import { useRealName } from '../identity/queries'
import { refreshIssues, subscribe } from './actions'
import { useIssues } from './queries'
import { amountFor, stageAt } from './rules'
import './ipo.css'

/**
 * /home/newStockBuy?id= (an IPO) and /home/newStockPsBuy?id= (a placement): whole lots with a
 * stepper, what will be blocked (or owed after a win), every rule with its value and the PAN the
 * application is filed under; a confirmation before it is queued to send.
 */
export function NewStockBuyScreen({ kind, id }: { kind: IpoKind; id: number }) {
  const issues = useIssues(kind)
  const loading = useLoading(() => refreshIssues(kind), kind)
  const issue = issues?.find((i) => i.id === id)
  return (
    <div className="ipo">
      <BackBar title={kind === 'placement' ? <Trans>Apply for a placement</Trans> : <Trans>Apply for new shares</Trans>} />
      <div className="page">
        {issues === undefined || (issue === undefined && loading) ? (
          <div className="card" aria-busy="true"><span className="skeleton skeleton--title" /><span className="skeleton skeleton--line" /></div>
        ) : issue === undefined ? (
          <div className="card empty-state"><p><Trans>This issue is not on this device. Open the list of issues while online.</Trans></p></div>
        ) : (
          <ApplyForm key={issue.id} issue={issue} />
        )}
      </div>
    </div>
  )
}

function ApplyForm({ issue }: { issue: IpoIssue }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const online = useOnline()
  const now = useNow(5_000)
  const account = useSessionAccount()
  const user = useUser(account)
  const realName = useRealName(account)
  useLoading(() => refreshRealName(), account ?? '')
  const limit = useConfig('ipo_limit_per_stock')
  const retailMax = useConfig('ipo_retail_max')
  const [lots, setLots] = useState(issue.minLots)
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)

  const stage = stageAt(issue, now)
  const amount = amountFor(issue, lots)
  const amountText = formatMoney(amount)
  const shares = (lots * issue.lotSize).toLocaleString('en-IN')
  const available = user?.balances.available
  const short = issue.paymentMode === 'blocked' && available !== undefined && available < amount
  const pan = realName?.status === 'verified' && realName.submission ? maskTail(realName.submission.pan, 4) : null
  const opens = formatDateTime(issue.opensAt)
  const closes = formatDateTime(issue.closesAt)
  const drawAt = formatDateTime(issue.drawAt)
  const refundAt = formatDateTime(issue.refundAt)
  const listingAt = formatDateTime(issue.listingAt)
  const minLots = issue.minLots
  const maxLots = issue.maxLots
  const capText = retailMax ? formatMoney(Number(retailMax)) : null
  const tierText = issue.minAmount === null ? null : formatMoney(issue.minAmount)
  const price = formatMoney(issue.price)
  const lotSize = issue.lotSize.toLocaleString('en-IN')
  const commitment = issue.commitment
  const symbol = issue.symbol

  async function apply() {
    setConfirming(false)
    setBusy(true)
    try {
      await subscribe(issue.id, lots)
      toast(online ? t`Application sent` : t`Queued, will send when online`)
      void navigate({ to: '/home/newStockRecord' })
    } catch (error) {
      toast.error(errorText(error))
      setBusy(false)
    }
  }

  return (
    <>
      <section className="card">
        <h2 className="section-title">{issue.name} <span className="muted">{issue.symbol}</span></h2>
        <p className="muted"><Trans>{price} a share · lots of {lotSize} shares</Trans></p>
        <Stepper
          label={<Trans>Lots</Trans>}
          value={lots}
          onValue={setLots}
          bounds={{ min: minLots, max: maxLots, step: 1 }}
          hint={<Trans>{shares} shares</Trans>}
          testId="ipo-lots"
        />
        <p className="ipo-amount" data-testid="ipo-amount">
          {issue.paymentMode === 'blocked' ? <Trans>To be blocked now: {amountText}</Trans> : <Trans>To pay only if you win, at most: {amountText}</Trans>}
        </p>
        {short ? <p className="form-error" role="alert"><Trans>Your available balance does not cover this amount.</Trans></p> : null}
      </section>

      <section className="card" data-testid="ipo-rules">
        <h2 className="section-title"><Trans>The rules of this issue</Trans></h2>
        <ul className="ipo-rules">
          <li><Trans>Applications from {opens} to {closes}.</Trans></li>
          <li><Trans>Whole lots, from {minLots} to {maxLots}.</Trans></li>
          {tierText ? <li><Trans>This placement&apos;s tier starts at {tierText}.</Trans></li> : null}
          {issue.kind === 'ipo' && capText ? <li><Trans>A retail application is at most {capText}.</Trans></li> : null}
          {limit ? <li><Trans>At most {limit} application(s) per account for each issue, and one per PAN.</Trans></li> : null}
          <li>
            {issue.paymentMode === 'blocked' ? (
              <Trans>The whole amount is blocked now; after the draw, allotted lots are paid from it and the rest is released on {refundAt}.</Trans>
            ) : (
              <Trans>Nothing is blocked now; if you win, pay for your lots by the deadline, or give them up; unpaid lots go to the next applications in the draw order.</Trans>
            )}
          </li>
          <li>
            {issue.kind === 'placement' ? (
              <Trans>Shares are placed in proportion to the amount applied, in whole lots; the lots left over go by the draw order.</Trans>
            ) : (
              <Trans>If there are more applications than minimum lots, a draw picks the winners, one minimum lot each (SEBI&apos;s retail rule).</Trans>
            )}
          </li>
          <li><Trans>The draw is on {drawAt}; allotted shares list as a position on {listingAt}.</Trans></li>
          <li className="ipo-commitment-line"><Trans>Draw commitment (sha256 of its secret seed): {commitment}</Trans></li>
        </ul>
      </section>

      <section className="card">
        {pan ? (
          <p data-testid="ipo-pan"><Trans>Filed under your PAN {pan}.</Trans></p>
        ) : realName === undefined ? null : (
          <p className="form-error">
            <Trans>Verify your identity first: an application is filed under your PAN.</Trans>{' '}
            <Link to="/information/authInfo" className="link"><Trans>Verify</Trans></Link>
          </p>
        )}
        <button
          type="button"
          className="btn btn--primary btn--block btn--large"
          disabled={busy || stage !== 'open' || !pan || short}
          onClick={() => setConfirming(true)}
          data-testid="ipo-submit"
        >
          {stage === 'open' ? <Trans>Apply</Trans> : <Trans>Not open for applications</Trans>}
        </button>
      </section>

      <ConfirmDialog
        open={confirming}
        title={<Trans>Apply for {lots} lot(s) of {symbol}?</Trans>}
        confirmLabel={<Trans>Apply</Trans>}
        onConfirm={() => void apply()}
        onCancel={() => setConfirming(false)}
      >
        {issue.paymentMode === 'blocked' ? <Trans>{amountText} will be blocked until the refund step.</Trans> : <Trans>Nothing is blocked now; a win costs at most {amountText}.</Trans>}
      </ConfirmDialog>
    </>
  )
}
