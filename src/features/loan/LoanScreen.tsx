import { useState } from 'react'
import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { BackBar } from '../../app/BackBar'
import { ConfirmDialog } from '../../app/ConfirmDialog'
import { TextField } from '../../app/fields'
import { errorText } from '../../app/errors'
import { toast } from '../../app/toast'
import { useSessionAccount, useUser } from '../../app/queries'
import { useLoading } from '../../app/useLoading'
import { useNow } from '../../app/useNow'
import { useOnline } from '../../app/useOnline'
import { type OutboxItem } from '../../data/db'
import { type LoanInfo, type LoanRecord } from '../../data/loan'
import { translateRefusal } from '../../i18n/serverMessages'
import { parseAmount } from '../../lib/currency'
import { formatDateTime } from '../../lib/dates'
import { type BorrowableRow, type CreditRules } from '../../lib/loan'
import { formatMoney } from '../../lib/money'
import { intlLocale, normalizeLanguage } from '../../i18n/languages'
import { applyLoan, refreshLoanInfo, refreshLoanRecords, refreshUserInfo, requestCredit } from './actions'
import { KeyFactsSheet } from './KeyFactsSheet'
import { UnpaidLoan } from './UnpaidLoanCard'
import { Fact, LoanStatusPill, Skeleton, Updated, useRefreshWhile } from './parts'
import { type PublishedLoanRules, useLoanInfo, useLoanInfoSynced, useLoanRecords, usePublishedLoanRules, useQueuedLoan } from './queries'
import { type ApplyProblem, annualRateText, applyProblem, creditProblem, formatPerLakh } from './rules'
import './loan.css'

/**
 * /information/loan: the credit score with its arithmetic and the published formula, what can be
 * borrowed by the published table, the form to apply (the key facts before confirming), the
 * unpaid loan to repay in part or in full or to cancel in its free first day, and a request for
 * more credit. What Dexie holds shows at once and offline; a loan or request in review is fetched
 * again every few seconds until its decision arrives.
 */
export function LoanScreen() {
  const account = useSessionAccount()
  const info = useLoanInfo(account)
  const synced = useLoanInfoSynced(account)
  const records = useLoanRecords(account)
  const queued = useQueuedLoan(account)
  const rules = usePublishedLoanRules()
  // The balances too: a repayment is checked against the available balance, which a payout changes.
  const load = () => Promise.all([refreshLoanInfo(), refreshLoanRecords(), refreshUserInfo()])
  const loading = useLoading(load, account ?? '')
  const inReview = info?.unpaid?.status === 'pending' || info?.creditRequest?.status === 'pending' || (queued?.some((i) => i.state !== 'failed') ?? false)
  useRefreshWhile(inReview, load, 3_000)
  return (
    <div className="loan">
      <BackBar title={<Trans>Credit loan</Trans>} right={<Link to="/information/jkjl" className="link" data-testid="loan-records-link"><Trans>Records</Trans></Link>} />
      <Updated synced={synced} loading={loading} testId="loan-updated" />
      <div className="page">
        {(queued ?? []).map((item) => <QueuedItem key={item.key} item={item} />)}
        {info === undefined || (info === null && loading) ? (
          <Skeleton />
        ) : info === null ? (
          <div className="card empty-state"><p><Trans>Your credit score and loans show here once the app has been online.</Trans></p></div>
        ) : (
          <Loaded info={info} latest={records?.[0]} rules={rules} queued={queued?.some((i) => i.kind === 'loan.apply' && i.state !== 'failed') ?? false} />
        )}
      </div>
    </div>
  )
}

function Loaded({ info, latest, rules, queued }: { info: LoanInfo; latest: LoanRecord | undefined; rules: PublishedLoanRules | undefined; queued: boolean }) {
  const computedAt = formatDateTime(info.computedAt)
  const rejected = latest?.status === 'rejected' && info.unpaid === null ? latest : null
  return (
    <>
      {/* What is owed comes first; the score and the form to apply when nothing is. */}
      {rejected ? <RejectedNote loan={rejected} /> : null}
      {info.unpaid ? <UnpaidLoan loan={info.unpaid} /> : null}
      <ScoreCard info={info} rules={rules?.creditRules} />
      <BorrowableCard info={info} table={rules?.table} />
      {info.unpaid ? null : <ApplyForm info={info} queued={queued} />}
      <CreditRequestCard info={info} creditMax={rules?.creditMax ?? null} />
      <p className="muted loan-small"><Trans>Score and limit computed {computedAt}.</Trans></p>
    </>
  )
}

const INPUT_NAMES: Record<LoanInfo['inputs'][number]['name'], MessageDescriptor> = {
  identity_verified: msg`Identity verified`,
  account_age_days: msg`Days since registration`,
  trades: msg`Positions opened recently`,
  loans_repaid_on_time: msg`Loans repaid on time`,
  late_repayments: msg`Late repayments`,
}

function signed(points: number): string {
  return points > 0 ? `+${points}` : points < 0 ? `−${-points}` : '0'
}

/** The score as a sum: the base, each input with its value and points, the total (never below 0). */
function ScoreCard({ info, rules }: { info: LoanInfo; rules: CreditRules | undefined }) {
  const { i18n } = useLingui()
  const score = info.score
  const base = info.base
  const withdrawMin = info.withdrawMinScore
  return (
    <section className="card" data-testid="loan-score-card">
      <h2 className="section-title"><Trans>Credit score</Trans></h2>
      <p className="loan-score">
        <strong data-testid="loan-score" data-score={score}>{score}</strong>
      </p>
      <table className="loan-sum" data-testid="loan-score-sum">
        <tbody>
          <tr>
            <th scope="row"><Trans>Starting points</Trans></th>
            <td />
            <td>{base}</td>
          </tr>
          {info.inputs.map((input) => {
            const value = input.name === 'identity_verified' ? (input.value > 0 ? i18n._(msg`Yes`) : i18n._(msg`No`)) : input.value.toLocaleString('en-IN')
            return (
              <tr key={input.name} data-testid="loan-score-input" data-name={input.name} data-points={input.points}>
                <th scope="row">{i18n._(INPUT_NAMES[input.name])}</th>
                <td>{value}</td>
                <td>{signed(input.points)}</td>
              </tr>
            )
          })}
          <tr className="loan-sum-total">
            <th scope="row"><Trans>Credit score</Trans></th>
            <td />
            <td>{score}</td>
          </tr>
        </tbody>
      </table>
      {rules ? <Formula rules={rules} /> : null}
      {withdrawMin > 0 ? (
        <p className={score < withdrawMin ? 'loan-note' : 'muted loan-small'} data-testid="loan-withdraw-min">
          {score < withdrawMin ? (
            <Trans>Withdrawals need a score of at least {withdrawMin}; yours is {score}.</Trans>
          ) : (
            <Trans>Withdrawals need a score of at least {withdrawMin}.</Trans>
          )}
        </p>
      ) : null}
    </section>
  )
}

/** The published formula (config credit_score_rules), in words. */
function Formula({ rules: r }: { rules: CreditRules }) {
  const { base, identityVerified, perAgeDay, ageMax, perTrade, tradeWindowDays, tradesMax, perOnTime, onTimeMax, perLate } = r
  return (
    <details className="loan-formula" data-testid="loan-formula">
      <summary><Trans>How the score is made</Trans></summary>
      <ul>
        <li><Trans>{base} starting points for everyone;</Trans></li>
        <li><Trans>+{identityVerified} once your identity is verified;</Trans></li>
        <li><Trans>+{perAgeDay} for each day since registration, at most +{ageMax};</Trans></li>
        <li><Trans>+{perTrade} for each position opened in the last {tradeWindowDays} days, at most +{tradesMax};</Trans></li>
        <li><Trans>+{perOnTime} for each loan repaid in full by its due date, at most +{onTimeMax};</Trans></li>
        <li><Trans>−{perLate} for each loan repaid after its due date, and for a loan overdue now.</Trans></li>
      </ul>
      <p className="muted loan-small"><Trans>The score is never below 0. Nobody sets it by hand: it is computed from your account each time.</Trans></p>
    </details>
  )
}

/** What can be borrowed: the table's amount for the score, plus credit granted on request. */
function BorrowableCard({ info, table }: { info: LoanInfo; table: readonly BorrowableRow[] | undefined }) {
  const { i18n } = useLingui()
  const locale = intlLocale(normalizeLanguage(i18n.locale))
  const borrowable = formatMoney(info.borrowable)
  const tableAmount = formatMoney(info.tableAmount)
  const extra = formatMoney(info.extraCredit)
  const score = info.score
  const min = formatMoney(info.min)
  const daily = formatPerLakh(info.dailyRate, locale)
  const annual = annualRateText(info.dailyRate, locale)
  const days = info.termDays
  return (
    <section className="card" data-testid="loan-borrowable-card">
      <h2 className="section-title"><Trans>You can borrow</Trans></h2>
      <p className="loan-score"><strong data-testid="loan-borrowable" data-amount={info.borrowable}>{borrowable}</strong></p>
      <p className="muted loan-small" data-testid="loan-borrowable-sum">
        {info.tableAmount === 0 ? (
          <Trans>The table gives nothing below its first score; credit granted on request counts only once it does.</Trans>
        ) : (
          <Trans>{tableAmount} for a score of {score} by the table, plus {extra} of credit granted on request.</Trans>
        )}
      </p>
      <dl className="loan-facts">
        <Fact label={<Trans>Minimum loan</Trans>}>{min}</Fact>
        <Fact label={<Trans>Daily rate</Trans>}>{daily}</Fact>
        <Fact label={<Trans>Effective annual rate</Trans>}>{annual}</Fact>
        <Fact label={<Trans>Term</Trans>}><Trans>{days} days</Trans></Fact>
      </dl>
      {table && table.length > 0 ? (
        <details className="loan-formula" data-testid="loan-table">
          <summary><Trans>The borrowable table</Trans></summary>
          <table className="loan-sum">
            <thead>
              <tr>
                <th scope="col"><Trans>From a score of</Trans></th>
                <th scope="col"><Trans>You can borrow</Trans></th>
              </tr>
            </thead>
            <tbody>
              {table.map((row) => (
                <tr key={row.minScore} className={row.amount === info.tableAmount && score >= row.minScore ? 'loan-row--on' : undefined}>
                  <td>{row.minScore}</td>
                  <td>{formatMoney(row.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ) : null}
    </section>
  )
}

function RejectedNote({ loan }: { loan: LoanRecord }) {
  const amount = formatMoney(loan.amount)
  const reason = loan.reason ?? ''
  return (
    <p className="card form-error" data-testid="loan-rejected">
      {reason ? <Trans>Your application for {amount} was rejected: {reason}</Trans> : <Trans>Your application for {amount} was rejected.</Trans>}
    </p>
  )
}

const APPLY_PROBLEMS: Record<ApplyProblem, MessageDescriptor> = {
  channel_closed: msg`Loans are not being taken at the moment.`,
  unverified: msg`Verify your identity first.`,
  unpaid: msg`Repay your unpaid loan before applying for another.`,
  pending: msg`Your loan application is still under review.`,
  not_whole_paise: msg`Enter an amount in rupees, at most 2 decimals.`,
  below_min: msg`Below the minimum loan.`,
  above_borrowable: msg`More than you can borrow.`,
}

/** The amount, checked against the minimum and the borrowable amount; then the key facts; then the outbox. */
function ApplyForm({ info, queued }: { info: LoanInfo; queued: boolean }) {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const account = useSessionAccount()
  const user = useUser(account)
  const now = useNow(60_000)
  const [text, setText] = useState('')
  const [facts, setFacts] = useState(false)
  const [busy, setBusy] = useState(false)
  const amount = parseAmount(text, 2)
  const verified = user ? user.realName.status === 'verified' : true
  const problem = amount === null ? null : applyProblem(info, amount, verified)
  const blocked = applyProblem(info, info.min, verified)
  const min = formatMoney(info.min)
  const max = formatMoney(info.borrowable)
  const ready = amount !== null && problem === null && !busy && !queued

  async function submit() {
    if (amount === null) return
    setBusy(true)
    try {
      await applyLoan(amount)
      setFacts(false)
      setText('')
      toast(online ? t`Application sent for review` : t`Queued, will send when online`)
    } catch (error) {
      toast.error(errorText(error))
    } finally {
      setBusy(false)
    }
  }

  if (blocked === 'channel_closed') {
    return <p className="card loan-note" data-testid="loan-channel-closed"><Trans>Loans are not being taken at the moment.</Trans></p>
  }
  return (
    <section className="card" data-testid="loan-apply-form">
      <h2 className="section-title"><Trans>Apply for a loan</Trans></h2>
      {blocked === 'unverified' ? (
        <p className="loan-note">
          <Trans>Verify your identity first.</Trans> <Link to="/information/authInfo" className="link"><Trans>Verify your identity</Trans></Link>
        </p>
      ) : null}
      {info.borrowable < info.min ? (
        <p className="loan-note" data-testid="loan-limit-low"><Trans>Your limit is below the minimum loan of {min}; it grows with your score.</Trans></p>
      ) : null}
      <TextField
        label={<Trans>Amount (₹)</Trans>}
        value={text}
        onValue={setText}
        inputMode="decimal"
        autoComplete="off"
        data-testid="loan-amount"
        hint={<Trans>From {min} to {max}.</Trans>}
        error={text !== '' && amount === null ? t`Enter an amount in rupees, at most 2 decimals.` : problem ? i18n._(APPLY_PROBLEMS[problem]) : null}
      />
      <button type="button" className="btn btn--primary btn--block btn--large" disabled={!ready} onClick={() => setFacts(true)} data-testid="loan-apply">
        <Trans>See the key facts</Trans>
      </button>
      {amount !== null && problem === null ? (
        <KeyFactsSheet
          open={facts}
          amount={amount}
          dailyRatePerLakh={info.dailyRate}
          termDays={info.termDays}
          now={now}
          busy={busy}
          onConfirm={() => void submit()}
          onCancel={() => setFacts(false)}
        />
      ) : null}
    </section>
  )
}

/** The latest request for more credit, and the form for a new one (whole rupees, reviewed). */
function CreditRequestCard({ info, creditMax }: { info: LoanInfo; creditMax: number | null }) {
  const { t } = useLingui()
  const online = useOnline()
  const [text, setText] = useState('')
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const request = info.creditRequest
  const amount = /^\d+$/.test(text.trim()) ? Number(text.trim()) * 100 : null
  const problem = text === '' ? null : creditProblem(amount, info.extraCredit, creditMax ?? Number.MAX_SAFE_INTEGER)
  const left = creditMax === null ? null : formatMoney(Math.max(0, creditMax - info.extraCredit))
  const extra = formatMoney(info.extraCredit)
  const amountText = amount === null ? '' : formatMoney(amount)
  const requestAmount = request ? formatMoney(request.amount) : ''
  const requestAt = request ? formatDateTime(request.createdAt) : ''
  const reason = request?.reason ?? ''
  const pending = request?.status === 'pending'

  async function send() {
    setAsking(false)
    if (amount === null) return
    setBusy(true)
    try {
      await requestCredit(amount)
      setText('')
      toast(online ? t`Request sent for review` : t`Queued, will send when online`)
    } catch (error) {
      toast.error(errorText(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="card" data-testid="loan-credit">
      <h2 className="section-title"><Trans>More credit</Trans></h2>
      <p className="muted loan-small">
        {left === null ? <Trans>Credit granted so far: {extra}.</Trans> : <Trans>Credit granted so far: {extra}; you may ask for up to {left} more.</Trans>}
      </p>
      {request ? (
        <p data-testid="loan-credit-request" data-status={request.status}>
          {request.status === 'pending' ? (
            <Trans>{requestAmount} asked {requestAt}: under review.</Trans>
          ) : request.status === 'approved' ? (
            <Trans>{requestAmount} asked {requestAt}: granted.</Trans>
          ) : reason ? (
            <Trans>{requestAmount} asked {requestAt}: rejected: {reason}</Trans>
          ) : (
            <Trans>{requestAmount} asked {requestAt}: rejected.</Trans>
          )}
        </p>
      ) : null}
      {pending ? null : (
        <>
          <TextField
            label={<Trans>Additional credit (whole ₹)</Trans>}
            value={text}
            onValue={setText}
            inputMode="numeric"
            autoComplete="off"
            data-testid="loan-credit-amount"
            error={problem === 'not_whole_rupees' ? t`Additional credit must be a positive whole number of rupees.` : problem === 'above_max' ? t`More than the published maximum.` : null}
          />
          <button type="button" className="btn btn--ghost btn--block" disabled={busy || amount === null || problem !== null} onClick={() => setAsking(true)} data-testid="loan-credit-submit">
            <Trans>Ask for more credit</Trans>
          </button>
        </>
      )}
      <ConfirmDialog
        open={asking}
        title={<Trans>Ask for {amountText} more credit?</Trans>}
        confirmLabel={<Trans>Send the request</Trans>}
        onConfirm={() => void send()}
        onCancel={() => setAsking(false)}
      >
        <p><Trans>The request is reviewed in the back office; once granted it adds to what you can borrow. It changes no rate and no term.</Trans></p>
      </ConfirmDialog>
    </section>
  )
}

/** A loan request this device holds and the server has not taken, or refused. */
function QueuedItem({ item }: { item: OutboxItem }) {
  const refused = item.state === 'failed' && item.error ? translateRefusal(item.error) : null
  const amount = typeof item.body.amount === 'number' ? formatMoney(item.body.amount) : ''
  return (
    <div className="card loan-queued" data-testid="loan-queued" data-kind={item.kind} data-state={item.state}>
      <div>
        <strong>
          {item.kind === 'loan.apply' ? (
            <Trans>Loan application {amount}</Trans>
          ) : item.kind === 'loan.repay' ? (
            <Trans>Repayment {amount}</Trans>
          ) : item.kind === 'loan.cancel' ? (
            <Trans>Cancellation</Trans>
          ) : (
            <Trans>Credit request {amount}</Trans>
          )}
        </strong>
        {refused ? <p className="form-error" data-testid="loan-queued-refusal">{refused}</p> : null}
      </div>
      <LoanStatusPill status={refused ? 'refused' : 'queued'} />
    </div>
  )
}
