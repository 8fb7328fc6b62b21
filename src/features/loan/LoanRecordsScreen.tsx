import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { BackBar } from '../../app/BackBar'
import { useSessionAccount } from '../../app/queries'
import { useLoading } from '../../app/useLoading'
import { type LoanEvent, type LoanRecord } from '../../data/loan'
import { formatDateTime } from '../../lib/dates'
import { formatMoney } from '../../lib/money'
import { intlLocale, normalizeLanguage } from '../../i18n/languages'
import { refreshLoanRecords } from './actions'
import { Fact, LoanStatusPill, Skeleton, Updated, useRefreshWhile } from './parts'
import { useLoanRecords, useLoanRecordsSynced } from './queries'
import { formatPerLakh } from './rules'
import './loan.css'

/**
 * /information/jkjl: every loan with its state (pending review, borrowing, completed, rejected,
 * cancelled), its terms, and what happened to it: the payout, each day's interest and each
 * repayment with its split. From Dexie, so it opens offline.
 */
export function LoanRecordsScreen() {
  const account = useSessionAccount()
  const records = useLoanRecords(account)
  const synced = useLoanRecordsSynced(account)
  const loading = useLoading(() => refreshLoanRecords(), account ?? '')
  useRefreshWhile(records?.some((r) => r.status === 'pending') ?? false, () => refreshLoanRecords(), 5_000)
  return (
    <div className="loan">
      <BackBar title={<Trans>Loan records</Trans>} />
      <Updated synced={synced} loading={loading} testId="loan-records-updated" />
      <div className="page">
        {records === undefined || (records === null && loading) ? (
          <Skeleton />
        ) : records === null ? (
          <div className="card empty-state"><p><Trans>Your loans show here once the app has been online.</Trans></p></div>
        ) : records.length === 0 ? (
          <div className="card empty-state" data-testid="loan-records-empty">
            <p><Trans>No loans yet.</Trans></p>
            <Link to="/information/loan" className="link"><Trans>Credit loan</Trans></Link>
          </div>
        ) : (
          records.map((r) => <RecordCard key={r.id} record={r} />)
        )}
      </div>
    </div>
  )
}

function RecordCard({ record: r }: { record: LoanRecord }) {
  const { i18n } = useLingui()
  const locale = intlLocale(normalizeLanguage(i18n.locale))
  const id = r.id
  const amount = formatMoney(r.amount)
  const applied = formatDateTime(r.createdAt)
  const rate = formatPerLakh(r.dailyRatePerLakh, locale)
  const days = r.termDays
  const owed = formatMoney(r.owed)
  const interestTotal = formatMoney(r.interestTotal)
  const repaid = formatMoney(r.repaidTotal)
  const due = r.dueAt === null ? null : formatDateTime(r.dueAt)
  const completed = r.completedAt === null ? null : formatDateTime(r.completedAt)
  const reason = r.reason ?? ''
  const accruals = r.events.filter((e) => e.kind === 'interest').length
  const others = r.events.length - accruals
  return (
    <article className="card" data-testid="loan-record" data-id={r.id} data-status={r.status}>
      <header className="loan-card-head">
        <div>
          <strong><Trans>Loan #{id} · {amount}</Trans></strong>
          <span className="muted loan-small"> <Trans>applied {applied}</Trans></span>
        </div>
        <LoanStatusPill status={r.status} overdue={r.overdue} />
      </header>
      {r.status === 'rejected' ? (
        <p className="form-error" data-testid="loan-record-reason">{reason ? <Trans>Rejected: {reason}</Trans> : <Trans>Rejected.</Trans>}</p>
      ) : null}
      <dl className="loan-facts">
        <Fact label={<Trans>Terms</Trans>}><Trans>{rate} a day, {days} days</Trans></Fact>
        {due ? <Fact label={<Trans>Due</Trans>}>{due}</Fact> : null}
        <Fact label={<Trans>Interest so far</Trans>} testId="loan-record-interest">{interestTotal}</Fact>
        <Fact label={<Trans>Repaid so far</Trans>} testId="loan-record-repaid">{repaid}</Fact>
        {r.status === 'borrowing' ? <Fact label={<Trans>Owed now</Trans>} testId="loan-record-owed">{owed}</Fact> : null}
        {completed ? <Fact label={<Trans>Completed</Trans>}>{completed}</Fact> : null}
      </dl>
      {r.events.length > 0 ? (
        <details className="loan-events" data-testid="loan-record-events" open={r.events.length <= 6}>
          <summary><Trans>{accruals} day(s) of interest, {others} other event(s)</Trans></summary>
          <ul>
            {r.events.map((e, i) => <EventRow key={i} event={e} />)}
          </ul>
        </details>
      ) : null}
    </article>
  )
}

function EventRow({ event: e }: { event: LoanEvent }) {
  const at = formatDateTime(e.at)
  const amount = formatMoney(e.amount)
  const owedAfter = formatMoney(e.owedAfter)
  const interestPart = formatMoney(e.interestPart)
  const principalPart = formatMoney(e.principalPart)
  const day = e.day ?? 0
  return (
    <li className="loan-event" data-testid="loan-event" data-kind={e.kind}>
      <span className="muted loan-small">{at}</span>
      <span>
        {e.kind === 'disbursement' ? (
          <Trans>Paid out {amount}; owed {owedAfter}</Trans>
        ) : e.kind === 'interest' ? (
          <Trans>Day {day} interest {amount}; owed {owedAfter}</Trans>
        ) : e.kind === 'repayment' ? (
          <Trans>Repaid {amount} ({interestPart} interest, {principalPart} principal); owed {owedAfter}</Trans>
        ) : (
          <Trans>Cancelled: {amount} paid back; owed {owedAfter}</Trans>
        )}
      </span>
    </li>
  )
}
