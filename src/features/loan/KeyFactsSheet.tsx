import { useId } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Modal } from '../../app/Sheet'
import { formatDate, formatDateTime } from '../../lib/dates'
import { DAY_MS, keyFacts } from '../../lib/loan'
import { formatMoney } from '../../lib/money'
import { intlLocale, normalizeLanguage } from '../../i18n/languages'
import { formatBps, formatPerLakh } from './rules'

/**
 * The key facts of a loan before it is asked for (issue 12): the amount, the daily rate, the
 * effective annual rate, the total interest and total repayable if repaid on the due date, the due
 * date, the free first day and the schedule day by day. The figures are src/lib/loan.ts keyFacts
 * of the published terms, the function the server charges by, so the sheet shows what is charged.
 */
export function KeyFactsSheet({
  open,
  amount,
  dailyRatePerLakh,
  termDays,
  now,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean
  amount: number
  dailyRatePerLakh: number
  termDays: number
  now: number
  busy: boolean
  onConfirm: () => void
  onCancel: () => void
}) {
  const { i18n } = useLingui()
  const titleId = useId()
  const locale = intlLocale(normalizeLanguage(i18n.locale))
  const facts = keyFacts(amount, { dailyRatePerLakh, termDays })
  const amountText = formatMoney(facts.amount)
  const daily = formatPerLakh(facts.dailyRatePerLakh, locale)
  const dailyInterest = formatMoney(facts.schedule[0]?.interest ?? 0)
  const annual = formatBps(facts.annualRateBps, locale)
  const totalInterest = formatMoney(facts.totalInterest)
  const totalRepayable = formatMoney(facts.totalRepayable)
  const days = facts.termDays
  const dueIfNow = formatDate(now + days * DAY_MS)
  const freeUntil = formatDateTime(now + DAY_MS)
  return (
    <Modal open={open} onClose={onCancel} variant="sheet" labelledBy={titleId} testId="loan-keyfacts">
      <h2 id={titleId} className="modal-title"><Trans>Key facts of this loan</Trans></h2>
      <dl className="loan-keyfacts">
        <div><dt><Trans>Amount</Trans></dt><dd data-testid="keyfacts-amount">{amountText}</dd></div>
        <div><dt><Trans>Daily interest rate</Trans></dt><dd data-testid="keyfacts-daily-rate"><Trans>{daily} a day ({dailyInterest} a day on this amount)</Trans></dd></div>
        <div><dt><Trans>Effective annual rate</Trans></dt><dd data-testid="keyfacts-annual-rate"><Trans>{annual} a year (the daily rate × 365; interest is never charged on interest)</Trans></dd></div>
        <div><dt><Trans>Term</Trans></dt><dd><Trans>{days} days from the payout; due about {dueIfNow} if paid out today</Trans></dd></div>
        <div><dt><Trans>Total interest if repaid on the due date</Trans></dt><dd data-testid="keyfacts-interest">{totalInterest}</dd></div>
        <div><dt><Trans>Total to repay on the due date</Trans></dt><dd data-testid="keyfacts-total">{totalRepayable}</dd></div>
        <div><dt><Trans>Fees</Trans></dt><dd><Trans>None</Trans></dd></div>
      </dl>
      <p className="loan-note" data-testid="keyfacts-cooling-off">
        <Trans>Cooling-off: for one day after the payout (about {freeUntil} if paid out now) you may cancel and pay back only the amount borrowed, with no interest and no fee.</Trans>
      </p>
      <p className="muted loan-small">
        <Trans>Interest is charged once a day on the amount still borrowed, rounded to the nearest paisa; repaying early charges only the days that have passed. After the due date interest goes on at the same rate and the loan is overdue, which lowers your credit score.</Trans>
      </p>
      <details className="loan-schedule" data-testid="keyfacts-schedule">
        <summary><Trans>Day-by-day schedule ({days} days)</Trans></summary>
        <table>
          <thead>
            <tr>
              <th scope="col"><Trans>Day</Trans></th>
              <th scope="col"><Trans>Interest</Trans></th>
              <th scope="col"><Trans>Interest so far</Trans></th>
              <th scope="col"><Trans>Owed</Trans></th>
            </tr>
          </thead>
          <tbody>
            {facts.schedule.map((d) => (
              <tr key={d.day} data-testid="keyfacts-day">
                <td>{d.day}</td>
                <td>{formatMoney(d.interest)}</td>
                <td>{formatMoney(d.interestToDate)}</td>
                <td>{formatMoney(d.owed)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      <p className="muted loan-small"><Trans>The application is reviewed first; nothing is paid out or charged until it is approved.</Trans></p>
      <div className="modal-actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel}><Trans>Cancel</Trans></button>
        <button type="button" className="btn btn--primary" disabled={busy} onClick={onConfirm} data-testid="keyfacts-confirm">
          <Trans>Confirm and apply</Trans>
        </button>
      </div>
    </Modal>
  )
}
