import { useState } from 'react'
import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { ConfirmDialog } from '../../app/ConfirmDialog'
import { TextField } from '../../app/fields'
import { errorText } from '../../app/errors'
import { toast } from '../../app/toast'
import { useSessionAccount, useUser } from '../../app/queries'
import { useNow } from '../../app/useNow'
import { useOnline } from '../../app/useOnline'
import { type Loan } from '../../data/loan'
import { parseAmount } from '../../lib/currency'
import { formatDateTime } from '../../lib/dates'
import { formatMoney, paiseToDecimal } from '../../lib/money'
import { cancelLoan, repayLoan } from './actions'
import { Fact, LoanStatusPill } from './parts'
import { type RepayProblem, canCancel, repayProblem } from './rules'

const REPAY_PROBLEMS: Record<RepayProblem, MessageDescriptor> = {
  not_positive: msg`Enter an amount in rupees, at most 2 decimals.`,
  above_owed: msg`More than you owe.`,
  balance: msg`More than your available balance.`,
}

/** The pending or borrowing loan: what is owed and when, repay part or all, cancel while it is free. */
export function UnpaidLoan({ loan }: { loan: Loan }) {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const account = useSessionAccount()
  const user = useUser(account)
  const now = useNow(30_000)
  const [text, setText] = useState('')
  const [asking, setAsking] = useState<'repay' | 'cancel' | null>(null)
  const [busy, setBusy] = useState(false)
  const amount = parseAmount(text, 2)
  const available = user?.balances.available
  const problem = amount === null ? null : repayProblem(loan.owed, amount, available)
  const amountText = formatMoney(loan.amount)
  const owed = formatMoney(loan.owed)
  const principal = formatMoney(loan.principalOutstanding)
  const interest = formatMoney(loan.interestOutstanding)
  const interestTotal = formatMoney(loan.interestTotal)
  const repaid = formatMoney(loan.repaidTotal)
  const due = loan.dueAt === null ? '' : formatDateTime(loan.dueAt)
  const disbursed = loan.disbursedAt === null ? '' : formatDateTime(loan.disbursedAt)
  const freeUntil = loan.coolingOffUntil === null ? '' : formatDateTime(loan.coolingOffUntil)
  const availableText = available === undefined ? '—' : formatMoney(available)
  const applied = formatDateTime(loan.createdAt)
  const repayText = amount === null ? '' : formatMoney(amount)
  const interestPart = amount === null ? '' : formatMoney(Math.min(amount, loan.interestOutstanding))
  const principalPart = amount === null ? '' : formatMoney(Math.max(0, amount - loan.interestOutstanding))
  const cancellable = canCancel(loan, now)
  const borrowing = loan.status === 'borrowing'

  async function run(action: 'repay' | 'cancel') {
    setAsking(null)
    setBusy(true)
    try {
      if (action === 'repay' && amount !== null) {
        await repayLoan(loan.id, amount)
        setText('')
        toast(online ? t`Repaying…` : t`Queued, will send when online`)
      } else if (action === 'cancel') {
        await cancelLoan(loan.id)
        toast(online ? t`Cancelling…` : t`Queued, will send when online`)
      }
    } catch (error) {
      toast.error(errorText(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="card" data-testid="loan-unpaid" data-id={loan.id} data-status={loan.status} data-owed={loan.owed}>
      <header className="loan-card-head">
        <h2 className="section-title"><Trans>Your loan</Trans></h2>
        <LoanStatusPill status={loan.status} overdue={loan.overdue} />
      </header>
      {loan.status === 'pending' ? (
        <p className="muted" data-testid="loan-pending"><Trans>{amountText} applied for {applied}, waiting for review. Nothing is paid out or charged until it is approved.</Trans></p>
      ) : (
        <>
          <dl className="loan-facts">
            <Fact label={<Trans>Borrowed</Trans>}>{amountText}</Fact>
            <Fact label={<Trans>Owed now</Trans>} testId="loan-owed">{owed}</Fact>
            <Fact label={<Trans>Principal outstanding</Trans>}>{principal}</Fact>
            <Fact label={<Trans>Interest outstanding</Trans>}>{interest}</Fact>
            <Fact label={<Trans>Interest so far</Trans>}>{interestTotal}</Fact>
            <Fact label={<Trans>Repaid so far</Trans>}>{repaid}</Fact>
            <Fact label={<Trans>Paid out</Trans>}>{disbursed}</Fact>
            <Fact label={<Trans>Due</Trans>} testId="loan-due">{due}</Fact>
          </dl>
          {loan.overdue ? <p className="loan-note" data-testid="loan-overdue"><Trans>This loan is past its due date: interest goes on at the same rate and it counts as late in your score until it is repaid.</Trans></p> : null}
          {cancellable ? <p className="muted loan-small"><Trans>Free cancellation until {freeUntil}: you pay back only the amount borrowed.</Trans></p> : null}
          <TextField
            label={<Trans>Repay (₹)</Trans>}
            value={text}
            onValue={setText}
            inputMode="decimal"
            autoComplete="off"
            data-testid="loan-repay-amount"
            hint={<Trans>At most {owed}; available {availableText}. Interest is paid first, then the principal.</Trans>}
            error={text !== '' && amount === null ? t`Enter an amount in rupees, at most 2 decimals.` : problem ? i18n._(REPAY_PROBLEMS[problem]) : null}
          />
          <div className="loan-actions">
            <button type="button" className="btn btn--ghost" onClick={() => setText(paiseToDecimal(loan.owed))} data-testid="loan-repay-all" disabled={!borrowing}>
              <Trans>Repay all</Trans>
            </button>
            <button
              type="button"
              className="btn btn--primary"
              disabled={!borrowing || busy || amount === null || problem !== null}
              onClick={() => setAsking('repay')}
              data-testid="loan-repay"
            >
              <Trans>Repay</Trans>
            </button>
          </div>
        </>
      )}
      {cancellable ? (
        <div className="loan-actions">
          <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => setAsking('cancel')} data-testid="loan-cancel">
            {loan.status === 'pending' ? <Trans>Withdraw the application</Trans> : <Trans>Cancel the loan for free</Trans>}
          </button>
        </div>
      ) : null}
      <ConfirmDialog
        open={asking === 'repay'}
        title={<Trans>Repay {repayText}?</Trans>}
        confirmLabel={<Trans>Repay</Trans>}
        onConfirm={() => void run('repay')}
        onCancel={() => setAsking(null)}
      >
        <p><Trans>{interestPart} goes to interest and {principalPart} to the principal (by what is owed now); it is taken from your available balance.</Trans></p>
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'cancel'}
        title={loan.status === 'pending' ? <Trans>Withdraw the application?</Trans> : <Trans>Cancel this loan?</Trans>}
        confirmLabel={<Trans>Yes, cancel</Trans>}
        onConfirm={() => void run('cancel')}
        onCancel={() => setAsking(null)}
        danger
      >
        {loan.status === 'pending' ? (
          <p><Trans>The application is withdrawn; no money has moved.</Trans></p>
        ) : (
          <p><Trans>{amountText} is taken back from your available balance and the loan ends, with no interest and no fee.</Trans></p>
        )}
      </ConfirmDialog>
    </section>
  )
}
