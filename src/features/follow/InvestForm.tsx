import { useState } from 'react'
import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { ConfirmDialog } from '../../app/ConfirmDialog'
import { TextField } from '../../app/fields'
import { errorText } from '../../app/errors'
import { toast } from '../../app/toast'
import { useConfig, useSessionAccount, useUser } from '../../app/queries'
import { useOnline } from '../../app/useOnline'
import { type FollowProduct } from '../../data/follow'
import { parseAmount } from '../../lib/currency'
import { formatDateTime } from '../../lib/dates'
import { formatMoney } from '../../lib/money'
import { invest } from './actions'
import { type InvestProblem, costOf, formatNav, formatUnits, investProblem, isOpen, lockEnd, roomLeft, stopLossValid, stopLossValue, unitsFor } from './rules'

/** The published stop-loss bounds (config follow_stop_loss_min/max); the contract's 5..95 until config is read. */
function useStopLossBounds(): { min: number; max: number } {
  const min = Number(useConfig('follow_stop_loss_min'))
  const max = Number(useConfig('follow_stop_loss_max'))
  return { min: Number.isInteger(min) && min > 0 ? min : 5, max: Number.isInteger(max) && max > 0 ? max : 95 }
}

/**
 * The invest form: an amount checked against the minimum, what the fund still takes and the
 * available balance; an optional copy stop-loss with the value that triggers it; the units the
 * amount buys at the NAV now and when the lock ends. A confirmation, then the outbox.
 */
export function InvestForm({ product, navNow, now }: { product: FollowProduct; navNow: number; now: number }) {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const online = useOnline()
  const account = useSessionAccount()
  const user = useUser(account)
  const bounds = useStopLossBounds()
  const [amountText, setAmountText] = useState('')
  const [withStop, setWithStop] = useState(false)
  const [stopText, setStopText] = useState('20')
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)

  const amount = parseAmount(amountText, 2)
  const available = user?.balances.available
  const problem = amount === null ? null : investProblem(product, amount, available, now)
  const percent = Number(stopText)
  const stopOk = !withStop || stopLossValid(percent, bounds.min, bounds.max)
  const units = amount === null ? 0 : unitsFor(amount, navNow)
  const cost = amount === null ? 0 : costOf(amount, navNow)
  const stopValue = withStop && stopOk && amount !== null ? stopLossValue(cost, percent) : null
  const open = isOpen(product, now)
  const ready = open && amount !== null && amount > 0 && problem === null && stopOk && units > 0 && !busy

  const minText = formatMoney(product.minAmount)
  const roomText = formatMoney(roomLeft(product))
  const availableText = available === undefined ? '—' : formatMoney(available)
  const unitsText = formatUnits(units)
  const costText = formatMoney(cost)
  const navText = formatNav(navNow)
  const stopText2 = stopValue === null ? '' : formatMoney(stopValue)
  const lockText = formatDateTime(lockEnd(product, now))
  const minPct = bounds.min
  const maxPct = bounds.max
  const name = product.name
  const amountShown = amount === null ? '' : formatMoney(amount)

  async function submit() {
    setConfirming(false)
    if (amount === null) return
    setBusy(true)
    try {
      await invest(product.id, amount, withStop ? percent : undefined)
      toast(online ? t`Investment sent` : t`Queued, will send when online`)
      void navigate({ to: '/home/fllowRecord' })
    } catch (error) {
      toast.error(errorText(error))
      setBusy(false)
    }
  }

  return (
    <section className="card" data-testid="follow-invest">
      <h2 className="section-title"><Trans>Invest</Trans></h2>
      <p className="muted follow-small"><Trans>Minimum {minText} · the fund still takes {roomText} · available {availableText}</Trans></p>
      <TextField
        label={<Trans>Amount (₹)</Trans>}
        value={amountText}
        onValue={setAmountText}
        inputMode="decimal"
        autoComplete="off"
        data-testid="follow-amount"
        error={amountText !== '' && amount === null ? t`Enter an amount in rupees, at most 2 decimals.` : problem ? i18n._(PROBLEMS[problem]) : null}
      />
      <label className="follow-check">
        <input type="checkbox" checked={withStop} onChange={(e) => setWithStop(e.target.checked)} data-testid="follow-stop-toggle" />{' '}
        <Trans>Copy stop-loss: redeem automatically if the value falls</Trans>
      </label>
      {withStop ? (
        <TextField
          label={<Trans>Stop-loss (% of the amount invested)</Trans>}
          value={stopText}
          onValue={setStopText}
          inputMode="numeric"
          data-testid="follow-stop"
          error={stopOk ? null : t`A whole percent from ${minPct} to ${maxPct}.`}
          hint={<Trans>From {minPct}% to {maxPct}%. It applies even during the lock.</Trans>}
        />
      ) : null}
      <ul className="follow-sums" data-testid="follow-sums">
        <li><Trans>NAV now: {navText} a unit</Trans></li>
        {amount !== null && units > 0 ? (
          <li data-testid="follow-units"><Trans>Units: {unitsText}; taken from your cash: {costText} (the value of the units, never more than you typed)</Trans></li>
        ) : null}
        {stopValue !== null ? <li data-testid="follow-stop-value"><Trans>The stop-loss redeems once the value is {stopText2} or less.</Trans></li> : null}
        <li><Trans>Locked until about {lockText}; then redeem at the NAV of that moment.</Trans></li>
      </ul>
      <p className="follow-note"><Trans>The value goes down as well as up. Past figures are simulated and promise nothing.</Trans></p>
      <button type="button" className="btn btn--primary btn--block btn--large" disabled={!ready} onClick={() => setConfirming(true)} data-testid="follow-submit">
        {open ? <Trans>Invest</Trans> : <Trans>Not taking money</Trans>}
      </button>
      <ConfirmDialog
        open={confirming}
        title={<Trans>Invest {amountShown} in {name}?</Trans>}
        confirmLabel={<Trans>Invest</Trans>}
        onConfirm={() => void submit()}
        onCancel={() => setConfirming(false)}
      >
        <p><Trans>About {unitsText} units at {navText}; the server uses the NAV when it takes the request, and takes the value of the units from your cash.</Trans></p>
        {stopValue !== null ? <p><Trans>Stop-loss: redeemed automatically once the value is {stopText2} or less.</Trans></p> : null}
        <p><Trans>Locked until about {lockText}.</Trans></p>
      </ConfirmDialog>
    </section>
  )
}

const PROBLEMS: Record<InvestProblem, MessageDescriptor> = {
  closed: msg`This product is not taking money now.`,
  below_min: msg`Below this product's minimum.`,
  fund_full: msg`More than the fund still takes.`,
  balance: msg`More than your available balance.`,
}
